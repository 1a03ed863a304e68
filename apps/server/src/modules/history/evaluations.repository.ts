import { and, asc, count, desc, eq, getTableColumns, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { reviewLogs } from '../../db/schema/index';
import { questionEvaluations } from '../../db/schema/index';
import { reviewLogAfterCardWrite } from './review-log.repository';

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

/**
 * The card's new state computed from the row read as `version` (its xmin; null when there was
 * no card), for the answer's own statement: written only if the card is still that row version,
 * so a concurrent review is never overwritten (the caller rates again when nothing comes back).
 * Returns the card's id.
 */
export function saveEvaluationIfUnchanged(
  userId: number,
  questionId: number,
  state: EvaluationState,
  version: string | null,
): SQL {
  const unchanged =
    version === null ? sql`false` : sql`question_evaluations.xmin::text = ${version}`;
  const at = (d: Date | null) => sql`${d === null ? null : d.toISOString()}::timestamptz`;
  const s = state;
  // Plain SQL rather than the query builder: built for every answer (see recordAnswerRows).
  return sql`insert into question_evaluations (user_id, question_id, rating, stability,
      difficulty, reps, lapses, state, learning_steps, scheduled_days, last_review, due_at,
      updated_at)
    values (${userId}, ${questionId}, ${s.rating}, ${s.stability}, ${s.difficulty}, ${s.reps},
      ${s.lapses}, ${s.state}, ${s.learningSteps}, ${s.scheduledDays}, ${at(s.lastReview)},
      ${at(s.dueAt)}, ${at(s.updatedAt)})
    on conflict (user_id, question_id) do update set rating = excluded.rating,
      stability = excluded.stability, difficulty = excluded.difficulty, reps = excluded.reps,
      lapses = excluded.lapses, state = excluded.state, learning_steps = excluded.learning_steps,
      scheduled_days = excluded.scheduled_days, last_review = excluded.last_review,
      due_at = excluded.due_at, updated_at = excluded.updated_at
    where ${unchanged}
    returning id`;
}

/**
 * A card's next state and its review's log entry as two CTEs: `card`, written only if the card
 * is still the version read (returns its id), and `log`, written with it.
 */
export function cardWrites(
  card: { userId: number; questionId: number; state: EvaluationState; version: string | null },
  log: typeof reviewLogs.$inferInsert,
): SQL {
  const write = saveEvaluationIfUnchanged(card.userId, card.questionId, card.state, card.version);
  return sql`card as (${write}), log as (${reviewLogAfterCardWrite(log)})`;
}

/** Runs `cardWrites` as a statement of its own; false when the card had changed. */
export async function writeCardIfUnchanged(db: Db, writes: SQL): Promise<boolean> {
  const result = await db.execute(sql`with ${writes} select count(*)::int as n from card`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n === 1;
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
