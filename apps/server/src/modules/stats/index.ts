import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questions } from '../../db/schema/index';
import { addAnswer, removeAnswer, type CountedAnswer } from './aggregates.repository';

/** What other features call: the aggregates follow the answer history (decision 039). */
export { rebuildAggregates } from './aggregates.repository';
export { difficultyFilterSql } from './measures';

export const recordCountedAnswer = (db: Db, answer: CountedAnswer) => addAnswer(db, answer);

export async function forgetCountedAnswer(
  db: Db,
  row: Omit<CountedAnswer, 'courseId' | 'sourceId' | 'choices' | 'id'>,
): Promise<void> {
  const [question] = await db
    .select({ courseId: questions.courseId, sourceId: questions.sourceId })
    .from(questions)
    .where(eq(questions.id, row.questionId));
  if (question) await removeAnswer(db, { ...row, ...question });
}
