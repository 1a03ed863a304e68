import type { Db } from '../../db/client';
import { defineCache, dropOnContent, readThrough } from '../../lib/cache';
import { countCourseQuestions, countSourceQuestions } from './catalogue.repository';

/**
 * Live question counts of the catalogue lists (decision 042): counted once per course or source
 * and kept until content changes (staff edits, status changes, imports publish `content`/`all`),
 * so `/api/moduls/` and the other lists no longer count the whole bank on every call.
 */
export interface CourseCount {
  total: number;
  /** Live questions per source id within the course. */
  bySource: Map<number, number>;
}

const courseCountCache = defineCache<number, CourseCount>('course-counts', {
  limit: 50_000,
  ttlMs: 10 * 60_000,
  onEvent: dropOnContent,
});
const sourceCountCache = defineCache<number, number>('source-counts', {
  limit: 50_000,
  ttlMs: 10 * 60_000,
  onEvent: dropOnContent,
});

export function courseCounts(db: Db, courseIds: number[]): Promise<Map<number, CourseCount>> {
  return readThrough(db, courseCountCache.of(db), new Set(courseIds), 'shared', async (missing) => {
    const result = new Map(missing.map((id) => [id, { total: 0, bySource: new Map() }]));
    for (const row of await countCourseQuestions(db, missing)) {
      const entry = result.get(row.course_id)!;
      entry.total += row.n;
      if (row.source_id !== null) entry.bySource.set(row.source_id, row.n);
    }
    return result;
  });
}

export function sourceCounts(db: Db, sourceIds: number[]): Promise<Map<number, number>> {
  return readThrough(db, sourceCountCache.of(db), new Set(sourceIds), 'shared', async (missing) => {
    const result = new Map(missing.map((id) => [id, 0]));
    for (const row of await countSourceQuestions(db, missing)) result.set(row.source_id, row.n);
    return result;
  });
}
