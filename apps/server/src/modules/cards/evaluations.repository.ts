import { and, asc, count, desc, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questionEvaluations } from '../../db/schema/index';

export type EvaluationRow = typeof questionEvaluations.$inferSelect;
export type EvaluationState = Pick<
  EvaluationRow,
  | 'rating'
  | 'stability'
  | 'difficulty'
  | 'reps'
  | 'lapses'
  | 'state'
  | 'learningSteps'
  | 'scheduledDays'
  | 'lastReview'
  | 'dueAt'
  | 'updatedAt'
>;

interface Window {
  limit: number;
  offset: number;
}

/**
 * Writes the card's new state: the first evaluation of (user, card) or an update of it, in one
 * statement (`created` tells which; a concurrent first rating becomes an update).
 */
export async function saveEvaluation(
  db: Db,
  userId: number,
  questionId: number,
  state: EvaluationState,
): Promise<{ created: boolean; row: EvaluationRow }> {
  const [saved] = await db
    .insert(questionEvaluations)
    .values({ userId, questionId, ...state })
    .onConflictDoUpdate({
      target: [questionEvaluations.userId, questionEvaluations.questionId],
      set: state,
    })
    .returning({ ...getTableColumns(questionEvaluations), created: sql<boolean>`(xmax = 0)` });
  const { created, ...row } = saved!;
  return { created, row };
}

export interface EvaluationFilters {
  question?: number;
  /** Only the cards due at or before this instant, soonest first. */
  dueBefore?: Date;
}

export async function listEvaluations(
  db: Db,
  userId: number,
  f: EvaluationFilters,
  window: Window,
): Promise<{ total: number; rows: EvaluationRow[] }> {
  const where = and(
    eq(questionEvaluations.userId, userId),
    f.question ? eq(questionEvaluations.questionId, f.question) : undefined,
    f.dueBefore ? lte(questionEvaluations.dueAt, f.dueBefore) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(questionEvaluations)
    .where(where);
  const order = f.dueBefore
    ? [asc(questionEvaluations.dueAt), asc(questionEvaluations.id)]
    : [desc(questionEvaluations.updatedAt), desc(questionEvaluations.id)];
  const rows = await db
    .select()
    .from(questionEvaluations)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows };
}

export async function deleteEvaluation(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(questionEvaluations)
    .where(and(eq(questionEvaluations.id, id), eq(questionEvaluations.userId, userId)))
    .returning({ id: questionEvaluations.id });
  return rows.length > 0;
}
