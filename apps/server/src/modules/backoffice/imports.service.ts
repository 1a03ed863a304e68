import type { ImportReport } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import { CONTENT_FORMATS, guessFormat, type ContentFormat } from '../content/content.parse';
import { duplicatesInImport } from './duplicates.service';
import { validateContent } from '../content/content.validate';
import { parseContent } from '../content/content.parse';
import { startImportJob } from './import-jobs';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';

/**
 * Imports from the web (issue 12) run the CLI's importer: a dry run answers the report at once;
 * a real import answers a job id and runs in the background, its progress polled from any
 * instance (import-jobs.ts).
 */
export interface Upload {
  filename: string;
  data: Buffer;
}

export interface ImportRequest {
  format?: ContentFormat;
  dryRun: boolean;
  defaultModule?: string;
  /** An iconv-lite encoding name, or `auto` (UTF-8, else detected). */
  encoding?: string;
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
  app: Pick<ServiceDeps, 'db' | 'storage' | 'log'>,
  actor: StaffActor,
  upload: Upload,
  request: ImportRequest,
): Promise<ImportReport> {
  const format = formatOf(upload, request.format);
  // Validate first (fast, in the request); a dry run then reports, a real import writes in the
  // background with progress.
  const parsed = parseContent(upload.data, format, {
    fileName: upload.filename,
    defaultModule: request.defaultModule,
    encoding: request.encoding,
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
  if (request.dryRun) {
    // What the dry run adds: the file's questions that look like ones already in the bank.
    const { threshold, duplicates } = await duplicatesInImport(app, checked.document);
    return { ...report, job: null, duplicates, duplicate_threshold: threshold };
  }

  const job = await startImportJob(app, actor, checked.document);
  // A dry run changes nothing and is not logged; a real import is, then its outcome (import-jobs).
  await recordStaffAction(app, actor, 'import.start', { type: 'import', id: null }, null, {
    job,
    file: upload.filename,
    format,
    questions: report.questions,
  });
  return { ...report, job };
}
