import type { Db } from '../../db/client';
import { notifyUsers } from '../notifications/notifications.service';

export interface KeyChange {
  questionId: number;
  /** The version that carries the corrected key. */
  version: number;
  /** Learners who answered the question or reported it. */
  userIds: number[];
  /** Past answers whose score changed. */
  rescored: number;
}

/**
 * THE one call site that tells learners a question's key was corrected (issue 12): every learner
 * who answered or reported it gets an in-app notification linking to the question.
 */
export async function notifyKeyChange(db: Db, change: KeyChange): Promise<void> {
  if (change.userIds.length === 0) return;
  await notifyUsers({ db }, change.userIds, {
    kind: 'question_key_changed',
    message:
      `The answer key of question #${change.questionId} was corrected (version ${change.version}); ` +
      'your past answers to it were re-scored.',
    link: `/questions/${change.questionId}`,
  });
}
