import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { gradeFromAnswer, type Confidence } from '../../cards/grade';
import { storedCard, type StoredCard } from '../../cards/fsrs';
import * as logs from '../../cards/review-log.repository';
import { reviewOf } from '../../cards/review-cards';
import { answerInput, type CardInput } from '../answer-batch.repository';
import type { AnswerEffect } from './effect';

/**
 * The review card effect (decision 038): an answer reschedules its card, in the answer's own
 * statement when the card read is still the stored one, else right after it.
 */

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
    returning id, user_id, question_id, xmin::text as version),
  log as (insert into review_logs (user_id, question_id, rating, state, reviewed_at, source,
      previous)
    select i.user_id, i.card_id, i.log_rating, i.log_state, i.reviewed_at, 'answer', i.previous
    from input i join card c on c.user_id = i.user_id and c.question_id = i.card_id)`;

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

export interface AnswerForReview {
  userId: number;
  questionId: number;
  score: number;
  timeSpentMs: number;
  confidence?: Confidence | null;
  now: Date;
}

/**
 * How an answer reschedules its card, decided from the context read before the answer is
 * recorded:
 * - `write`: the `card` and `log` writes for the answer's own statement (the card is the row
 *   read, so its next state is known; a concurrent change leaves them unwritten and the caller
 *   runs `reviewAfterAnswer`);
 * - `after`: the last question of a clinical case, graded from the learner's latest answer to
 *   each of its questions, this one included: `reviewAfterAnswer` once the answer is recorded;
 * - `none`: a case question before the last (the case is graded when it ends).
 */
export function answerReview(
  context: logs.CardContext,
  answer: AnswerForReview,
): { kind: 'write'; card: CardInput; next: StoredCard } | { kind: 'after' | 'none' } {
  const { caseIds } = context;
  if (caseIds) {
    return { kind: caseIds[caseIds.length - 1] === answer.questionId ? 'after' : 'none' };
  }
  return { kind: 'write', ...cardWrites(context, answer, answer) };
}

/**
 * The card writes of an answer graded `graded`, from the context read before them, and the
 * card they leave.
 */
function cardWrites(
  { cardId, settings, card, cardVersion }: logs.CardContext,
  answer: AnswerForReview,
  graded: { score: number; timeSpentMs: number },
): { card: CardInput; next: StoredCard } {
  const rating = gradeFromAnswer({
    correctness: graded.score,
    timeSpentSeconds: graded.timeSpentMs / 1000,
    confidence: answer.confidence ?? null,
  });
  const { next, log } = reviewOf(
    answer.userId,
    cardId,
    settings,
    card,
    rating,
    answer.now,
    'answer',
  );
  const input: CardInput = {
    card_id: cardId,
    card_version: cardVersion,
    rating: next.rating,
    stability: next.stability,
    difficulty: next.difficulty,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    learning_steps: next.learningSteps,
    scheduled_days: next.scheduledDays,
    last_review: next.lastReview?.toISOString() ?? null,
    due_at: next.dueAt.toISOString(),
    updated_at: next.updatedAt.toISOString(),
    log_rating: log.rating,
    log_state: log.state,
    reviewed_at: log.reviewedAt.toISOString(),
    previous: log.previous,
  };
  return { card: input, next: storedCard(next) };
}

/** Tries before giving up on a card other requests keep rescheduling. */
const CARD_WRITE_TRIES = 20;

/**
 * Schedules the card of an answer already recorded: read, compute, write if the card did not
 * change meanwhile, else again. A clinical case is graded once, when its last question is
 * answered, from the learner's latest answer to each of its questions.
 */
export async function reviewAfterAnswer(db: Db, answer: AnswerForReview): Promise<void> {
  for (let attempt = 0; attempt < CARD_WRITE_TRIES; attempt++) {
    const context = await logs.cardContext(db, answer.userId, answer.questionId);
    const { caseIds } = context;
    let graded = { score: answer.score, timeSpentMs: answer.timeSpentMs };
    if (caseIds) {
      if (caseIds[caseIds.length - 1] !== answer.questionId) return;
      const latest = await logs.latestAnswers(db, answer.userId, caseIds);
      const mean = (f: (a: (typeof latest)[number]) => number) =>
        latest.reduce((sum, a) => sum + f(a), 0) / caseIds.length;
      graded = { score: mean((a) => a.score), timeSpentMs: mean((a) => a.timeSpentMs) };
    }
    const { card } = cardWrites(context, answer, graded);
    if (await writeCardIfUnchanged(db, answer.userId, card)) return;
  }
  throw new Error(`The card of question ${answer.questionId} kept changing; not rescheduled.`);
}

export const reviewCardsEffect: AnswerEffect = {
  name: 'review cards and their log',
  tables: [],
  apply: CARD_WRITES,
  // A card is the review log's replay, buttons pressed included, which the history does not
  // hold: a deleted or re-scored answer leaves the schedule it gave (decision 049).
  recount: null,
  rescore: null,
};
