import type { Question } from '@qbank/contract/questions';
import type { SessionQuestion } from '@qbank/contract/sessions';
import { useSyncExternalStore } from 'react';

/**
 * A study run (instant correction) over the due cards, the shelf, a playlist, search results or
 * a tutor block; kept in sessionStorage so a reload resumes it, answers and corrections
 * included. A named run says where to go back to; a tutor block ends on its score.
 */
export type ReviewRunState = {
  source: 'due' | 'mistakes' | 'playlist' | 'search' | 'block';
  session: number;
  questions: Question[];
  current: number;
  title?: string;
  back?: string;
  /** The block's random answer order (undefined: the learner's setting). */
  randomOrder?: boolean;
};

const KEY = 'qbank.review-run';
const listeners = new Set<() => void>();
let current: ReviewRunState | null = load();

function load(): ReviewRunState | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ReviewRunState) : null;
  } catch {
    return null;
  }
}

export function saveRun(run: ReviewRunState | null): void {
  current = run;
  try {
    if (run) window.sessionStorage.setItem(KEY, JSON.stringify(run));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Without storage the run lives as long as the page.
  }
  for (const listener of listeners) listener();
}

/**
 * The run's copy of a question learns its answer and correction: the navigator marks it
 * answered, and going back (or reloading) shows the correction, as the course player does.
 */
export function recordAnswer(saved: SessionQuestion): void {
  if (!current) return;
  saveRun({
    ...current,
    questions: current.questions.map((q) =>
      q.id === saved.question
        ? {
            ...q,
            last_answer: {
              choices: saved.choices,
              is_correct: saved.is_correct,
              score: saved.score,
              answered_at: saved.answered_at,
            },
            correction: {
              correct_choices: saved.correct_choices,
              explanation: saved.explanation,
              choice_explanations: Object.fromEntries(
                saved.choice_explanations.map((c) => [String(c.id), c.explanation]),
              ),
            },
          }
        : q,
    ),
  });
}

/** The block's score: the sum of its answers' scores, out of its questions. */
export function runScore(run: ReviewRunState): { score: number; answered: number; right: number } {
  const answers = run.questions.flatMap((q) => (q.last_answer ? [q.last_answer] : []));
  return {
    score: answers.reduce((sum, a) => sum + a.score, 0),
    answered: answers.length,
    right: answers.filter((a) => a.is_correct).length,
  };
}

export function useRun(): ReviewRunState | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
