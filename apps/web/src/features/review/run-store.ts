import type { Question } from '@qbank/contract/questions';
import { useSyncExternalStore } from 'react';

/**
 * A study run (instant correction) over the due cards, the shelf or a playlist; kept in
 * sessionStorage so a reload resumes it. A playlist run names itself and where to go back to.
 */
export type ReviewRunState = {
  source: 'due' | 'mistakes' | 'playlist' | 'search';
  session: number;
  questions: Question[];
  current: number;
  title?: string;
  back?: string;
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

export function useRun(): ReviewRunState | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
