import { invalidPk, REPORT_SCREENSHOT_FIELD, reportCreateSchema } from '@qbank/contract';
import type {
  ReportGroup,
  ReportGroupQuery,
  StaffReportQueueQuery,
  Report,
  ReportListQuery,
  ReportUpdate,
  StaffReport,
  StaffReportUpdate,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { badRequest, nonFieldError, notFound } from '../../lib/errors';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import type { Storage } from '../../lib/storage';
import { parseOrThrow } from '../../lib/validation';
import type { ImageForm } from '../../lib/image-form';
import { cleanImages, deleteStoredFiles, withStoredImages } from '../../lib/images';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { notifyUsers } from '../notifications/notifications.service';
import * as repo from './reports.repository';

export const ALREADY_REPORTED = 'You already have an open report on this question.';
export const NOT_OPEN = 'Only open reports can be edited.';
/** Back-office lists show the start of the stem only. */
const STEM_SUMMARY_LENGTH = 200;

export const ONE_SCREENSHOT = 'Send one screenshot only.';

/** What turns a stored key into a URL: the storage (signed URLs), or the key itself for audit. */
type KeyUrl = Pick<Storage, 'url'>;
const keyOnly: KeyUrl = { url: (key) => key };

type Deps = Pick<ServiceDeps, 'db' | 'storage'>;

export function toReport(row: repo.ReportRow, storage: KeyUrl): Report {
  return {
    id: row.id,
    question: row.questionId,
    reason: row.reason,
    message: row.message,
    status: row.status,
    staff_answer: row.staffAnswer,
    screenshot: row.screenshot ? storage.url(row.screenshot) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toStaffReport(row: repo.StaffReportRow, storage: KeyUrl): StaffReport {
  return {
    ...toReport(row.report, storage),
    question_summary: {
      id: row.report.questionId,
      stem: row.questionStem.slice(0, STEM_SUMMARY_LENGTH),
      course: row.courseId,
      course_name: row.courseName,
    },
    reporter_email: row.reporterEmail,
  };
}

export async function listReports({ db, storage }: Deps, user: User, query: ReportListQuery) {
  const { total, rows } = await repo.listReports(db, user.id, query.status, pageWindow(query));
  assertPageExists(query, total);
  return { total, results: rows.map((row) => toReport(row, storage)) };
}

export async function getReport({ db, storage }: Deps, user: User, id: number): Promise<Report> {
  const row = await repo.findOwnReport(db, user.id, id);
  if (!row) throw notFound();
  return toReport(row, storage);
}

/**
 * POST /api/rports/: JSON, or multipart with the same fields and an optional image `screenshot`,
 * checked and re-encoded, stored under the private `reports/` folder (decision 033).
 */
export async function createReport(
  { db, storage }: Deps,
  user: User,
  form: ImageForm,
): Promise<Report> {
  const input = parseOrThrow(reportCreateSchema, form.data);
  if (form.files.length > 1) throw badRequest(REPORT_SCREENSHOT_FIELD, ONE_SCREENSHOT);
  if (!(await repo.questionExists(db, input.question))) {
    throw badRequest('question', invalidPk(input.question));
  }
  if (await repo.hasOpenReport(db, user.id, input.question)) throw nonFieldError(ALREADY_REPORTED);
  const images = await cleanImages(REPORT_SCREENSHOT_FIELD, form.files);
  const row = await withStoredImages(storage, 'reports', images, (keys) =>
    repo.insertReport(db, {
      userId: user.id,
      questionId: input.question,
      reason: input.reason,
      message: input.message,
      screenshot: keys[0] ?? null,
    }),
  );
  return toReport(row, storage);
}

/** The owner edits reason/message while the report is open. */
export async function updateReport(
  { db, storage }: Deps,
  user: User,
  id: number,
  input: ReportUpdate,
): Promise<Report> {
  const current = await repo.findOwnReport(db, user.id, id);
  if (!current) throw notFound();
  if (current.status !== 'open') throw nonFieldError(NOT_OPEN);
  const changes: repo.ReportChanges = {};
  if (input.reason !== undefined) changes.reason = input.reason;
  if (input.message !== undefined) changes.message = input.message;
  if (Object.keys(changes).length === 0) return toReport(current, storage);
  const row = await repo.updateReport(db, id, user.id, changes);
  if (!row) throw notFound();
  return toReport(row, storage);
}

/**
 * Deletes the caller's reports among `ids` (other users' and unknown ids are ignored), then
 * their screenshots.
 */
export async function bulkDelete(
  { db, storage, log }: Deps & Pick<ServiceDeps, 'log'>,
  user: User,
  ids: number[],
) {
  const keys = await repo.deleteOwnReports(db, user.id, [...new Set(ids)]);
  await deleteStoredFiles(
    storage,
    keys.filter((key): key is string => !!key),
    log,
  );
  return { deleted: keys.length };
}

export async function listStaffReports({ db, storage }: Deps, query: StaffReportQueueQuery) {
  const { total, rows } = await repo.listStaffReports(
    db,
    query.status,
    pageWindow(query),
    query.question,
  );
  assertPageExists(query, total);
  return { total, results: rows.map((row) => toStaffReport(row, storage)) };
}

export async function getStaffReport({ db, storage }: Deps, id: number): Promise<StaffReport> {
  const row = await repo.findStaffReport(db, id);
  if (!row) throw notFound();
  return toStaffReport(row, storage);
}

/** Resolves or rejects a report; the reporter is told in the app, with staff's answer. */
export async function answerReport(
  deps: Deps,
  actor: StaffActor,
  id: number,
  input: StaffReportUpdate,
): Promise<StaffReport> {
  const { db } = deps;
  const before = await repo.findStaffReport(db, id);
  if (!before) throw notFound();
  const changes: repo.ReportChanges = { status: input.status };
  if (input.staff_answer !== undefined) changes.staffAnswer = input.staff_answer;
  const row = await repo.updateReport(db, id, null, changes);
  if (!row) throw notFound();
  const after = await getStaffReport(deps, id);
  await recordStaffAction(
    deps,
    actor,
    'report.answer',
    { type: 'report', id },
    // The audit log keeps the storage key, not a URL that expires.
    toReport(before.report, keyOnly),
    toReport(row, keyOnly),
  );
  if (row.userId !== null) {
    const answer = row.staffAnswer ? ` Answer: ${row.staffAnswer}` : '';
    await notifyUsers(deps, [row.userId], {
      kind: 'report_answered',
      message: `Your report on question #${row.questionId} was ${row.status}.${answer}`,
      link: `/questions/${row.questionId}`,
    });
  }
  return after;
}

/** The queue by question: most reported first. */
export async function listReportGroups(
  { db }: Pick<ServiceDeps, 'db'>,
  query: ReportGroupQuery,
): Promise<{ total: number; results: ReportGroup[] }> {
  const { total, rows } = await repo.listReportGroups(db, query.status, pageWindow(query));
  assertPageExists(query, total);
  return {
    total,
    results: rows.map((g) => ({
      question: {
        id: g.questionId,
        stem: g.questionStem.slice(0, STEM_SUMMARY_LENGTH),
        course: g.courseId,
        course_name: g.courseName,
      },
      count: g.total,
      reasons: g.reasons,
      last_reported_at: g.lastAt.toISOString(),
    })),
  };
}
