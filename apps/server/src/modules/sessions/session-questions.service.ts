import type {
  SessionQuestion,
  SessionQuestionListQuery,
  sessionQuestionCreateSchema,
} from '@qbank/contract';
import type { z } from 'zod';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import { requestFit } from '../cards/optimiser';
import {
  checkChoiceOrder,
  correctionOf,
  grade,
  loadAnswerableQuestion,
  loadQuestions,
  logAnswer,
} from '../answers/index';
import type { AccessDeps } from '../questions/access';
import { answerSession } from './answer-sessions';
import * as repo from './session-questions.repository';
import { ownSession } from './sessions.service';

type Deps = Pick<ServiceDeps, 'db'>;

type AnswerInput = z.output<typeof sessionQuestionCreateSchema>;

export const FINISHED_SESSION_MESSAGE = 'This session is finished; restart it or start a new one.';

const toSessionQuestion = (
  row: repo.SessionQuestionRow,
  correction: Omit<
    SessionQuestion,
    | 'id'
    | 'session'
    | 'question'
    | 'choices'
    | 'answered_at'
    | 'is_correct'
    | 'score'
    | 'confidence'
    | 'history_id'
  >,
  historyId?: number,
): SessionQuestion => ({
  id: row.id,
  session: row.sessionId,
  question: row.questionId,
  choices: row.choices,
  is_correct: row.isCorrect,
  score: row.score,
  confidence: row.confidence,
  ...correction,
  ...(historyId === undefined ? {} : { history_id: historyId }),
  answered_at: row.answeredAt.toISOString(),
});

/**
 * Answers a question in one of the caller's sessions (another user's session: 404). The
 * question must be part of the session; a second answer replaces the first. Every answer is
 * also logged in the history (mode study).
 */
export async function answer(
  deps: AccessDeps,
  user: User,
  input: AnswerInput,
): Promise<SessionQuestion> {
  const { db } = deps;
  const userId = user.id;
  const session = await answerSession(db, userId, input.session);
  if (session.isFinished) throw badRequest('session', FINISHED_SESSION_MESSAGE);
  const question = await loadAnswerableQuestion(deps, user, input.question);
  const inSession = session.courseId
    ? question.courseId === session.courseId
    : (session.questionIds ?? []).includes(question.id);
  if (!inSession) throw badRequest('question', 'This question is not part of the session.');
  const graded = grade(question, input.choices, input.scoring);
  const choiceOrder = checkChoiceOrder(question, input.choice_order);
  const answeredAt = new Date();
  const logged = await logAnswer(
    db,
    {
      userId,
      question,
      graded,
      timeSpentMs: input.time_spent_ms,
      mode: 'study',
      confidence: input.confidence,
      choiceOrder,
    },
    { sessionId: session.id, answeredAt },
  );
  const saved = {
    id: logged.savedId!,
    sessionId: session.id,
    userId,
    questionId: question.id,
    choices: graded.choices,
    isCorrect: graded.isCorrect,
    score: graded.score,
    confidence: input.confidence ?? null,
    answeredAt,
  };
  requestFit(db, userId);
  return toSessionQuestion(saved, correctionOf(question), logged.id);
}

export async function listAnswers({ db }: Deps, user: User, query: SessionQuestionListQuery) {
  if (query.session !== undefined) await ownSession({ db }, user, query.session);
  const { total, rows } = await repo.listSessionQuestions(
    db,
    user.id,
    query.session,
    pageWindow(query),
  );
  assertPageExists(query, total);
  const questions = await loadQuestions(db, [...new Set(rows.map((r) => r.questionId))]);
  const results = rows.map((row) => {
    const question = questions.get(row.questionId);
    const correction = question
      ? correctionOf(question)
      : { correct_choices: [], explanation: '', choice_explanations: [] };
    return toSessionQuestion(row, correction);
  });
  return { total, results };
}

export async function deleteAnswer({ db }: Deps, user: User, id: number): Promise<void> {
  const sessionId = await repo.deleteSessionQuestion(db, user.id, id);
  if (sessionId === undefined) throw notFound();
}
