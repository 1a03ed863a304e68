import type { ImportJob } from '@qbank/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { importJobs } from '../../db/schema/index';

const KEEP_DAYS = 7;

const columns = {
  id: importJobs.id,
  state: importJobs.state,
  done: importJobs.done,
  total: importJobs.total,
  created: importJobs.created,
  updated: importJobs.updated,
  error: importJobs.error,
};

/** Records a new running job; jobs older than a week are forgotten at the same time. */
export async function insertImportJob(db: Db, id: string, total: number): Promise<void> {
  await db
    .delete(importJobs)
    .where(lt(importJobs.createdAt, sql`now() - make_interval(days => ${KEEP_DAYS})`));
  await db.insert(importJobs).values({ id, state: 'running', total });
}

/** Progress of a running job, which also proves its process is alive. */
export async function beatImportJob(db: Db, id: string, done: number): Promise<void> {
  await db
    .update(importJobs)
    .set({ done, heartbeatAt: sql`now()` })
    .where(and(eq(importJobs.id, id), eq(importJobs.state, 'running')));
}

export async function finishImportJob(
  db: Db,
  id: string,
  end: Pick<ImportJob, 'state' | 'created' | 'updated' | 'error'>,
): Promise<void> {
  await db
    .update(importJobs)
    .set({ ...end, done: end.state === 'done' ? sql`${importJobs.total}` : importJobs.done })
    .where(eq(importJobs.id, id));
}

/** Fails a running job whose heartbeat is older than `staleSeconds`: its process is gone. */
export async function failStaleImportJob(
  db: Db,
  id: string,
  staleSeconds: number,
  error: string,
): Promise<void> {
  await db
    .update(importJobs)
    .set({ state: 'failed', error })
    .where(
      and(
        eq(importJobs.id, id),
        eq(importJobs.state, 'running'),
        lt(importJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    );
}

export async function findImportJob(db: Db, id: string): Promise<ImportJob | undefined> {
  const [job] = await db.select(columns).from(importJobs).where(eq(importJobs.id, id));
  return job;
}
