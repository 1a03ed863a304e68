import type { Confidence, GradeReason, Rating } from '@qbank/contract';

export type { Confidence, GradeReason };

export interface AnswerSignal {
  /** Share of the answer that was right, 0..1 (a qcm's partial credit, a case's mean). */
  correctness: number;
  timeSpentSeconds: number;
  confidence?: Confidence | null;
}

/** A right answer slower than this (per question) was hard work. */
export const SLOW_SECONDS = 90;
/** Below this share right the answer counts as forgotten. */
export const PASS_CORRECTNESS = 0.5;

/**
 * The one grade rule (decision 038, revised by issue 33): an answer's correctness, time and
 * confidence become the FSRS rating the learner would have pressed, and the reason shown for it.
 * Only the learner makes an answer Easy (by saying "sure"): a quick right answer can be a lucky
 * guess, so time alone never does.
 * - wrong (< 50 % right), or not fully right while "sure": again (a confident error is a lapse);
 * - partly right: hard;
 * - right by a guess: hard; right but unsure: good; right and sure: easy;
 * - right, confidence unstated: good, hard when slow.
 */
export function gradeWithReason({ correctness, timeSpentSeconds, confidence }: AnswerSignal): {
  rating: Rating;
  reason: GradeReason;
} {
  const share = Math.min(1, Math.max(0, Number.isFinite(correctness) ? correctness : 0));
  if (share < PASS_CORRECTNESS) return { rating: 'again', reason: 'wrong' };
  if (share < 1) {
    return confidence === 'sure'
      ? { rating: 'again', reason: 'partly-right-sure' }
      : { rating: 'hard', reason: 'partly-right' };
  }
  if (confidence === 'guess') return { rating: 'hard', reason: 'right-guess' };
  if (confidence === 'unsure') return { rating: 'good', reason: 'right-unsure' };
  if (confidence === 'sure') return { rating: 'easy', reason: 'right-sure' };
  if (timeSpentSeconds > SLOW_SECONDS) return { rating: 'hard', reason: 'right-slow' };
  return { rating: 'good', reason: 'right' };
}

export function gradeFromAnswer(signal: AnswerSignal): Rating {
  return gradeWithReason(signal).rating;
}
