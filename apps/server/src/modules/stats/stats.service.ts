import { choiceLetter } from '@qbank/contract';
import type { QuestionDifficulty, QuestionStats } from '@qbank/contract';
import type { User } from '../../lib/auth';
import { assertQuestionAccess, type AccessDeps } from '../questions/access';
import { difficultyOf, histogramMedian, shareOf } from '../answers/effects/measures';
import * as repo from './stats.repository';

/**
 * What other learners did with one question: 404/403 as any single-question read. The choice
 * shares give the key away, so they come only once the caller has answered the question.
 */
export async function questionStats(
  deps: AccessDeps,
  user: User,
  questionId: number,
): Promise<QuestionStats> {
  await assertQuestionAccess(deps, user, questionId);
  const peer = await repo.peerStats(deps.db, questionId);
  const answers = peer?.answers ?? 0;
  const answered = await repo.hasAnswered(deps.db, user.id, questionId);
  const picks = answered ? await repo.choicePicks(deps.db, questionId) : [];
  return {
    question: questionId,
    answers,
    share_right: shareOf(peer?.correct ?? 0, answers),
    median_time_ms: peer ? histogramMedian(peer.time_hist) : null,
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
