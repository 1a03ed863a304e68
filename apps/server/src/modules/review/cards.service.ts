import { CARD_STATES, isLeech, RATINGS, type CardGrade, type Rating } from '@qbank/contract';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { gradeWithReason } from '../cards/grade';
import { cardBefore, ratingOutcomes, replaces } from '../cards/review-cards';
import * as logs from '../cards/review-log.repository';
import * as repo from './review.repository';

type Deps = { db: Db };
const DAY_MS = 86_400_000;

/**
 * Why the card's answer got its rating: the rule of `cards/grade.ts` applied to the learner's
 * latest answers to the card's questions (a case: their mean, as its grade was made).
 */
async function answerReason(db: Db, userId: number, ids: number[]) {
  const latest = await logs.latestAnswers(db, userId, ids);
  if (latest.length === 0) return null;
  const mean = (f: (a: (typeof latest)[number]) => number) =>
    latest.reduce((sum, a) => sum + f(a), 0) / ids.length;
  const last = latest.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
  return gradeWithReason({
    correctness: mean((a) => a.score),
    timeSpentSeconds: mean((a) => a.timeSpentMs) / 1000,
    confidence: last.confidence,
  }).reason;
}

/**
 * The caller's card of a question: its rating and how it was given, and what each button
 * would schedule now. Right after an answer the buttons replace its grade, so their outcomes
 * start from the card before that answer (decision 038).
 */
export async function getCard(deps: Deps, user: User, questionId: number): Promise<CardGrade> {
  const { db } = deps;
  if (!(await repo.isPublished(db, questionId))) throw notFound();
  const now = clock.now();
  const { cardId, caseIds, settings, card } = await logs.cardContext(db, user.id, questionId);
  const row = await repo.cardRow(db, user.id, cardId, caseIds ?? [cardId]);
  const latest = row ? await logs.latestReview(db, user.id, cardId) : undefined;
  const replacing = replaces(latest, now);
  const outcomes = ratingOutcomes(settings, replacing ? cardBefore(latest) : card, now);
  const choices = Object.fromEntries(
    RATINGS.map((rating) => {
      const due = outcomes[rating].dueAt;
      return [
        rating,
        { due_at: due.toISOString(), days: (due.getTime() - now.getTime()) / DAY_MS },
      ];
    }),
  ) as CardGrade['choices'];
  const lastSource = latest?.source ?? null;
  return {
    question: cardId,
    rating: (row?.rating as Rating | undefined) ?? null,
    graded_by: lastSource,
    reason: lastSource === 'answer' ? await answerReason(db, user.id, caseIds ?? [cardId]) : null,
    replaces: replacing,
    state: CARD_STATES[row?.state ?? 0] ?? 'new',
    due_at: row?.dueAt.toISOString() ?? null,
    suspended: row?.suspended ?? false,
    is_leech: row ? isLeech(row) : false,
    choices,
  };
}

/** Suspends or restores the caller's card of a question (404 when they have none). */
export async function suspendCard(
  deps: Deps,
  user: User,
  questionId: number,
  suspended: boolean,
): Promise<CardGrade> {
  const { db } = deps;
  if (!(await repo.isPublished(db, questionId))) throw notFound();
  const { cardId } = await logs.cardContext(db, user.id, questionId);
  if (!(await repo.setSuspended(db, user.id, cardId, suspended))) throw notFound();
  return getCard(deps, user, questionId);
}
