import type { Db } from '../../db/client';
import { questionPlace, removeAnswer, type CountedAnswer } from './aggregates.repository';

/** What other features call: the aggregates follow the answer history (decision 039). */
export { bucketOf } from './measures';
export { COUNTED_ANSWER_WRITES, rebucketDays, rebuildAggregates } from './aggregates.repository';
export { catalogueSummary } from './catalogue-summary';

export async function forgetCountedAnswer(
  db: Db,
  row: Omit<CountedAnswer, 'courseId' | 'sourceId'> & { createdAt: Date },
): Promise<void> {
  const place = await questionPlace(db, row.questionId);
  if (place) await removeAnswer(db, { ...row, ...place });
}
