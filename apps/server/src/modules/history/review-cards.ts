import type { Rating } from '@qbank/contract';
import type { Db } from '../../db/client';
import * as evaluations from './evaluations.repository';
import { DEFAULT_RETENTION, GRADE, review, schedulerFor } from './fsrs';
import { gradeFromAnswer, type Confidence } from './grade';
import * as logs from './review-log.repository';

/**
 * The review queue's cards (decision 038): one per learner and question, or per clinical case
 * (the case is the card, filed under its first question). Every rating, pressed or derived from
 * an answer, goes through `applyRating`, which also logs the review for the optimiser.
 */

export async function schedulerOf(db: Db, userId: number) {
  const settings = await logs.findSettings(db, userId);
  return schedulerFor({
    desiredRetention: settings?.desiredRetention ?? DEFAULT_RETENTION,
    weights: settings?.weights ?? null,
  });
}

/** The card a question belongs to: its case's first question, or itself. */
export async function cardOf(db: Db, questionId: number) {
  const caseIds = await logs.caseQuestionIds(db, questionId);
  return { cardId: caseIds?.[0] ?? questionId, caseIds };
}

export async function applyRating(
  db: Db,
  userId: number,
  cardId: number,
  rating: Rating,
  now: Date,
): Promise<{ created: boolean; row: evaluations.EvaluationRow }> {
  const scheduler = await schedulerOf(db, userId);
  const previous = await evaluations.findEvaluation(db, userId, cardId);
  const next = { rating, ...review(scheduler, previous, rating, now), updatedAt: now };
  await logs.insertReviewLog(db, {
    userId,
    questionId: cardId,
    rating: GRADE[rating],
    state: previous?.state ?? 0,
    reviewedAt: now,
  });
  if (!previous) {
    const inserted = await evaluations.insertEvaluation(db, userId, cardId, next);
    if (inserted) return { created: true, row: inserted };
  }
  const current = previous ?? (await evaluations.findEvaluation(db, userId, cardId))!;
  return { created: false, row: await evaluations.updateEvaluation(db, current.id, next) };
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
 * Schedules the card of an answered question. A clinical case is graded once, when its last
 * question is answered, from the learner's latest answer to each of its questions.
 */
export async function reviewAfterAnswer(db: Db, answer: AnswerForReview): Promise<void> {
  const { cardId, caseIds } = await cardOf(db, answer.questionId);
  let correctness = answer.score;
  let seconds = answer.timeSpentMs / 1000;
  if (caseIds) {
    if (caseIds[caseIds.length - 1] !== answer.questionId) return;
    const latest = await logs.latestAnswers(db, answer.userId, caseIds);
    const mean = (f: (a: (typeof latest)[number]) => number) =>
      latest.reduce((sum, a) => sum + f(a), 0) / caseIds.length;
    correctness = mean((a) => a.score);
    seconds = mean((a) => a.timeSpentMs) / 1000;
  }
  const rating = gradeFromAnswer({
    correctness,
    timeSpentSeconds: seconds,
    confidence: answer.confidence ?? null,
  });
  await applyRating(db, answer.userId, cardId, rating, answer.now);
}
