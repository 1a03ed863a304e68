import {
  choiceLetter,
  PEER_STATS_MIN_LEARNERS,
  type QuestionDifficulty,
  type QuestionStats,
} from '@qbank/contract';
import type { User } from '../../lib/auth';
import { assertQuestionAccess, type AccessDeps } from '../questions/access';
import { difficultyOf, histogramMedian, shareOf } from '../answers/effects/measures';
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

/** The difficulty of each published question of a list (unknown ids are left out). */
export async function questionDifficulties(
  deps: AccessDeps,
  ids: number[],
): Promise<QuestionDifficulty[]> {
  const found = await repo.difficulties(deps.db, ids);
  return found.map((r) => ({ ...r, difficulty: r.answers >= 1 ? r.difficulty : null }));
}
