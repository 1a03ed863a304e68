import type { Db } from '../../db/client';
import { cachesReady, defineCache, dropOnContent, loadOne } from '../../lib/cache';
import * as repo from './stats.repository';

/**
 * What the exam relevance and "what next" need of the catalogue: per course its published
 * questions and, per past exam (source), how many of them it holds. Built with two grouped
 * scans of the bank (~110 ms at 200,000 questions) and kept per process while the invalidation
 * bus runs, dropped on every content change (decision 029's events) and after five minutes
 * anyway (decision 039). Answers change no published question: their `progress` events keep
 * it (they dropped it until decision 042's eighth follow-up, so a busy bank rebuilt it for
 * nearly every call). It is built at start (`warmCaches`) and again before it expires while
 * it is used, so that no request waits for it but the first after a content change.
 */

export interface CourseSummary {
  id: number;
  name: string;
  order: number;
  module: number;
  moduleName: string;
  total: number;
  /** source id → questions of this course in that past exam */
  perSource: Map<number, number>;
}

export interface SourceSummary {
  id: number;
  module: number;
  year: number | null;
}

export interface CatalogueSummary {
  courses: Map<number, CourseSummary>;
  sources: Map<number, SourceSummary>;
  /** module id → past exams with at least one published question */
  examsPerModule: Map<number, number>;
}

const TTL_MS = 5 * 60_000;
/**
 * A reader who finds the summary older than this still gets it, and it is built again in the
 * background: while learners use the app, none waits for the build after the first.
 */
const REFRESH_AFTER_MS = 4 * 60_000;

const summaryCache = defineCache<'catalogue', CatalogueSummary>('catalogue-summary', {
  limit: 1,
  ttlMs: TTL_MS,
  onEvent: dropOnContent,
});

async function build(db: Db): Promise<CatalogueSummary> {
  const { courseRows, pairs, sourceRows } = await repo.catalogueRows(db);
  const courses = new Map<number, CourseSummary>();
  for (const c of courseRows) {
    courses.set(c.id, {
      id: c.id,
      name: c.name,
      order: c.order,
      module: c.module,
      moduleName: c.module_name,
      total: c.total,
      perSource: new Map(),
    });
  }
  const sources = new Map(sourceRows.map((s) => [s.id, s]));
  const examsByModule = new Map<number, Set<number>>();
  for (const p of pairs) {
    const course = courses.get(p.course);
    if (!course) continue;
    course.perSource.set(p.source, p.n);
    const set = examsByModule.get(course.module) ?? new Set<number>();
    set.add(p.source);
    examsByModule.set(course.module, set);
  }
  const examsPerModule = new Map([...examsByModule].map(([m, set]) => [m, set.size]));
  return { courses, sources, examsPerModule };
}

export async function catalogueSummary(db: Db): Promise<CatalogueSummary> {
  if (!cachesReady(db)) return build(db);
  const cache = summaryCache.of(db);
  const load = () => loadOne(db, cache, 'catalogue', 'shared', () => build(db));
  const kept = cache.get('catalogue');
  if (!kept) return load();
  const age = TTL_MS - (cache.expiresAt('catalogue')! - Date.now());
  // Readers meanwhile keep getting the one kept, and join this build (one at a time).
  if (age > REFRESH_AFTER_MS) load().catch(() => {}); // a failed build is tried by the next reader
  return kept;
}
