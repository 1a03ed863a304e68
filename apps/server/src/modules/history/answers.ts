import { invalidPk } from '@qbank/contract';
import type { AnswerCorrection, ScoringRule } from '@qbank/contract';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { assertQuestionAccess, type AccessDeps } from '../questions/access';
import { recordCountedAnswer } from '../stats/index';
import {
  findAnswerableQuestions,
  insertHistory,
  type AnswerableQuestion,
} from './history.repository';
import { scoreAnswer } from './scoring';

/**
 * Grading shared by the history and the sessions features: one place loads a question, checks
 * the ticked choices and builds the correction the player shows.
 */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function correctionOf(
  question: AnswerableQuestion,
): Omit<AnswerCorrection, 'is_correct' | 'score'> {
  return {
    correct_choices: question.choices.filter((c) => c.isCorrect).map((c) => c.id),
    explanation: question.explanation,
    choice_explanations: question.choices.map((c, i) => ({
      id: c.id,
      letter: LETTERS[i] ?? String(i + 1),
      is_correct: c.isCorrect,
      explanation: c.explanation,
    })),
  };
}

/** A published question by id, or 400 on `question`. */
export async function loadQuestion(db: Db, questionId: number): Promise<AnswerableQuestion> {
  const question = (await findAnswerableQuestions(db, [questionId])).get(questionId);
  if (!question) throw badRequest('question', invalidPk(questionId));
  return question;
}

/**
 * A question the caller may answer: published (else 400 on `question`) and readable by them
 * (PRODUCT.md §6: a locked question is a 403, through the questions feature's one access check).
 */
export async function loadAnswerableQuestion(
  deps: AccessDeps,
  user: User,
  questionId: number,
): Promise<AnswerableQuestion> {
  const question = await loadQuestion(deps.db, questionId);
  await assertQuestionAccess(deps, user, questionId);
  return question;
}

export interface Graded {
  /** The ticked ids, without repeats, in the order given. */
  choices: number[];
  score: number;
  isCorrect: boolean;
  correction: AnswerCorrection;
}

/** Checks that every ticked id is a choice of the question (400 on `choices`), then scores. */
export function grade(question: AnswerableQuestion, ticked: number[], rule: ScoringRule): Graded {
  const unique = [...new Set(ticked)];
  const own = new Set(question.choices.map((c) => c.id));
  const foreign = unique.find((id) => !own.has(id));
  if (foreign !== undefined) {
    throw badRequest('choices', `Choice ${foreign} does not belong to question ${question.id}.`);
  }
  const { score, isCorrect } = scoreAnswer(question.type, question.choices, unique, rule);
  return {
    choices: unique,
    score,
    isCorrect,
    correction: { is_correct: isCorrect, score, ...correctionOf(question) },
  };
}

/**
 * Appends a graded answer to the user's permanent history and, when it counts, to the
 * statistics' aggregates (decision 039). Call it inside a transaction: both writes or neither.
 */
export async function logAnswer(
  db: Db,
  entry: {
    userId: number;
    question: AnswerableQuestion;
    graded: Graded;
    timeSpentMs: number;
    mode: 'study' | 'exam';
    counted?: boolean;
  },
) {
  const row = await insertHistory(db, {
    userId: entry.userId,
    questionId: entry.question.id,
    choices: entry.graded.choices,
    isCorrect: entry.graded.isCorrect,
    score: entry.graded.score,
    timeSpentMs: entry.timeSpentMs,
    mode: entry.mode,
    counted: entry.counted ?? true,
  });
  if (row.counted) {
    await recordCountedAnswer(db, {
      ...row,
      courseId: entry.question.courseId,
      sourceId: entry.question.sourceId,
    });
  }
  return row;
}

/** Published questions with their choices, by id, to build corrections in bulk. */
export const loadQuestions = findAnswerableQuestions;
