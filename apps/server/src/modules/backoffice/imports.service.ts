import { randomUUID } from 'node:crypto';
import type { ImportJob, ImportReport } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { CONTENT_FORMATS, guessFormat, type ContentFormat } from '../content/content.parse';
import { importContent, importData } from '../content/content.service';
import { validateContent } from '../content/content.validate';
import { parseContent } from '../content/content.parse';

type Deps = Pick<ServiceDeps, 'db'>;

/**
 * Imports from the web (issue 12) run the CLI's importer: a dry run answers the report at once;
 * a real import answers a job id and runs in the background, its progress polled. Jobs live in
 * this process's memory (decision 037): a restart forgets them, and the import itself is one
 * transaction, so a crash leaves nothing half-written.
 */
const jobs = new WeakMap<Db, Map<string, ImportJob>>();
const MAX_JOBS = 50;

function jobsOf(db: Db) {
  let map = jobs.get(db);
  if (!map) jobs.set(db, (map = new Map()));
  return map;
}

export interface Upload {
  filename: string;
  data: Buffer;
}

export interface ImportRequest {
  format?: ContentFormat;
  dryRun: boolean;
  defaultModule?: string;
}

function formatOf(upload: Upload, wanted?: ContentFormat): ContentFormat {
  const format = wanted ?? guessFormat(upload.filename);
  if (!format) {
    throw badRequest(
      'format',
      `Cannot tell the format of ${upload.filename} from its name: choose one of ${CONTENT_FORMATS.join(', ')}.`,
    );
  }
  return format;
}

export async function startImport(
  { db, storage }: Pick<ServiceDeps, 'db' | 'storage'>,

  upload: Upload,
  request: ImportRequest,
): Promise<ImportReport> {
  const format = formatOf(upload, request.format);
  if (request.dryRun) {
    const result = await importData(db, storage, upload.data, upload.filename, {
      format,
      dryRun: true,
      defaultModule: request.defaultModule,
    });
    return { ...pick(result), format, job: null };
  }
  // Validate first (fast, in the request), then write in the background with progress.
  const parsed = parseContent(upload.data, format, {
    fileName: upload.filename,
    defaultModule: request.defaultModule,
  });
  const checked = await validateContent(parsed);
  const report = {
    ok: checked.errors.length === 0,
    format,
    questions: checked.document.questions.length,
    errors: checked.errors,
    skipped: checked.skipped,
    warnings: checked.warnings,
  };
  if (!report.ok) return { ...report, job: null };

  const map = jobsOf(db);
  if (map.size >= MAX_JOBS) map.delete(map.keys().next().value!);
  const job: ImportJob = {
    id: randomUUID(),
    state: 'running',
    done: 0,
    total: report.questions,
    created: 0,
    updated: 0,
    error: null,
  };
  map.set(job.id, job);
  void importContent(db, storage, checked.document, {
    batchSize: 200,
    onProgress: (done) => {
      job.done = done;
    },
  }).then(
    (summary) => {
      Object.assign(job, {
        state: 'done',
        done: job.total,
        created: summary.questions.created,
        updated: summary.questions.updated,
      });
    },
    (error: unknown) => {
      job.state = 'failed';
      job.error = error instanceof Error ? error.message : String(error);
    },
  );
  return { ...report, job: job.id };
}

const pick = (r: Awaited<ReturnType<typeof importData>>) => ({
  ok: r.ok,
  questions: r.questions,
  errors: r.errors,
  skipped: r.skipped,
  warnings: r.warnings,
});

export function importJob({ db }: Deps, id: string): ImportJob {
  const job = jobsOf(db).get(id);
  if (!job) throw notFound();
  return { ...job };
}
