import { randomUUID } from 'node:crypto';
import type { ImportJob } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { importContent } from '../content/content.service';
import type { ContentDocument } from '@qbank/contract';
import {
  beatImportJob,
  failStaleImportJob,
  findImportJob,
  finishImportJob,
  insertImportJob,
} from './import-jobs.repository';

/**
 * Background imports (issue 38). The job's row is the truth every instance reads: the instance
 * running it writes its progress and a heartbeat every second; a running job whose heartbeat
 * stopped for STALE_SECONDS belongs to a process that died. The import is one transaction, so
 * such a job wrote nothing: it is reported failed, and the file can be uploaded again.
 */
const BEAT_MS = 1000;
const STALE_SECONDS = 30;
export const IMPORT_INTERRUPTED =
  'The server stopped during this import; nothing was written. Upload the file again.';

/** The jobs this process runs, with their live progress (fresher than the row under PGlite). */
const running = new WeakMap<Db, Map<string, ImportJob>>();

function runningOn(db: Db) {
  let map = running.get(db);
  if (!map) running.set(db, (map = new Map()));
  return map;
}

/** Records the job, answers its id, and imports in the background. */
export async function startImportJob(
  { db, storage, log }: Pick<ServiceDeps, 'db' | 'storage' | 'log'>,
  actor: StaffActor,
  document: ContentDocument,
): Promise<string> {
  const job: ImportJob = {
    id: randomUUID(),
    state: 'running',
    done: 0,
    total: document.questions.length,
    created: 0,
    updated: 0,
    error: null,
  };
  await insertImportJob(db, job.id, job.total);
  runningOn(db).set(job.id, job);

  // One heartbeat in flight at most: under PGlite it waits for the import's transaction.
  let beat: Promise<void> | null = null;
  const timer = setInterval(() => {
    beat ??= beatImportJob(db, job.id, job.done)
      .catch((err: unknown) => log.warn({ err, job: job.id }, 'import heartbeat failed'))
      .finally(() => (beat = null));
  }, BEAT_MS);

  void importContent(db, storage, document, {
    batchSize: 200,
    onProgress: (done) => (job.done = done),
  })
    .then(
      (summary) =>
        Object.assign(job, {
          state: 'done',
          done: job.total,
          created: summary.questions.created,
          updated: summary.questions.updated,
        }),
      (error: unknown) =>
        Object.assign(job, {
          state: 'failed',
          error: error instanceof Error ? error.message : String(error),
        }),
    )
    .then(async () => {
      clearInterval(timer);
      await beat;
      await finishImportJob(db, job.id, job);
      const { state, created, updated, error } = job;
      await recordStaffAction({ db }, actor, 'import.finish', { type: 'import', id: null }, null, {
        job: job.id,
        state,
        created,
        updated,
        error,
      });
    })
    .catch((err: unknown) => log.error({ err, job: job.id }, 'import job not recorded'))
    .finally(() => runningOn(db).delete(job.id));
  return job.id;
}

/** A job's progress, from whichever instance runs it. */
export async function importJob({ db }: Pick<ServiceDeps, 'db'>, id: string): Promise<ImportJob> {
  const here = runningOn(db).get(id);
  if (here) return { ...here };
  let job = await findImportJob(db, id);
  if (job?.state === 'running') {
    await failStaleImportJob(db, id, STALE_SECONDS, IMPORT_INTERRUPTED);
    job = await findImportJob(db, id);
  }
  if (!job) throw notFound();
  return job;
}
