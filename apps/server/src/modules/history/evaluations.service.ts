import type { Evaluation, EvaluationListQuery, Rating } from '@qbank/contract';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import type { AccessDeps } from '../questions/access';
import { loadAnswerableQuestion } from './answers';
import * as repo from './evaluations.repository';
import { review } from './fsrs';

const toEvaluation = (row: repo.EvaluationRow): Evaluation => ({
  id: row.id,
  question: row.questionId,
  rating: row.rating,
  stability: row.stability,
  difficulty: row.difficulty,
  reps: row.reps,
  lapses: row.lapses,
  due_at: row.dueAt.toISOString(),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

function nextState(previous: repo.EvaluationRow | undefined, rating: Rating, now: Date) {
  const card = previous
    ? { ...previous, lastReview: previous.reps > 0 ? previous.updatedAt : null }
    : { stability: 0, difficulty: 0, reps: 0, lapses: 0, lastReview: null };
  const next = review(card, rating, now);
  return {
    rating,
    stability: next.stability,
    difficulty: next.difficulty,
    reps: next.reps,
    lapses: next.lapses,
    dueAt: next.dueAt,
    updatedAt: now,
  };
}

/**
 * Rates a question (one evaluation per user and question) and reschedules it with FSRS.
 * `created` tells a first rating (201) from an update (200).
 */
export async function rateQuestion(
  deps: AccessDeps,
  user: User,
  questionId: number,
  rating: Rating,
): Promise<{ created: boolean; evaluation: Evaluation }> {
  await loadAnswerableQuestion(deps, user, questionId);
  const { db } = deps;
  const userId = user.id;
  const now = new Date();
  let previous = await repo.findEvaluation(db, userId, questionId);
  if (!previous) {
    const inserted = await repo.insertEvaluation(
      db,
      userId,
      questionId,
      nextState(undefined, rating, now),
    );
    if (inserted) return { created: true, evaluation: toEvaluation(inserted) };
    previous = (await repo.findEvaluation(db, userId, questionId))!;
  }
  const updated = await repo.updateEvaluation(db, previous.id, nextState(previous, rating, now));
  return { created: false, evaluation: toEvaluation(updated) };
}

export async function listEvaluations(db: Db, userId: number, query: EvaluationListQuery) {
  const { total, rows } = await repo.listEvaluations(
    db,
    userId,
    { question: query.question, dueBefore: query.due ? new Date() : undefined },
    pageWindow(query),
  );
  assertPageExists(query, total);
  return { total, results: rows.map(toEvaluation) };
}

export async function deleteEvaluation(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteEvaluation(db, userId, id))) throw notFound();
}
