import {
  choiceLetter,
  PEER_STATS_MIN_LEARNERS,
  type OthersStats,
  type QuestionDifficulty,
  type QuestionStats,
} from '@qbank/contract';
import type { User } from '../../lib/auth';
import { assertQuestionAccess, type AccessDeps } from '../questions/access';
import { bucketOf, difficultyOf, histogramMedian, shareOf } from '../answers/effects/measures';
import * as repo from './stats.repository';

/**
 * What other learners did with one question: 404/403 as any single-question read. The choice
 * shares give the key away, so they come only once the caller has answered the question; no
 * figure comes before PEER_STATS_MIN_LEARNERS learners answered (decision 046), so none tells
 * what one other learner did. The count of answers itself tells nobody's answer.
 */
export async function questionStats(
  deps: AccessDeps,
  user: User,
  questionId: number,
): Promise<QuestionStats> {
  await assertQuestionAccess(deps, user, questionId);
  const peer = await repo.peerStats(deps.db, questionId);
  const answers = peer?.answers ?? 0;
  const published = peer !== undefined && answers >= PEER_STATS_MIN_LEARNERS;
  const answered = published && (await repo.hasAnswered(deps.db, user.id, questionId));
  const picks = answered ? await repo.choicePicks(deps.db, questionId) : [];
  return {
    question: questionId,
    answers,
    share_right: published ? shareOf(peer.correct, answers) : null,
    median_time_ms: published ? histogramMedian(peer.time_hist) : null,
    difficulty: difficultyOf(answers, peer?.correct ?? 0),
    choices: picks.map((c, i) => ({
      id: c.id,
      letter: choiceLetter(i),
      picked: c.picked,
      share: shareOf(c.picked, answers) ?? 0,
    })),
  };
}

/**
 * What other learners did with questions the caller answered (an exam's review): the caller's
 * own first counted answer leaves every figure, so "others" never counts them, and no figure
 * comes under PEER_STATS_MIN_LEARNERS other learners (decision 046). Questions the caller has
 * not answered, unknown or unpublished ones are left out. Two statements for the whole review.
 */
export async function othersStats(
  deps: AccessDeps,
  user: User,
  ids: number[],
): Promise<OthersStats[]> {
  const figures = await repo.othersFigures(deps.db, user.id, ids);
  const published = figures.filter(
    (f) => f.answers - (f.mine_right === null ? 0 : 1) >= PEER_STATS_MIN_LEARNERS,
  );
  const picks = published.length
    ? await repo.choicePicksOf(
        deps.db,
        published.map((f) => f.question),
      )
    : [];
  return figures.map((f) => {
    const counted = f.mine_right !== null;
    const others = f.answers - (counted ? 1 : 0);
    if (others < PEER_STATS_MIN_LEARNERS) {
      return { question: f.question, others, share_right: null, median_time_ms: null, choices: [] };
    }
    const hist = { ...(f.time_hist ?? {}) };
    if (counted) {
      const bucket = String(bucketOf(f.mine_ms ?? 0));
      hist[bucket] = (hist[bucket] ?? 1) - 1;
    }
    const mine = new Set(f.mine_choices ?? []);
    return {
      question: f.question,
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
  });
}

/** The difficulty of each published question of a list (unknown ids are left out). */
export async function questionDifficulties(
  deps: AccessDeps,
  ids: number[],
): Promise<QuestionDifficulty[]> {
  const found = await repo.difficulties(deps.db, ids);
  return found.map((r) => ({ ...r, difficulty: r.answers >= 1 ? r.difficulty : null }));
}
