import { invalidPk } from '@qbank/contract';
import type { AnswerCorrection, Confidence, ScoringRule } from '@qbank/contract';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { assertQuestionAccess, cachedAnswerableCard, type AccessDeps } from '../questions/access';
import type { QuestionCard } from '../questions/content-cache';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { questionAnswerHistory } from '../../db/schema/index';
import { countedAnswerWrites } from '../stats/index';
import { streakWrite } from '../review/index';
import { findAnswerableQuestions, type AnswerableQuestion } from './history.repository';
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

/** A write that belongs to an answer (its session's row): a named common table expression. */
export interface AnswerWrite {
  name: string;
  /** A query builder's INSERT or UPDATE that returns `id`. */
  write: SQLWrapper;
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
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Appends a graded answer to the user's permanent history, updates its mistakes-shelf row,
 * reschedules its card (decision 038) and, when it counts, adds it to the statistics'
 * aggregates (decision 039), together with the caller's `also` writes: all in ONE statement
 * (data-modifying CTEs, one snapshot, atomic), after one read of the card's context. The answer
 * path is the hottest write; each round trip costs more here than the SQL it carries (decision
 * 042). Returns the history row and the id each `also` write returned.
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
  const review = answerReview(db, await cardContext(db, userId, question.id), answer);
  const history = db
    .insert(questionAnswerHistory)
    .values({
      userId,
      questionId: question.id,
      choices: graded.choices,
      isCorrect: graded.isCorrect,
      score: graded.score,
      timeSpentMs: entry.timeSpentMs,
      mode: entry.mode,
      confidence,
      counted,
    })
    .returning({ id: questionAnswerHistory.id, createdAt: questionAnswerHistory.createdAt });
  // The statement's now(): the history row's created_at, so every write agrees on the instant.
  const at = sql`now()`;
  const fact = { userId, questionId: question.id, isCorrect: graded.isCorrect };
  const writes: SQL[] = [
    sql`hist as ${history}`,
    sql`streak as (${streakWrite(fact, at)})`,
    ...(review.kind === 'write' ? [review.writes] : []),
    ...(counted
      ? [
          countedAnswerWrites(
            {
              ...fact,
              courseId: question.courseId,
              sourceId: question.sourceId,
              choices: graded.choices,
              timeSpentMs: entry.timeSpentMs,
            },
            at,
          ),
        ]
      : []),
    ...also.map((a) => sql`${sql.identifier(a.name)} as ${a.write}`),
  ];
  const returned = [
    sql`(select id from hist) as history_id`,
    sql`(select extract(epoch from created_at) * 1000 from hist)::float8 as created_ms`,
    review.kind === 'write'
      ? sql`(select count(*) from card)::int as card_written`
      : sql`1 as card_written`,
    ...also.map((a) => sql`(select id from ${sql.identifier(a.name)}) as ${sql.identifier(a.name)}`),
  ];
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`with ${sql.join(writes, sql`, `)} select ${sql.join(returned, sql`, `)}`),
  );
  // A case's last question, or a card another request rescheduled since it was read.
  if (review.kind === 'after' || row!.card_written === 0) await reviewAfterAnswer(db, answer);
  const historyRow = {
    id: row!.history_id!,
    userId,
    questionId: question.id,
    choices: graded.choices,
    isCorrect: graded.isCorrect,
    score: graded.score,
    timeSpentMs: entry.timeSpentMs,
    mode: entry.mode,
    confidence,
    counted,
    createdAt: new Date(row!.created_ms!),
  };
  const ids = Object.fromEntries(also.map((a) => [a.name, row![a.name] ?? null]));
  return { ...historyRow, also: ids };
}

/** Published questions with their choices, by id, to build corrections in bulk. */
export const loadQuestions = findAnswerableQuestions;
