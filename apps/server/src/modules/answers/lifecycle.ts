import type { Db } from '../../db/client';
import { ANSWER_EFFECTS, type AnswerScope, type KeyChange } from './effects/index';
import { EVERYTHING, rescored } from './effects/effect';
import { rewriteScores } from './effects/session-answers.repository';
import * as repo from './lifecycle.repository';

/**
 * An answer's life after it is recorded (decision 049): every step walks the one list of
 * effects (`effects/index.ts`). The history is the truth; every derived row is recounted from
 * it for the answers the step touched, in the step's transaction.
 */

/** Rewrites every derived row the scope's answers feed, effect by effect. */
async function recount(db: Db, scope: AnswerScope): Promise<void> {
  for (const effect of ANSWER_EFFECTS) {
    if (effect.recount) await repo.runAll(db, effect.recount(scope));
  }
}

/** Deletes one of the learner's history entries (false: none of theirs has this id). */
export async function deleteHistoryEntry(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const questionId = await repo.deleteEntry(tx, userId, id);
    if (questionId === undefined) return false;
    await recount(tx, { users: [userId], questions: [questionId] });
    return true;
  });
}

/**
 * A question's key changed (decision 037): its history entries and every effect's own copies
 * are re-scored, then what they feed is recounted. Runs in the caller's transaction; answers
 * how many answers changed score and the learners who had answered it.
 */
export async function rescoreQuestion(
  tx: Db,
  change: KeyChange,
): Promise<{ rescored: number; userIds: number[] }> {
  const history = await repo.answersTo(tx, change.questionId);
  const updates = rescored(history, change);
  await rewriteScores(tx, 'question_answer_history', updates);
  let count = updates.length;
  for (const effect of ANSWER_EFFECTS) {
    if (effect.rescore) count += await effect.rescore(tx, change);
  }
  const userIds = await repo.learnersOf(tx, change.questionId);
  await recount(tx, { users: userIds, questions: [change.questionId] });
  return { rescored: count, userIds };
}

/**
 * A question moved to another course or source: the learners who answered it get their
 * course and source rows recounted (they follow the questions' current place).
 */
export async function questionMoved(tx: Db, questionId: number): Promise<void> {
  await recount(tx, { users: await repo.learnersOf(tx, questionId), questions: [questionId] });
}

/**
 * A learner's account goes: their history goes, and the figures it fed are recounted (the
 * peer figures of every question they answered). Their own rows go with the account.
 */
export async function forgetLearner(tx: Db, userId: number): Promise<void> {
  const questions = await repo.deleteLearnerHistory(tx, userId);
  await recount(tx, { users: [userId], questions });
}

/** Every derived row, recomputed from the whole history (the synthetic data generator). */
export async function rebuildAll(db: Db): Promise<void> {
  await db.transaction((tx) => recount(tx, EVERYTHING));
  for (const table of derivedTables()) await repo.analyze(db, table.name);
}

const derivedTables = () => ANSWER_EFFECTS.flatMap((effect) => effect.tables);

/**
 * Compares every derived table with what the history calls for, and repairs it unless
 * `dryRun` (for databases written before decision 049): what differed, table by table.
 */
export async function checkAggregates(
  db: Db,
  { dryRun }: { dryRun: boolean },
): Promise<repo.TableDiff[]> {
  const tables = derivedTables();
  let diffs: repo.TableDiff[] = [];
  const rollback = new Error('dry run');
  try {
    await db.transaction(async (tx) => {
      for (const table of tables) await repo.keepCopy(tx, table.name);
      await recount(tx, EVERYTHING);
      diffs = [];
      for (const table of tables) diffs.push(await repo.diffWithCopy(tx, table));
      if (dryRun) throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  if (!dryRun) for (const table of tables) await repo.analyze(db, table.name);
  return diffs;
}
