import { bigint, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { moment } from './columns';

/**
 * One row per finished backup (issue 37), written when the run ends, so a backup never carries
 * a run of its own that looks unfinished after a restore. The back office reads the newest.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    startedAt: moment('started_at').notNull(),
    finishedAt: moment('finished_at').notNull(),
    /** succeeded | failed */
    status: varchar('status', { length: 16 }).notNull(),
    /** command | schedule | staff */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    /** The backup's folder (or bucket prefix); empty when it failed before writing. */
    location: text('location').notNull().default(''),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    fileCount: integer('file_count').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('backup_runs_finished_idx').on(t.finishedAt)],
);
