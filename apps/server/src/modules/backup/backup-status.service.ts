import type { BackupRun as RunBody, BackupStatus } from '@qbank/contract';
import type { App } from '../../lib/deps';
import { detailError } from '../../lib/errors';
import { lastRun, lastSuccess, type BackupRun } from './backup.repository';
import { BackupBusyError, createBackup } from './backup.service';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';

/** Without a schedule, a last success older than this is overdue. */
const UNSCHEDULED_OVERDUE_MS = 48 * 3_600_000;

/** What the back office shows: the last run and whether it calls for attention. */
export async function backupStatus(app: App, now = new Date()): Promise<BackupStatus> {
  const [last, success] = await Promise.all([lastRun(app.db), lastSuccess(app.db)]);
  const every = app.config.backup.everyMs;
  const overdueAfter = every ? 2 * every : UNSCHEDULED_OVERDUE_MS;
  const state = !last
    ? 'missing'
    : last.status === 'failed'
      ? 'failed'
      : now.getTime() - last.finishedAt.getTime() > overdueAfter
        ? 'overdue'
        : 'ok';
  return {
    state,
    last: last ? toBody(last) : null,
    last_success: success ? toBody(success) : null,
    every_hours: every ? every / 3_600_000 : null,
    keep: app.config.backup.keep,
  };
}

/** Staff's "back up now": the same backup as the command's, then the new status. */
export async function backUpNow(app: App, actor: StaffActor): Promise<BackupStatus> {
  try {
    await createBackup(app, 'staff');
  } catch (error) {
    if (error instanceof BackupBusyError) throw detailError(409, error.message);
    // The failed run is recorded: the status shows it.
    app.log.warn({ err: error }, 'backup asked by staff failed');
  }
  const status = await backupStatus(app);
  await recordStaffAction(
    app,
    actor,
    'backup.run',
    { type: 'backup', id: null },
    null,
    status.last,
  );
  return status;
}

const toBody = (run: BackupRun): RunBody => ({
  started_at: run.startedAt.toISOString(),
  finished_at: run.finishedAt.toISOString(),
  status: run.status as RunBody['status'],
  trigger: run.trigger as RunBody['trigger'],
  location: run.location,
  size_bytes: run.sizeBytes,
  file_count: run.fileCount,
  error: run.error,
});
