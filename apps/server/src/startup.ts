import type { App } from './app';
import { loadDemoBankIfEmpty } from './modules/content/demo.service';

/** Work done once at start, after migrations: loading the demo bank into an empty database. */
export async function runStartupTasks(app: App): Promise<void> {
  if (!app.config.demoBank) return;
  const started = performance.now();
  const loaded = await loadDemoBankIfEmpty(app.db, app.storage);
  if (loaded) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    app.log.info(
      `Demo bank loaded: ${loaded.questions.created} questions in ${loaded.modules.created} modules (${seconds} s). ` +
        'Set DEMO_BANK=off to start with an empty bank.',
    );
  }
}
