import type { App } from '../../lib/deps';
import { lastSuccess } from './backup.repository';
import { BackupBusyError, createBackup } from './backup.service';

/** The first scheduled backup waits at least this after start (start-up work goes first). */
const FIRST_DELAY_MS = 60_000;

/**
 * Scheduled backups (BACKUP_EVERY, issue 37): the next one is due an interval after the last
 * successful backup, whoever made it; an overdue one runs a minute after start. A failure is
 * logged and recorded (the back office shows it) and retried at the next interval. Several
 * instances on one PostgreSQL server find the others' backups in the runs table and skip.
 */
export function scheduleBackups(app: App): void {
  const every = app.config.backup.everyMs;
  if (!every) return;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const planNext = async () => {
    const last = await lastSuccess(app.db).catch(() => undefined);
    const due = last ? last.finishedAt.getTime() + every - Date.now() : 0;
    if (closed) return;
    timer = setTimeout(() => void run(), Math.max(FIRST_DELAY_MS, due)).unref();
  };

  const run = async () => {
    const last = await lastSuccess(app.db).catch(() => undefined);
    const fresh = last && Date.now() - last.finishedAt.getTime() < every / 2;
    if (!fresh && !closed) {
      try {
        const result = await createBackup(app, 'schedule');
        app.log.info(`Scheduled backup written to ${result.folder}`);
      } catch (err) {
        if (!(err instanceof BackupBusyError)) app.log.error({ err }, 'scheduled backup failed');
      }
    }
    await planNext();
  };

  app.addHook('onReady', planNext);
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
