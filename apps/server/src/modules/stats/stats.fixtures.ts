import type { Db } from '../../db/client';
import { moduleFilters, questionAnswerHistory } from '../../db/schema/index';
import { rebuildAll } from '../answers/index';

/**
 * Test populations with known answer patterns, written straight to the history and then
 * aggregated by the rebuild (the same statements as the migration's backfill).
 */

export interface PastAnswer {
  userId: number;
  questionId: number;
  choices: number[];
  isCorrect: boolean;
  timeSpentMs?: number;
  /** Days before now. */
  daysAgo?: number;
  counted?: boolean;
}

const DAY = 86_400_000;

export async function writeHistory(db: Db, answers: PastAnswer[]): Promise<void> {
  if (!answers.length) return;
  const now = Date.now();
  await db.insert(questionAnswerHistory).values(
    answers.map((a, i) => ({
      userId: a.userId,
      questionId: a.questionId,
      choices: a.choices,
      isCorrect: a.isCorrect,
      score: a.isCorrect ? 1 : 0,
      timeSpentMs: a.timeSpentMs ?? 10_000,
      mode: 'study' as const,
      counted: a.counted ?? true,
      // Distinct times keep "first answer" well defined.
      createdAt: new Date(now - (a.daysAgo ?? 0) * DAY - (answers.length - i) * 1000),
    })),
  );
  await rebuildAll(db);
}

export async function studyModule(db: Db, userId: number, moduleId: number) {
  await db.insert(moduleFilters).values({ userId, moduleId });
}
