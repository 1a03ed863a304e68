import { choiceLetter, invalidPk } from '@qbank/contract';
import type { AnswerCorrection, Confidence, ScoringRule } from '@qbank/contract';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { assertQuestionAccess, cachedAnswerableCard, type AccessDeps } from '../questions/access';
import { getQuestionCards, type QuestionCard } from '../questions/content-cache';
import { cachesReady } from '../../lib/cache';
import { bucketOf } from './effects/measures';
import { findAnswerableQuestions, type AnswerableQuestion } from './answerable.repository';
import { clock } from '../../lib/clock';
import { answerBatches, type AnswerRow } from './answer-batches';
import { scoreAnswer } from './scoring';

/**
 * Grading shared by the history and the sessions features: one place loads a question, checks
 * the ticked choices and builds the correction the player shows.
 */

export function correctionOf(
  question: AnswerableQuestion,
): Omit<AnswerCorrection, 'is_correct' | 'score'> {
  return {
    correct_choices: question.choices.filter((c) => c.isCorrect).map((c) => c.id),
    explanation: question.explanation,
    choice_explanations: question.choices.map((c, i) => ({
      id: c.id,
      letter: choiceLetter(i),
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
  const card = await cachedAnswerableCard(deps, user, questionId);
  if (card) return answerableOf(card);
  if (card === undefined) throw badRequest('question', invalidPk(questionId));
  const question = await loadQuestion(deps.db, questionId);
  await assertQuestionAccess(deps, user, questionId);
  return question;
}

/**
 * A published question by id from the content cache when it serves (no access check: the
 * caller's own rule grants it, e.g. a scheduled exam's paper); undefined when unknown.
 */
export async function loadQuestionCached(
  deps: AccessDeps,
  questionId: number,
): Promise<AnswerableQuestion | undefined> {
  if (!cachesReady(deps.db))
    return (await findAnswerableQuestions(deps.db, [questionId])).get(questionId);
  const freePerCourse = deps.config.freeQuestionsPerCourse;
  const card = (await getQuestionCards(deps.db, [questionId], freePerCourse)).get(questionId);
  return card?.meta.is_published ? answerableOf(card) : undefined;
}

/** The answerable question a cached card describes (same content, key and letter order). */
function answerableOf({ meta, content }: QuestionCard): AnswerableQuestion {
  const correct = new Set(content.correction.correct_choices);
  return {
    id: meta.id,
    courseId: meta.course_id,
    moduleId: meta.module_id,
    sourceId: meta.source_id,
    type: meta.type as 'qcs' | 'qcm',
    explanation: content.correction.explanation,
    choices: content.choices.map((c, order) => ({
      id: c.id,
      isCorrect: correct.has(c.id),
      explanation: content.correction.choice_explanations[String(c.id)] ?? '',
      order,
    })),
  };
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
 * The order the learner saw the choices in (a random order): each choice of the question once,
 * else 400 on `choice_order`. Kept with the answer so its review shows the same letters.
 */
export function checkChoiceOrder(
  question: AnswerableQuestion,
  order: number[] | null | undefined,
): number[] | null {
  if (!order) return null;
  const own = question.choices.map((c) => c.id).sort((a, b) => a - b);
  const given = [...order].sort((a, b) => a - b);
  if (own.length !== given.length || own.some((id, i) => id !== given[i])) {
    throw badRequest('choice_order', 'Give every choice of the question once.');
  }
  return order;
}

export interface AnswerEntry {
  userId: number;
  question: AnswerableQuestion;
  graded: Graded;
  timeSpentMs: number;
  mode: 'study' | 'exam';
  /** The learner's stated confidence, when the answer carries one (it adjusts the grade). */
  confidence?: Confidence | null;
  /** False for a "don't count this run" answer: left out of statistics. */
  counted?: boolean;
  /** The choices in the order shown (`checkChoiceOrder`); null: letter order. */
  choiceOrder?: number[] | null;
}

/** The session an answer is given in: its row there is written with the answer. */
export interface SessionAnswer {
  sessionId: number;
  answeredAt: Date;
}

/**
 * Appends a graded answer to the user's permanent history, updates its mistakes-shelf row,
 * reschedules its card (decision 038), adds it to the statistics' aggregates when it counts
 * (decision 039) and saves it in its session if it has one: all in one statement, with the
 * other answers that arrived meanwhile (group commit, `answer-batches.ts`). Resolves once it
 * is committed, with the history row and the session row's id.
 */
export async function logAnswer(db: Db, entry: AnswerEntry, session?: SessionAnswer) {
  const { row, review, history } = answerRowOf(entry, session);
  const recorded = await answerBatches(db).write(row, review);
  return { ...history, id: recorded.id, createdAt: recorded.createdAt, savedId: recorded.savedId };
}

/**
 * Logs one learner's answers to distinct questions as `logAnswer` does each, in ONE statement
 * (an exam sitting's close: a deadline submission writes its whole history at once).
 */
export async function logAnswers(db: Db, entries: AnswerEntry[]): Promise<void> {
  const built = entries.map((entry) => answerRowOf(entry));
  await answerBatches(db).writeMany(
    built.map((b) => b.row),
    built.map((b) => b.review),
  );
}

/** An answer's history values, its row of the batch statement and its card's review. */
function answerRowOf(entry: AnswerEntry, session?: SessionAnswer) {
  const { userId, question, graded } = entry;
  const history = {
    userId,
    questionId: question.id,
    isCorrect: graded.isCorrect,
    choices: graded.choices,
    score: graded.score,
    timeSpentMs: entry.timeSpentMs,
    mode: entry.mode,
    confidence: entry.confidence ?? null,
    counted: entry.counted ?? true,
    choiceOrder: entry.choiceOrder ?? null,
  };
  const row: AnswerRow = {
    user_id: userId,
    question_id: question.id,
    choices: history.choices,
    is_correct: history.isCorrect,
    score: history.score,
    time_spent_ms: history.timeSpentMs,
    mode: history.mode,
    confidence: history.confidence,
    counted: history.counted,
    choice_order: history.choiceOrder,
    course_id: question.courseId,
    source_id: question.sourceId,
    bucket: String(bucketOf(history.timeSpentMs)),
    ...(session
      ? { session_id: session.sessionId, answered_at: session.answeredAt.toISOString() }
      : {}),
  };
  return { history, row, review: { ...history, now: clock.now() } };
}

/** Published questions with their choices, by id, to build corrections in bulk. */
export const loadQuestions = findAnswerableQuestions;
