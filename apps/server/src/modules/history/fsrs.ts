import type { Rating } from '@qbank/contract';

/**
 * FSRS-5 (the free spaced-repetition scheduler), long-term form with its published default
 * parameters, desired retention 0.9 and no fuzz, so that a schedule is reproducible. Pure
 * functions; the evaluation service stores the resulting card state.
 */
export const FSRS5_DEFAULT_WEIGHTS = [
  0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192, 1.01925,
  1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621,
] as const;

const w = FSRS5_DEFAULT_WEIGHTS;
const DECAY = -0.5;
const FACTOR = 19 / 81; // 0.9^(1/DECAY) - 1: the interval equals the stability at 90 % recall.
export const REQUEST_RETENTION = 0.9;
export const MAXIMUM_INTERVAL_DAYS = 36_500;
/** A forgotten question comes back soon, within the same study day. */
export const AGAIN_DELAY_MINUTES = 10;
const DAY_MS = 86_400_000;

const GRADE: Record<Rating, 1 | 2 | 3 | 4> = { again: 1, hard: 2, good: 3, easy: 4 };

export interface Card {
  stability: number;
  difficulty: number;
  reps: number;
  lapses: number;
  /** When the card was last reviewed; null for a new card. */
  lastReview: Date | null;
}

export interface Review extends Card {
  dueAt: Date;
  lastReview: Date;
}

const clampDifficulty = (d: number) => Math.min(10, Math.max(1, d));
const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** Probability of recall after `days` for a memory of stability `s`. */
export function retrievability(days: number, s: number): number {
  return Math.pow(1 + (FACTOR * days) / s, DECAY);
}

export function nextIntervalDays(s: number): number {
  const days = (s / FACTOR) * (Math.pow(REQUEST_RETENTION, 1 / DECAY) - 1);
  return Math.min(MAXIMUM_INTERVAL_DAYS, Math.max(1, Math.round(days)));
}

const initialStability = (g: number) => Math.max(w[g - 1]!, 0.1);
const initialDifficulty = (g: number) => w[4] - Math.exp(w[5] * (g - 1)) + 1;

function nextDifficulty(d: number, g: number): number {
  const delta = -w[6] * (g - 3);
  const damped = d + (delta * (10 - d)) / 9;
  return clampDifficulty(w[7] * initialDifficulty(4) + (1 - w[7]) * damped);
}

function recallStability(d: number, s: number, r: number, g: number): number {
  const hardPenalty = g === 2 ? w[15] : 1;
  const easyBonus = g === 4 ? w[16] : 1;
  return (
    s *
    (1 +
      Math.exp(w[8]) *
        (11 - d) *
        Math.pow(s, -w[9]) *
        (Math.exp(w[10] * (1 - r)) - 1) *
        hardPenalty *
        easyBonus)
  );
}

function forgetStability(d: number, s: number, r: number): number {
  const next =
    w[11] * Math.pow(d, -w[12]) * (Math.pow(s + 1, w[13]) - 1) * Math.exp(w[14] * (1 - r));
  return Math.min(next, s);
}

/** Same-day review: FSRS-5's short-term stability update. */
const shortTermStability = (s: number, g: number) => s * Math.exp(w[17] * (g - 3 + w[18]));

/** The card after a review with `rating` at `now`. */
export function review(card: Card, rating: Rating, now: Date): Review {
  const g = GRADE[rating];
  let stability: number;
  let difficulty: number;
  let lapses = card.lapses;
  if (card.reps === 0 || card.lastReview === null || card.stability <= 0) {
    stability = initialStability(g);
    difficulty = clampDifficulty(initialDifficulty(g));
  } else {
    const elapsedDays = Math.max(0, (now.getTime() - card.lastReview.getTime()) / DAY_MS);
    difficulty = nextDifficulty(card.difficulty, g);
    if (elapsedDays < 1) {
      stability = shortTermStability(card.stability, g);
    } else {
      const r = retrievability(elapsedDays, card.stability);
      stability =
        g === 1
          ? forgetStability(card.difficulty, card.stability, r)
          : recallStability(card.difficulty, card.stability, r, g);
    }
    if (g === 1) lapses += 1;
  }
  stability = Math.max(0.01, stability);
  const dueAt =
    g === 1
      ? new Date(now.getTime() + AGAIN_DELAY_MINUTES * 60_000)
      : new Date(now.getTime() + nextIntervalDays(stability) * DAY_MS);
  return {
    stability: round(stability),
    difficulty: round(difficulty),
    reps: card.reps + 1,
    lapses,
    lastReview: now,
    dueAt,
  };
}
