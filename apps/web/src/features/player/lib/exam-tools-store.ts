import { useCallback, useSyncExternalStore } from 'react';

/**
 * The exam tools' state (issue 13): strike-outs, stem highlights and review flags, per session or
 * exam and per question. Kept in localStorage (decision 040): nothing here is graded, and an
 * exam lives only in the browser until it is submitted.
 */

/** A highlight: [start, end) offsets in the stem's text. */
export type HighlightRange = [number, number];
export type QuestionMarks = { struck: number[]; highlights: HighlightRange[] };
export type ToolsState = {
  /** Flagged question id → its 1-based position when flagged (to jump back to it). */
  flags: Record<string, number>;
  questions: Record<string, QuestionMarks>;
  /** ms since epoch of the last change: old scopes are pruned. */
  touched: number;
};

const PREFIX = 'qbank.exam-tools.';
const MAX_AGE_MS = 60 * 24 * 3600_000;
const EMPTY: ToolsState = { flags: {}, questions: {}, touched: 0 };
const NO_MARKS: QuestionMarks = { struck: [], highlights: [] };
const cache = new Map<string, ToolsState>();
const listeners = new Set<() => void>();

let pruned = false;

function read(scope: string): ToolsState {
  const cached = cache.get(scope);
  if (cached) return cached;
  if (!pruned) {
    pruned = true;
    pruneOldScopes();
  }
  let state = EMPTY;
  try {
    const raw = window.localStorage.getItem(PREFIX + scope);
    if (raw) state = { ...EMPTY, ...(JSON.parse(raw) as Partial<ToolsState>) };
  } catch {
    // Unreadable storage: start clean.
  }
  cache.set(scope, state);
  return state;
}

function write(scope: string, change: (state: ToolsState) => ToolsState) {
  const next = { ...change(read(scope)), touched: Date.now() };
  cache.set(scope, next);
  try {
    window.localStorage.setItem(PREFIX + scope, JSON.stringify(next));
  } catch {
    // Without storage the marks last as long as the page.
  }
  for (const listener of listeners) listener();
}

/** Forgets scopes untouched for two months, so that storage does not grow for ever. */
export function pruneOldScopes(now = Date.now()): void {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (!key.startsWith(PREFIX)) continue;
      const touched = (JSON.parse(window.localStorage.getItem(key) ?? '{}') as ToolsState).touched;
      if (!touched || now - touched > MAX_AGE_MS) window.localStorage.removeItem(key);
    }
  } catch {
    // Nothing to prune without storage.
  }
}

/** Every question flagged in any run or exam of this browser (the builder's "flagged" choice). */
export function allFlaggedQuestionIds(): number[] {
  const ids = new Set<number>();
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (!key.startsWith(PREFIX)) continue;
      const state = read(key.slice(PREFIX.length));
      for (const id of Object.keys(state.flags)) ids.add(Number(id));
    }
  } catch {
    // Without storage there are no flags.
  }
  return [...ids].filter((id) => Number.isInteger(id) && id > 0).sort((a, b) => a - b);
}

export function marksOf(state: ToolsState, questionId: number): QuestionMarks {
  return state.questions[String(questionId)] ?? NO_MARKS;
}

function updateMarks(
  scope: string,
  questionId: number,
  change: (m: QuestionMarks) => QuestionMarks,
) {
  write(scope, (s) => ({
    ...s,
    questions: { ...s.questions, [String(questionId)]: change(marksOf(s, questionId)) },
  }));
}

const toggled = <T>(list: readonly T[], item: T) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

export function toggleStrike(scope: string, questionId: number, choiceId: number): void {
  updateMarks(scope, questionId, (m) => ({ ...m, struck: toggled(m.struck, choiceId) }));
}

export function setHighlights(scope: string, questionId: number, ranges: HighlightRange[]): void {
  updateMarks(scope, questionId, (m) => ({ ...m, highlights: ranges }));
}

export function toggleFlag(scope: string, questionId: number, position: number): void {
  write(scope, (s) => {
    const flags = { ...s.flags };
    if (flags[String(questionId)] === undefined) flags[String(questionId)] = position;
    else delete flags[String(questionId)];
    return { ...s, flags };
  });
}

export function clearScope(scope: string): void {
  cache.delete(scope);
  try {
    window.localStorage.removeItem(PREFIX + scope);
  } catch {
    // Nothing stored.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The tools' state of one session (`session-12`) or exam (`exam-<id>`). */
export function useToolsState(scope: string): ToolsState {
  const get = useCallback(() => read(scope), [scope]);
  return useSyncExternalStore(subscribe, get, get);
}
