import { and, asc, count, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, questionEvaluations, questions } from '../../db/schema/index';

interface Window {
  limit: number;
  offset: number;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const summary = {
  id: questions.id,
  stem: sql<string>`left(${questions.stem}, 200)`,
  course: questions.courseId,
  module: courses.moduleId,
  clinical_case: questions.clinicalCaseId,
};

/** The learner's cards due before `before`, soonest first, with their question. */
export async function dueCards(db: Db, userId: number, before: Date, window: Window) {
  const where = and(eq(questionEvaluations.userId, userId), lt(questionEvaluations.dueAt, before));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(questionEvaluations)
    .where(where);
  const found = await db
    .select({ card: questionEvaluations, question: summary })
    .from(questionEvaluations)
    .innerJoin(questions, eq(questions.id, questionEvaluations.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(where)
    .orderBy(asc(questionEvaluations.dueAt), asc(questionEvaluations.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows: found };
}

/**
 * The learner's zone (review_settings.time_zone, UTC until set) and their calendar date at
 * `now`, as a derived table `z(tz, today)`: PostgreSQL does the day arithmetic, so a
 * daylight-saving change moves the boundaries with it.
 */
const learnerClock = (userId: number, now: Date): SQL =>
  sql`(SELECT tz, (${now.toISOString()}::timestamptz AT TIME ZONE tz)::date AS today
       FROM (SELECT coalesce((SELECT time_zone FROM review_settings WHERE user_id = ${userId}),
         'UTC') AS tz) zone) z`;

/** The learner's date at `now` and the instant their day ends (their next midnight). */
export async function learnerToday(db: Db, userId: number, now: Date) {
  const [row] = await rows<{ today: string; ends_at: string | Date }>(
    db,
    sql`SELECT z.today::text AS today, ((z.today + 1)::timestamp AT TIME ZONE z.tz) AS ends_at
        FROM ${learnerClock(userId, now)}`,
  );
  return { today: row!.today, endsAt: new Date(row!.ends_at) };
}

/** Cards due per learner's calendar day from today (day 0) for `days` days; negative: overdue. */
export async function dueByDay(db: Db, userId: number, now: Date, days: number) {
  return rows<{ day: number; n: number }>(
    db,
    sql`SELECT ((e.due_at AT TIME ZONE z.tz)::date - z.today) AS day, count(*)::int AS n
        FROM question_evaluations e, ${learnerClock(userId, now)}
        WHERE e.user_id = ${userId} AND e.due_at < ((z.today + ${days}::int)::timestamp AT TIME ZONE z.tz)
        GROUP BY 1`,
  );
}

/** The case questions of the given lead questions (cards), in order, keyed by lead. */
export async function caseMembers(db: Db, leadIds: number[]): Promise<Map<number, number[]>> {
  const members = new Map<number, number[]>();
  if (leadIds.length === 0) return members;
  const found = await rows<{ lead: number; id: number }>(
    db,
    sql`SELECT lead.id AS lead, q.id AS id
        FROM questions lead
        JOIN questions q ON q.clinical_case_id = lead.clinical_case_id AND q.is_published
        WHERE lead.id IN (${sql.join(leadIds, sql`, `)}) AND lead.clinical_case_id IS NOT NULL
        ORDER BY lead.id, q."order", q.id`,
  );
  for (const { lead, id } of found) members.set(lead, [...(members.get(lead) ?? []), id]);
  return members;
}
