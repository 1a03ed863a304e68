import { invalidPk } from '@qbank/contract';
import type { AnswerCorrection, Confidence, ScoringRule } from '@qbank/contract';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { assertQuestionAccess, cachedAnswerableCard, type AccessDeps } from '../questions/access';
import type { QuestionCard } from '../questions/content-cache';
import { countedAnswerWrites } from '../stats/index';
import { streakWrite } from '../review/index';
import {
  findAnswerableQuestions,
  recordAnswerRows,
  type AnswerableQuestion,
  type AnswerWrite,
} from './history.repository';
import { clock } from '../../lib/clock';
import { answerReview, reviewAfterAnswer } from './review-cards';
import { cardContext } from './review-log.repository';
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
  const card = await cachedAnswerableCard(deps, user, questionId);
  if (card) return answerableOf(card);
  if (card === undefined) throw badRequest('question', invalidPk(questionId));
  const question = await loadQuestion(deps.db, questionId);
  await assertQuestionAccess(deps, user, questionId);
  return question;
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

export type { AnswerWrite } from './history.repository';

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
}

/**
 * Appends a graded answer to the user's permanent history, updates its mistakes-shelf row,
 * reschedules its card (decision 038) and, when it counts, adds it to the statistics'
 * aggregates (decision 039), together with the caller's `also` writes: all in ONE statement
 * (atomic, one snapshot), after one read of the card's context. The answer is the hottest
 * write, and a round trip costs more here than the SQL it carries (decision 042). Returns the
 * history row and the id each `also` write returned.
 */
export async function logAnswer(db: Db, entry: AnswerEntry, also: AnswerWrite[] = []) {
  const { userId, question, graded } = entry;
  const counted = entry.counted ?? true;
  const confidence = entry.confidence ?? null;
  const answer = {
    userId,
    questionId: question.id,
    score: graded.score,
    timeSpentMs: entry.timeSpentMs,
    confidence,
    now: clock.now(),
  };
  const review = answerReview(await cardContext(db, userId, question.id), answer);
  const fact = { userId, questionId: question.id, isCorrect: graded.isCorrect };
  const history = {
    ...fact,
    choices: graded.choices,
    score: graded.score,
    timeSpentMs: entry.timeSpentMs,
    mode: entry.mode,
    confidence,
    counted,
  };
  const counts = { ...fact, courseId: question.courseId, sourceId: question.sourceId };
  const recorded = await recordAnswerRows(db, {
    history,
    writes: [
      streakWrite(fact),
      ...(review.kind === 'write' ? [review.writes] : []),
      ...(counted
        ? [
            countedAnswerWrites({
              ...counts,
              choices: graded.choices,
              timeSpentMs: entry.timeSpentMs,
            }),
          ]
        : []),
    ],
    hasCard: review.kind === 'write',
    also,
  });
  // A case's last question, or a card another request rescheduled since it was read.
  if (review.kind === 'after' || !recorded.cardWritten) await reviewAfterAnswer(db, answer);
  return { ...history, id: recorded.id, createdAt: recorded.createdAt, also: recorded.also };
}

/** Published questions with their choices, by id, to build corrections in bulk. */
export const loadQuestions = findAnswerableQuestions;
