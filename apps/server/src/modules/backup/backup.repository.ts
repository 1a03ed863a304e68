import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backupRuns } from '../../db/schema/index';

export type BackupRun = typeof backupRuns.$inferSelect;
export type NewBackupRun = typeof backupRuns.$inferInsert;

export async function recordRun(db: Db, run: NewBackupRun): Promise<BackupRun> {
  const [row] = await db.insert(backupRuns).values(run).returning();
  return row!;
}

export async function lastRun(db: Db): Promise<BackupRun | undefined> {
  const [row] = await db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1);
  return row;
}

export async function lastSuccess(db: Db): Promise<BackupRun | undefined> {
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.status, 'succeeded'))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return row;
}
