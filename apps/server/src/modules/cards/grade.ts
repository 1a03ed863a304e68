import type { Confidence, Rating } from '@qbank/contract';

export type { Confidence };

export interface AnswerSignal {
  /** Share of the answer that was right, 0..1 (a qcm's partial credit, a case's mean). */
  correctness: number;
  timeSpentSeconds: number;
  confidence?: Confidence | null;
}

/** A right answer this fast (per question) is easy; slower than SLOW it was hard work. */
export const FAST_SECONDS = 20;
export const SLOW_SECONDS = 90;
/** Below this share right the answer counts as forgotten. */
export const PASS_CORRECTNESS = 0.5;

/**
 * The one grade rule (decision 038): an answer's correctness, time and confidence become the
 * FSRS rating the learner would have pressed.
 * - wrong (< 50 % right), or not fully right while "sure": again (a confident error is a lapse);
 * - partly right: hard;
 * - right by a guess: hard; right but unsure: good;
 * - right and sure or unstated: easy when fast, hard when slow, good otherwise.
 */
export function gradeFromAnswer({
  correctness,
  timeSpentSeconds,
  confidence,
}: AnswerSignal): Rating {
  const share = Math.min(1, Math.max(0, Number.isFinite(correctness) ? correctness : 0));
  if (share < PASS_CORRECTNESS) return 'again';
  if (share < 1) return confidence === 'sure' ? 'again' : 'hard';
  if (confidence === 'guess') return 'hard';
  if (confidence === 'unsure') return 'good';
  // An unknown time (0) says nothing: good.
  if (timeSpentSeconds <= 0) return 'good';
  if (timeSpentSeconds <= FAST_SECONDS) return 'easy';
  if (timeSpentSeconds > SLOW_SECONDS) return 'hard';
  return 'good';
}
