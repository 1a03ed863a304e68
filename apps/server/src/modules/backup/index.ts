import type { App } from '../../lib/deps';
import { listenForBackups } from './backup-socket';
import { scheduleBackups } from './backup-schedule';

/** The running server's part of backups: the schedule and, on PGlite, the command's socket. */
export async function startBackups(app: App): Promise<void> {
  scheduleBackups(app);
  if (app.database.kind === 'pglite') await listenForBackups(app);
}
