import type { SQL } from 'drizzle-orm';
import type { ScoringRule } from '@qbank/contract';
import type { Db } from '../../../db/client';

/**
 * The answers a change touched, as the history filter of a recount: the answers of `users` to
 * `questions` (null: everyone's, every question). A recount rewrites every derived row these
 * answers feed, from the history as it now is.
 */
export interface AnswerScope {
  users: number[] | null;
  questions: number[] | null;
}

/** The whole history: the rebuild. */
export const EVERYTHING: AnswerScope = { users: null, questions: null };

/** A table an effect derives from the history, with the columns that name one of its rows. */
export interface DerivedTable {
  name: string;
  key: string[];
}

/** A key change, as the effects that keep their own copy of answers' scores see it. */
export interface KeyChange {
  questionId: number;
  /** Re-scores one stored answer under the new key: its new score, or null when unchanged. */
  rescore(answer: { choices: number[]; score: number }): number | null;
  /** Scores ticked choices under the new key with a known rule (a paper keeps its rule). */
  scoreWith(choices: number[], rule: ScoringRule): number;
}

/**
 * What one owner does with answers (decision 049). Every field is required: an effect says
 * what it does at each step of an answer's life, or null with the reason in its file.
 *
 * - `apply`: common table expressions of the batch statement that records answers, over its
 *   `input` and `counted` rows (`answer-batch.repository.ts`); null when nothing is written.
 * - `recount`: statements that rewrite, from the history, every row of `tables` that the
 *   scope's answers feed. Deleting a history entry, re-scoring after a key change, forgetting
 *   a learner and rebuilding everything are all this one recount over different scopes.
 *   Null when the effect's rows are not derived from the history.
 * - `rescore`: rewrites the owner's own stored copies of scores after a key change (not derived
 *   from the history, so not recounted); answers how many changed.
 */
export interface AnswerEffect {
  name: string;
  tables: DerivedTable[];
  apply: SQL | null;
  recount: ((scope: AnswerScope) => SQL[]) | null;
  rescore: ((db: Db, change: KeyChange) => Promise<number>) | null;
}

/** Re-scores stored answers with `change`: the ids whose score changed, with their new score. */
export function rescored<T extends { id: number; choices: number[]; score: number }>(
  answers: T[],
  change: KeyChange,
): { id: number; score: number }[] {
  const changed: { id: number; score: number }[] = [];
  for (const answer of answers) {
    const score = change.rescore(answer);
    if (score !== null) changed.push({ id: answer.id, score });
  }
  return changed;
}
