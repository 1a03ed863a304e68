import { and, asc, count, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Scope } from '@qbank/contract';
import type { Db } from '../../db/client';
import {
  courses,
  questionEvaluations,
  questions,
  questionStreaks,
  reviewLogs,
} from '../../db/schema/index';

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

/** A module or course scope as a condition on `questions` (joined to `courses`). */
function scopeWhere(scope: Scope): SQL | undefined {
  return and(
    scope.course !== undefined ? eq(questions.courseId, scope.course) : undefined,
    scope.module !== undefined ? eq(courses.moduleId, scope.module) : undefined,
  );
}

/**
 * The learner's cards due before `before`, soonest first, with their question and misses in a
 * row; suspended cards are left out. `window` is already cut to the day's review limit.
 */
export async function dueCards(db: Db, userId: number, before: Date, scope: Scope, window: Window) {
  const where = and(
    eq(questionEvaluations.userId, userId),
    lt(questionEvaluations.dueAt, before),
    eq(questionEvaluations.suspended, false),
    scopeWhere(scope),
  );
  const base = () =>
    db
      .select({ total: count() })
      .from(questionEvaluations)
      .innerJoin(questions, eq(questions.id, questionEvaluations.questionId))
      .innerJoin(courses, eq(courses.id, questions.courseId));
  const scoped = scope.course !== undefined || scope.module !== undefined;
  const [{ total } = { total: 0 }] = scoped
    ? await base().where(where)
    : await db.select({ total: count() }).from(questionEvaluations).where(where);
  if (window.limit <= 0) return { total, rows: [] };
  const found = await db
    .select({
      card: questionEvaluations,
      question: summary,
      misses: sql<number>`coalesce(${questionStreaks.misses}, 0)`,
    })
    .from(questionEvaluations)
    .innerJoin(questions, eq(questions.id, questionEvaluations.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .leftJoin(
      questionStreaks,
      and(
        eq(questionStreaks.userId, userId),
        eq(questionStreaks.questionId, questionEvaluations.questionId),
      ),
    )
    .where(where)
    .orderBy(asc(questionEvaluations.dueAt), asc(questionEvaluations.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows: found };
}

/** Reviews of cards already past new (state before ≠ new), and new cards started, since `from`. */
export async function reviewsSince(db: Db, userId: number, from: Date) {
  const [row] = await db
    .select({
      reviews: sql<number>`(count(*) filter (where ${ne(reviewLogs.state, 0)}))::int`,
      started: sql<number>`(count(*) filter (where ${eq(reviewLogs.state, 0)}))::int`,
    })
    .from(reviewLogs)
    .where(and(eq(reviewLogs.userId, userId), gte(reviewLogs.reviewedAt, from)));
  return { reviews: row?.reviews ?? 0, started: row?.started ?? 0 };
}

/**
 * Published lone questions (no clinical case) the learner never answered, in the scope (or
 * their chosen modules when none is given), in course and question order, at most `limit`.
 */
export async function newQuestionIds(db: Db, userId: number, scope: Scope, limit: number) {
  if (limit <= 0) return [];
  const scoped = scope.course !== undefined || scope.module !== undefined;
  const found = await db
    .select({ id: questions.id })
    .from(questions)
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(
      and(
        eq(questions.isPublished, true),
        sql`${questions.clinicalCaseId} is null`,
        scoped
          ? scopeWhere(scope)
          : sql`${courses.moduleId} in (select module_id from module_filters where user_id = ${userId})`,
        sql`not exists (select 1 from question_streaks s
          where s.user_id = ${userId} and s.question_id = ${questions.id})`,
      ),
    )
    .orderBy(asc(courses.order), asc(courses.id), asc(questions.order), asc(questions.id))
    .limit(limit);
  return found.map((r) => r.id);
}

/** Whether a question is published (a card's questions are). */
export async function isPublished(db: Db, questionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.isPublished, true)));
  return Boolean(row);
}

/** The learner's card `cardId` with the longest run of misses among its questions `ids`. */
export async function cardRow(db: Db, userId: number, cardId: number, ids: number[]) {
  const [row] = await db
    .select({
      card: questionEvaluations,
      misses: sql<number>`(select coalesce(max(s.misses), 0)::int from question_streaks s
        where s.user_id = ${userId} and s.question_id in (${sql.join(ids, sql`, `)}))`,
    })
    .from(questionEvaluations)
    .where(and(eq(questionEvaluations.userId, userId), eq(questionEvaluations.questionId, cardId)));
  return row ? { ...row.card, misses: Number(row.misses) } : undefined;
}

/** Suspends or restores a learner's card; false when they have none. */
export async function setSuspended(db: Db, userId: number, cardId: number, suspended: boolean) {
  const updated = await db
    .update(questionEvaluations)
    .set({ suspended })
    .where(and(eq(questionEvaluations.userId, userId), eq(questionEvaluations.questionId, cardId)))
    .returning({ id: questionEvaluations.id });
  return updated.length > 0;
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

/** The learner's date at `now` and the instants their day starts and ends (their midnights). */
export async function learnerToday(db: Db, userId: number, now: Date) {
  const [row] = await rows<{ today: string; starts_at: string | Date; ends_at: string | Date }>(
    db,
    sql`SELECT z.today::text AS today, (z.today::timestamp AT TIME ZONE z.tz) AS starts_at,
          ((z.today + 1)::timestamp AT TIME ZONE z.tz) AS ends_at
        FROM ${learnerClock(userId, now)}`,
  );
  return {
    today: row!.today,
    startsAt: new Date(row!.starts_at),
    endsAt: new Date(row!.ends_at),
  };
}

/** Cards due per learner's calendar day from today (day 0) for `days` days; negative: overdue. */
export async function dueByDay(db: Db, userId: number, now: Date, days: number) {
  return rows<{ day: number; n: number }>(
    db,
    sql`SELECT ((e.due_at AT TIME ZONE z.tz)::date - z.today) AS day, count(*)::int AS n
        FROM question_evaluations e, ${learnerClock(userId, now)}
        WHERE e.user_id = ${userId} AND NOT e.suspended
          AND e.due_at < ((z.today + ${days}::int)::timestamp AT TIME ZONE z.tz)
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
