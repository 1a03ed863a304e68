import type { Evaluation, EvaluationListQuery, Rating } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import type { AccessDeps } from '../questions/access';
import { loadAnswerableQuestion } from '../answers/index';
import * as repo from '../cards/evaluations.repository';
import { clock } from '../../lib/clock';
import { requestFit } from '../cards/optimiser';
import { applyRating } from '../cards/review-cards';

type Deps = Pick<ServiceDeps, 'db'>;

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

/**
 * Rates a question (one evaluation per user and card) and reschedules it with ts-fsrs; a
 * clinical case's question rates the case's card. `created` tells a first rating (201) from an
 * update (200).
 */
export async function rateQuestion(
  deps: AccessDeps,
  user: User,
  questionId: number,
  rating: Rating,
): Promise<{ created: boolean; evaluation: Evaluation }> {
  await loadAnswerableQuestion(deps, user, questionId);
  const { created, row } = await deps.db.transaction((tx) =>
    applyRating(tx, user.id, questionId, rating, clock.now()),
  );
  requestFit(deps.db, user.id);
  return { created, evaluation: toEvaluation(row) };
}

export async function listEvaluations({ db }: Deps, user: User, query: EvaluationListQuery) {
  const { total, rows } = await repo.listEvaluations(
    db,
    user.id,
    { question: query.question, dueBefore: query.due ? clock.now() : undefined },
    pageWindow(query),
  );
  assertPageExists(query, total);
  return { total, results: rows.map(toEvaluation) };
}

export async function deleteEvaluation({ db }: Deps, user: User, id: number): Promise<void> {
  if (!(await repo.deleteEvaluation(db, user.id, id))) throw notFound();
}
