import {
  choiceLetter,
  PEER_STATS_MIN_LEARNERS,
  type OthersStats,
  type QuestionDifficulty,
  type QuestionStats,
} from '@qbank/contract';
import type { User } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { assertQuestionAccess, type AccessDeps } from '../questions/access';
import { bucketOf, difficultyOf, histogramMedian, shareOf } from '../answers/effects/measures';
import * as repo from './stats.repository';

type Picks = Awaited<ReturnType<typeof repo.choicePicksOf>>;
type OthersFigures = Omit<OthersStats, 'question'>;

/** How many other learners the figures hold: the caller's own first counted answer is one. */
const othersOf = (f: repo.OthersRow) => f.answers - (f.mine_right === null ? 0 : 1);

/** Whether the figures of other learners may be shown (decision 046: none tells one answer). */
const published = (f: repo.OthersRow) => othersOf(f) >= PEER_STATS_MIN_LEARNERS;

/**
 * The one rule of "other learners" (decisions 046 and 050): the caller's own first counted
 * answer leaves every figure (count, right, time bucket, each choice picked), and no figure
 * comes under PEER_STATS_MIN_LEARNERS other learners. `picks`: the question's choices in
 * letter order (none: no choice shares).
 */
function withoutCaller(f: repo.OthersRow, picks: Picks): OthersFigures {
  const others = othersOf(f);
  if (!published(f)) return { others, share_right: null, median_time_ms: null, choices: [] };
  const hist = { ...(f.time_hist ?? {}) };
  if (f.mine_right !== null) {
    const bucket = String(bucketOf(f.mine_ms ?? 0));
    hist[bucket] = (hist[bucket] ?? 1) - 1;
  }
  const mine = new Set(f.mine_choices ?? []);
  return {
    others,
    share_right: shareOf(f.correct - (f.mine_right ? 1 : 0), others),
    median_time_ms: histogramMedian(hist),
    choices: picks
      .filter((c) => c.question === f.question)
      .map((c, i) => {
        const picked = c.picked - (mine.has(c.id) ? 1 : 0);
        return { id: c.id, letter: choiceLetter(i), picked, share: shareOf(picked, others) ?? 0 };
      }),
  };
}

/** Each choice's picks of the questions whose figures are shown (two statements in all). */
const picksOf = (deps: AccessDeps, figures: repo.OthersRow[]) => {
  const shown = figures.filter(published).map((f) => f.question);
  return shown.length ? repo.choicePicksOf(deps.db, shown) : Promise.resolve([]);
};

/**
 * What other learners did with one question (the study panel): 404/403 as any single-question
 * read, and "other learners" by the review's rule (`withoutCaller`). The choice shares give the
 * key away, so they come only once the caller has answered the question. The difficulty is the
 * question's own (every learner's), the one its lists filter on.
 */
export async function questionStats(
  deps: AccessDeps,
  user: User,
  questionId: number,
): Promise<QuestionStats> {
  await assertQuestionAccess(deps, user, questionId);
  const [figures] = await repo.othersFigures(deps.db, user.id, [questionId]);
  if (!figures) throw notFound();
  const picks = figures.answered ? await picksOf(deps, [figures]) : [];
  const { others, ...shown } = withoutCaller(figures, picks);
  return {
    question: questionId,
    answers: others,
    ...shown,
    difficulty: difficultyOf(figures.answers, figures.correct),
  };
}

/**
 * What other learners did with questions the caller answered (an exam's review), by the rule
 * of `withoutCaller`. Questions the caller has not answered (an answer proves they may read
 * it), unknown or unpublished ones are left out. Two statements for the whole review.
 */
export async function othersStats(
  deps: AccessDeps,
  user: User,
  ids: number[],
): Promise<OthersStats[]> {
  const figures = (await repo.othersFigures(deps.db, user.id, ids)).filter((f) => f.answered);
  const picks = await picksOf(deps, figures);
  return figures.map((f) => ({ question: f.question, ...withoutCaller(f, picks) }));
}

/** The difficulty of each published question of a list (unknown ids are left out). */
export async function questionDifficulties(
  deps: AccessDeps,
  ids: number[],
): Promise<QuestionDifficulty[]> {
  const found = await repo.difficulties(deps.db, ids);
  return found.map((r) => ({ ...r, difficulty: r.answers >= 1 ? r.difficulty : null }));
}
