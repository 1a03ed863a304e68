import type { Db } from '../../db/client';

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
 * THE one call site that tells learners a question's key was corrected (issue 12). The in-app
 * notification list belongs to the operations branch: the integrator wires this function to its
 * `notifyUsers(db, userIds, …)`. Until then it is a no-op; the service returns the same user
 * ids to the staff caller (`notified`), which the tests check.
 */
export async function notifyKeyChange(db: Db, change: KeyChange): Promise<void> {
  void db;
  void change;
}
