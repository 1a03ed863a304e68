import type {
  HistoryCreated,
  historyCreateSchema,
  HistoryEntry,
  HistoryListQuery,
} from '@qbank/contract';
import type { z } from 'zod';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import type { AccessDeps } from '../questions/access';
import {
  checkChoiceOrder,
  deleteHistoryEntry,
  grade,
  loadAnswerableQuestion,
  logAnswer,
} from '../answers/index';
import * as repo from './history.repository';
import { requestFit } from '../cards/optimiser';

type Deps = Pick<ServiceDeps, 'db'>;
type HistoryCreateInput = z.output<typeof historyCreateSchema>;

/** Scores an answer on the server and appends it to the user's permanent log. */
export async function recordAnswer(
  deps: AccessDeps,
  user: User,
  input: HistoryCreateInput,
): Promise<HistoryCreated> {
  const question = await loadAnswerableQuestion(deps, user, input.question);
  const graded = grade(question, input.choices, input.scoring);
  const choiceOrder = checkChoiceOrder(question, input.choice_order);
  const row = await logAnswer(deps.db, {
    userId: user.id,
    question,
    graded,
    timeSpentMs: input.time_spent_ms,
    mode: input.mode,
    confidence: input.confidence,
    counted: input.counted,
    choiceOrder,
  });
  requestFit(deps.db, user.id);
  return {
    id: row.id,
    question: row.questionId,
    choices: row.choices,
    mode: row.mode,
    time_spent_ms: row.timeSpentMs,
    confidence: row.confidence,
    counted: row.counted,
    choice_order: row.choiceOrder,
    created_at: row.createdAt.toISOString(),
    ...graded.correction,
  };
}

export async function listHistory({ db }: Deps, user: User, query: HistoryListQuery) {
  const { total, rows } = await repo.listHistory(
    db,
    user.id,
    {
      module: query.module,
      course: query.course,
      question: query.question,
      isCorrect: query.is_correct,
    },
    pageWindow(query),
  );
  assertPageExists(query, total);
  const results: HistoryEntry[] = rows.map(({ entry, stem, courseId, moduleId }) => ({
    id: entry.id,
    question: { id: entry.questionId, stem, course: courseId, module: moduleId },
    choices: entry.choices,
    is_correct: entry.isCorrect,
    score: entry.score,
    mode: entry.mode,
    time_spent_ms: entry.timeSpentMs,
    confidence: entry.confidence,
    miss_class: entry.missClass,
    created_at: entry.createdAt.toISOString(),
  }));
  return { total, results };
}

export async function deleteHistory({ db }: Deps, user: User, id: number): Promise<void> {
  if (!(await deleteHistoryEntry(db, user.id, id))) throw notFound();
}
