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

/** Cards due per day from `dayStart` (day 0) for `days` days; negative days are overdue. */
export async function dueByDay(db: Db, userId: number, dayStart: Date, days: number) {
  const end = new Date(dayStart.getTime() + days * 86_400_000);
  return rows<{ day: number; n: number }>(
    db,
    sql`SELECT floor(extract(epoch FROM (due_at - ${dayStart.toISOString()}::timestamptz)) / 86400)::int AS day,
          count(*)::int AS n
        FROM question_evaluations
        WHERE user_id = ${userId} AND due_at < ${end.toISOString()}::timestamptz
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
