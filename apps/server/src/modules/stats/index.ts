import type { Db } from '../../db/client';
import {
  addAnswer,
  questionPlace,
  removeAnswer,
  type CountedAnswer,
} from './aggregates.repository';

/** What other features call: the aggregates follow the answer history (decision 039). */
export { rebucketDays, rebuildAggregates } from './aggregates.repository';

export const recordCountedAnswer = (db: Db, answer: CountedAnswer) => addAnswer(db, answer);

export async function forgetCountedAnswer(
  db: Db,
  row: Omit<CountedAnswer, 'courseId' | 'sourceId' | 'choices' | 'id'>,
): Promise<void> {
  const place = await questionPlace(db, row.questionId);
  if (place) await removeAnswer(db, { ...row, ...place });
}
