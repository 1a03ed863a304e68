import type { Confidence } from '@qbank/contract/confidence-values';
import type { HistoryCreated } from '@qbank/contract/history';
import type { Question } from '@qbank/contract/questions';
import { useSyncExternalStore } from 'react';
import { seededShuffle } from '../player';

/** The exam in progress (seed §3: responses_exam holds one answer slot per question). */
export type Exam = {
  id: string;
  questions: Question[];
  responses_exam: number[][];
  time_spent_ms: number[];
  /** Issue 13: how sure the learner was of each answer (absent in exams stored before). */
  confidence?: (Confidence | null)[];
  current: number;
  startedAt: number;
  /** ms since epoch; null when untimed. */
  deadline: number | null;
  finishedAt: number | null;
  results: HistoryCreated[] | null;
  /** false: "don't count this run", its answers stay out of statistics (decision 039). */
  counted?: boolean;
  /** The block's random answer order (absent in exams stored before: the learner's setting). */
  randomOrder?: boolean;
};

/**
 * The choices of a question in the order the exam shows them: the runner, the answers sent
 * (their `choice_order`) and the review all read this one order (decision 050).
 */
export function shownChoices<T extends { id: number }>(
  exam: Pick<Exam, 'id' | 'randomOrder'>,
  question: { id: number; choices: readonly T[] },
  fallback: boolean,
): T[] {
  return (exam.randomOrder ?? fallback)
    ? seededShuffle(question.choices, `${exam.id}:${question.id}`)
    : [...question.choices];
}

// Kept in sessionStorage: a reload in the middle of an exam keeps the answers and the clock.
const KEY = 'qbank.exam';
const listeners = new Set<() => void>();
let current: Exam | null = load();

function load(): Exam | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Exam) : null;
  } catch {
    return null;
  }
}

function save(exam: Exam | null) {
  current = exam;
  try {
    if (exam) window.sessionStorage.setItem(KEY, JSON.stringify(exam));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Without storage the exam lives as long as the page.
  }
  for (const listener of listeners) listener();
}

/** A fresh id: the sample's seed and the answer shuffle's seed. */
export function newExamId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** `choice_order` of an answer: the ids as shown, or null when shown in letter order. */
export function shownOrder(
  exam: Pick<Exam, 'id' | 'randomOrder'>,
  question: { id: number; choices: readonly { id: number }[] },
  fallback: boolean,
): number[] | null {
  return (exam.randomOrder ?? fallback)
    ? shownChoices(exam, question, fallback).map((c) => c.id)
    : null;
}

/** The choices in the order an answer kept (`choice_order`); letter order without one. */
export function inAnswerOrder<T extends { id: number }>(
  choices: readonly T[],
  order: readonly number[] | null | undefined,
): T[] {
  if (!order) return [...choices];
  const byId = new Map(choices.map((c) => [c.id, c]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  // A choice added since the answer goes last rather than vanishing.
  return [...ordered, ...choices.filter((c) => !order.includes(c.id))];
}

export function startExam(
  id: string,
  questions: Question[],
  durationMinutes: number,
  counted = true,
  randomOrder?: boolean,
): void {
  const now = Date.now();
  save({
    id,
    questions,
    responses_exam: questions.map(() => []),
    time_spent_ms: questions.map(() => 0),
    current: 0,
    startedAt: now,
    deadline: durationMinutes > 0 ? now + durationMinutes * 60_000 : null,
    finishedAt: null,
    results: null,
    counted,
    ...(randomOrder === undefined ? {} : { randomOrder }),
  });
}

export function updateExam(change: (exam: Exam) => Exam): void {
  if (current) save(change(current));
}

export function clearExam(): void {
  save(null);
}

export function getExam(): Exam | null {
  return current;
}

export function useExam(): Exam | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getExam,
    getExam,
  );
}
