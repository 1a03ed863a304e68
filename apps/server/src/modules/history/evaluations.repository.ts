import { and, asc, count, desc, eq, getTableColumns, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questionEvaluations } from '../../db/schema/index';
import { answerInput, type CardInput } from './history.repository';

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
 * The `card` and `log` CTEs over `input` (its rows with a `card_id`): each card's next state,
 * written only if the stored card is still the row version read (`card_version`, its xmin; null
 * when there was no card), so a concurrent review is never overwritten (the caller rates again
 * when its row is not in `card`), and the review's log entry, written with it.
 */
export const CARD_WRITES: SQL = sql`card as (insert into question_evaluations (user_id,
      question_id, rating, stability, difficulty, reps, lapses, state, learning_steps,
      scheduled_days, last_review, due_at, updated_at)
    select i.user_id, i.card_id, i.rating, i.stability, i.difficulty, i.reps, i.lapses, i.state,
      i.learning_steps, i.scheduled_days, i.last_review, i.due_at, i.updated_at
    from input i where i.card_id is not null order by i.user_id
    on conflict (user_id, question_id) do update set rating = excluded.rating,
      stability = excluded.stability, difficulty = excluded.difficulty, reps = excluded.reps,
      lapses = excluded.lapses, state = excluded.state, learning_steps = excluded.learning_steps,
      scheduled_days = excluded.scheduled_days, last_review = excluded.last_review,
      due_at = excluded.due_at, updated_at = excluded.updated_at
    where question_evaluations.xmin::text = (select v.card_version from input v
      where v.user_id = excluded.user_id and v.card_id = excluded.question_id)
    returning id, user_id, xmin::text as version),
  log as (insert into review_logs (user_id, question_id, rating, state, reviewed_at, source,
      previous)
    select i.user_id, i.card_id, i.log_rating, i.log_state, i.reviewed_at, 'answer', i.previous
    from input i join card c on c.user_id = i.user_id)`;

/** Writes one learner's card as `CARD_WRITES` does, on its own; false when the card had changed. */
export async function writeCardIfUnchanged(
  db: Db,
  userId: number,
  card: CardInput,
): Promise<boolean> {
  const statement = sql`with ${answerInput([{ user_id: userId, ...card }])}, ${CARD_WRITES}
    select count(*)::int as n from card`;
  const result = await db.execute(statement);
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
