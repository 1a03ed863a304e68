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
 * nearly every call).
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

const summaryCache = defineCache<'catalogue', CatalogueSummary>('catalogue-summary', {
  limit: 1,
  ttlMs: 5 * 60_000,
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
  return cache.get('catalogue') ?? loadOne(db, cache, 'catalogue', 'shared', () => build(db));
}
