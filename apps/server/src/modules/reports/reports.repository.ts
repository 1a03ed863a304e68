import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, questions, reports, users, type REPORT_STATUSES } from '../../db/schema/index';

export type ReportRow = typeof reports.$inferSelect;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export type ReportChanges = Partial<
  Pick<ReportRow, 'reason' | 'message' | 'status' | 'staffAnswer'>
>;

interface Window {
  limit: number;
  offset: number;
}

const filters = (userId: number | null, status: ReportStatus | undefined): SQL | undefined =>
  and(
    userId === null ? undefined : eq(reports.userId, userId),
    status ? eq(reports.status, status) : undefined,
  );

/** Only published questions can be reported (an unpublished one reads as unknown). */
export async function questionExists(db: Db, questionId: number): Promise<boolean> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.isPublished, true)));
  return rows.length > 0;
}

/** The caller's reports, newest first. */
export async function listReports(
  db: Db,
  userId: number,
  status: ReportStatus | undefined,
  window: Window,
): Promise<{ total: number; rows: ReportRow[] }> {
  const where = filters(userId, status);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(reports).where(where);
  const rows = await db
    .select()
    .from(reports)
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows };
}

/** One of the caller's reports (another user's reads as missing). */
export async function findOwnReport(
  db: Db,
  userId: number,
  id: number,
): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.userId, userId)));
  return row;
}

export async function hasOpenReport(db: Db, userId: number, questionId: number): Promise<boolean> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.userId, userId),
        eq(reports.questionId, questionId),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertReport(
  db: Db,
  values: Pick<ReportRow, 'userId' | 'questionId' | 'reason' | 'message' | 'screenshot'>,
): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  return row!;
}

/** Updates one report; `userId` limits it to the owner's (null: staff, any report). */
export async function updateReport(
  db: Db,
  id: number,
  userId: number | null,
  changes: ReportChanges,
): Promise<ReportRow | undefined> {
  const [row] = await db
    .update(reports)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(reports.id, id), userId === null ? undefined : eq(reports.userId, userId)))
    .returning();
  return row;
}

/** Deletes those of `ids` that belong to the user; answers their screenshot keys (or null). */
export async function deleteOwnReports(
  db: Db,
  userId: number,
  ids: number[],
): Promise<(string | null)[]> {
  const rows = await db
    .delete(reports)
    .where(and(eq(reports.userId, userId), inArray(reports.id, ids)))
    .returning({ screenshot: reports.screenshot });
  return rows.map((r) => r.screenshot);
}

const staffColumns = {
  report: reports,
  questionStem: questions.stem,
  courseId: courses.id,
  courseName: courses.name,
  reporterEmail: users.email,
};

export type StaffReportRow = {
  report: ReportRow;
  questionStem: string;
  courseId: number;
  courseName: string;
  reporterEmail: string | null;
};

const staffSelect = (db: Db) =>
  db
    .select(staffColumns)
    .from(reports)
    .innerJoin(questions, eq(questions.id, reports.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .leftJoin(users, eq(users.id, reports.userId));

/** Every user's reports for the back office, oldest first (a queue to work through). */
export async function listStaffReports(
  db: Db,
  status: ReportStatus | undefined,
  window: Window,
  questionId?: number,
): Promise<{ total: number; rows: StaffReportRow[] }> {
  const where = and(
    filters(null, status),
    questionId ? eq(reports.questionId, questionId) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(reports).where(where);
  const rows = await staffSelect(db)
    .where(where)
    .orderBy(reports.createdAt, reports.id)
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows };
}

export async function findStaffReport(db: Db, id: number): Promise<StaffReportRow | undefined> {
  const [row] = await staffSelect(db).where(eq(reports.id, id));
  return row;
}

export interface ReportGroupRow {
  questionId: number;
  questionStem: string;
  courseId: number;
  courseName: string;
  total: number;
  lastAt: Date;
  reasons: Record<string, number>;
}

/** Reports in one status grouped by question: most reported first, then most recent. */
export async function listReportGroups(
  db: Db,
  status: ReportStatus,
  window: Window,
): Promise<{ total: number; rows: ReportGroupRow[] }> {
  const where = eq(reports.status, status);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(distinct ${reports.questionId})::int` })
    .from(reports)
    .where(where);
  const n = sql<number>`count(*)::int`;
  const lastAt = sql<Date>`max(${reports.createdAt})`;
  const groups = await db
    .select({
      questionId: reports.questionId,
      questionStem: questions.stem,
      courseId: courses.id,
      courseName: courses.name,
      total: n,
      lastAt,
    })
    .from(reports)
    .innerJoin(questions, eq(questions.id, reports.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(where)
    .groupBy(reports.questionId, questions.stem, courses.id, courses.name)
    .orderBy(desc(n), desc(lastAt), reports.questionId)
    .limit(window.limit)
    .offset(window.offset);
  const ids = groups.map((g) => g.questionId);
  const reasonRows = ids.length
    ? await db
        .select({ questionId: reports.questionId, reason: reports.reason, n })
        .from(reports)
        .where(and(where, inArray(reports.questionId, ids)))
        .groupBy(reports.questionId, reports.reason)
    : [];
  const rows = groups.map((g) => ({
    ...g,
    // max() of a timestamp comes back as text from some drivers.
    lastAt: new Date(g.lastAt),
    reasons: Object.fromEntries(
      reasonRows.filter((r) => r.questionId === g.questionId).map((r) => [r.reason, r.n]),
    ),
  }));
  return { total, rows };
}
