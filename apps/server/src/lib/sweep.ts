import type { App } from './deps';

/**
 * Periodic work of one instance (decision 052's deadline sweep, 054's plan reminders): a pass
 * every `everyMs` from when the app is ready until it closes, the next one timed from the end
 * of the last so passes never overlap here. Several instances may run the same pass at once:
 * each pass must claim its work in the database.
 */
export function startSweep(app: App, name: string, everyMs: number, pass: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const run = async () => {
    try {
      await pass();
    } catch (err) {
      if (!closed) app.log.error({ err }, `${name} failed`);
    }
    if (!closed) timer = setTimeout(() => void run(), everyMs).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(() => void run(), everyMs).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
