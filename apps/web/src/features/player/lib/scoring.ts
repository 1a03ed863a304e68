import type { ScoringRule } from '@qbank/contract/history';
import { useSyncExternalStore } from 'react';

/** The qcm scoring rule the learner chose (PRODUCT.md §3), sent as `scoring` with every answer. */
const KEY = 'qbank.scoring';
const listeners = new Set<() => void>();

function read(): ScoringRule {
  try {
    return window.localStorage.getItem(KEY) === 'partial' ? 'partial' : 'all_or_nothing';
  } catch {
    return 'all_or_nothing';
  }
}

let current: ScoringRule = read();

export function getScoringRule(): ScoringRule {
  return current;
}

export function setScoringRule(rule: ScoringRule): void {
  current = rule;
  try {
    window.localStorage.setItem(KEY, rule);
  } catch {
    // Without storage the choice lasts until the page closes.
  }
  for (const listener of listeners) listener();
}

export function useScoringRule(): ScoringRule {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getScoringRule,
    getScoringRule,
  );
}
