import { z } from 'zod';

/* Backups as the back office sees them (issue 37): the last run, and whether staff should worry. */

export const backupRunSchema = z.object({
  started_at: z.iso.datetime(),
  finished_at: z.iso.datetime(),
  status: z.enum(['succeeded', 'failed']),
  /** Who started it: the `npm run backup` command, the schedule or staff. */
  trigger: z.enum(['command', 'schedule', 'staff']),
  /** The backup's folder on the server (empty when it failed). */
  location: z.string(),
  size_bytes: z.number().int(),
  file_count: z.number().int(),
  /** Why it failed, else null. */
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export const backupStatusSchema = z.object({
  /**
   * ok: the last backup succeeded recently; failed: the last backup failed; overdue: the last
   * success is older than twice the schedule (48 h without one); missing: never backed up.
   */
  state: z.enum(['ok', 'failed', 'overdue', 'missing']),
  last: backupRunSchema.nullable(),
  last_success: backupRunSchema.nullable(),
  /** The schedule (BACKUP_EVERY) in hours, null when off; how many backups are kept. */
  every_hours: z.number().nullable(),
  keep: z.number().int(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
