import type { Db } from '../../db/client';
import { cachesReady, defineCache, loadGuard } from '../../lib/cache';
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

type Entry = { course: CourseCount } | { source: number };

const counts = defineCache<string, Entry>('catalogue-counts', {
  limit: 50_000,
  ttlMs: 10 * 60_000,
  onEvent(cache, event) {
    if (event.kind === 'content' || event.kind === 'all') cache.clear();
  },
});

/** Reads what is cached under `prefix:id`, loads the rest with one query, keeps it if allowed. */
async function cached<T>(
  db: Db,
  prefix: 'course' | 'source',
  ids: number[],
  read: (entry: Entry) => T,
  load: (missing: number[]) => Promise<Map<number, T>>,
  wrap: (value: T) => Entry,
): Promise<Map<number, T>> {
  const cache = counts.of(db);
  const ready = cachesReady(db);
  const found = new Map<number, T>();
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const hit = ready ? cache.get(`${prefix}:${id}`) : undefined;
    if (hit) found.set(id, read(hit));
    else missing.push(id);
  }
  if (!missing.length) return found;
  const guard = loadGuard(db);
  const loaded = await load(missing);
  const keep = guard.keepShared();
  for (const [id, value] of loaded) {
    found.set(id, value);
    if (keep) cache.set(`${prefix}:${id}`, wrap(value));
  }
  return found;
}

export function courseCounts(db: Db, courseIds: number[]): Promise<Map<number, CourseCount>> {
  return cached(
    db,
    'course',
    courseIds,
    (e) => (e as { course: CourseCount }).course,
    async (missing) => {
      const result = new Map(missing.map((id) => [id, { total: 0, bySource: new Map() }]));
      for (const row of await countCourseQuestions(db, missing)) {
        const entry = result.get(row.course_id)!;
        entry.total += row.n;
        if (row.source_id !== null) entry.bySource.set(row.source_id, row.n);
      }
      return result;
    },
    (course) => ({ course }),
  );
}

export function sourceCounts(db: Db, sourceIds: number[]): Promise<Map<number, number>> {
  return cached(
    db,
    'source',
    sourceIds,
    (e) => (e as { source: number }).source,
    async (missing) => {
      const result = new Map(missing.map((id) => [id, 0]));
      for (const row of await countSourceQuestions(db, missing)) result.set(row.source_id, row.n);
      return result;
    },
    (source) => ({ source }),
  );
}
