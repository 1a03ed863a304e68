import type { Rating } from '@qbank/contract';
import type { Db } from '../../db/client';
import * as evaluations from './evaluations.repository';
import { DEFAULT_RETENTION, GRADE, review, schedulerFor, type StoredCard } from './fsrs';
import * as logs from './review-log.repository';

/**
 * The review queue's cards (decision 038): one per learner and question, or per clinical case
 * (the case is the card, filed under its first question). Every rating, pressed or derived from
 * an answer, goes through `applyRating`, which also logs the review for the optimiser.
 */

const schedulerOf = (settings: logs.SettingsRow | undefined) =>
  schedulerFor({
    desiredRetention: settings?.desiredRetention ?? DEFAULT_RETENTION,
    weights: settings?.weights ?? null,
  });

/** A button pressed this soon after an answer replaces the answer's grade, not adds to it. */
export const REPLACE_WINDOW_MS = 30 * 60_000;

const snapshot = (card: StoredCard) => ({
  ...card,
  lastReview: card.lastReview?.toISOString() ?? null,
  dueAt: card.dueAt.toISOString(),
});
const restore = (saved: Record<string, unknown>): StoredCard => {
  const card = saved as unknown as StoredCard & { lastReview: string | null; dueAt: string };
  return {
    ...card,
    lastReview: card.lastReview ? new Date(card.lastReview) : null,
    dueAt: new Date(card.dueAt),
  };
};

/** Whether a button pressed now replaces the card's latest review (an answer's, just given). */
export function replaces(
  last: logs.ReviewLogRow | undefined,
  now: Date,
): last is logs.ReviewLogRow {
  return (
    last?.source === 'answer' && now.getTime() - last.reviewedAt.getTime() <= REPLACE_WINDOW_MS
  );
}

/** The card as it was before the review of `log` (an answer's log keeps it). */
export const cardBefore = (log: logs.ReviewLogRow): StoredCard | undefined =>
  log.previous ? restore(log.previous) : undefined;

/**
 * The card before this rating: the stored one, or, for a button pressed right after an
 * answer, the card before that answer's review (whose log entry goes).
 */
async function baseCard(
  db: Db,
  userId: number,
  cardId: number,
  stored: StoredCard | undefined,
  source: 'answer' | 'button',
  now: Date,
): Promise<StoredCard | undefined> {
  if (source === 'answer' || !stored) return stored;
  const last = await logs.latestReview(db, userId, cardId);
  if (!replaces(last, now)) return stored;
  await logs.deleteReview(db, last.id);
  return cardBefore(last);
}

/** The card each of the four ratings would give `base` at `now` (the buttons' intervals). */
export function ratingOutcomes(
  settings: logs.SettingsRow | undefined,
  base: StoredCard | undefined,
  now: Date,
): Record<Rating, StoredCard> {
  const scheduler = schedulerOf(settings);
  const next = (rating: Rating) => review(scheduler, base, rating, now);
  return { again: next('again'), hard: next('hard'), good: next('good'), easy: next('easy') };
}

/**
 * Rates the card of `questionId` (a case's question rates the case's card): reads the case,
 * settings and card in one query, then logs the review and writes the card.
 */
export async function applyRating(
  db: Db,
  userId: number,
  questionId: number,
  rating: Rating,
  now: Date,
  source: 'answer' | 'button' = 'button',
): Promise<{ created: boolean; row: evaluations.EvaluationRow }> {
  const context = await logs.cardContext(db, userId, questionId);
  return rateCard(db, userId, context, rating, now, source);
}

async function rateCard(
  db: Db,
  userId: number,
  { cardId, settings, card }: logs.CardContext,
  rating: Rating,
  now: Date,
  source: 'answer' | 'button',
) {
  const base = await baseCard(db, userId, cardId, card, source, now);
  const { next, log } = reviewOf(userId, cardId, settings, base, rating, now, source);
  await logs.insertReviewLog(db, log);
  return evaluations.saveEvaluation(db, userId, cardId, next);
}

/** The card's next state and the review's log entry: one rule for buttons and answers. */
export function reviewOf(
  userId: number,
  cardId: number,
  settings: logs.SettingsRow | undefined,
  base: StoredCard | undefined,
  rating: Rating,
  now: Date,
  source: 'answer' | 'button',
) {
  const next = { rating, ...review(schedulerOf(settings), base, rating, now), updatedAt: now };
  const log = {
    userId,
    questionId: cardId,
    rating: GRADE[rating],
    state: base?.state ?? 0,
    reviewedAt: now,
    source,
    previous: source === 'answer' && base ? snapshot(base) : null,
  };
  return { next, log };
}
