import type { Relevance, WhatNextItem } from '@qbank/contract';
import { INVALID_CHOICE } from '../questions/questions.service';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { catalogueSummary, type CatalogueSummary, type CourseSummary } from './catalogue-summary';
import * as repo from './stats.repository';

type Deps = Pick<ServiceDeps, 'db'>;

/**
 * Exam relevance and "what next" (decision 039). A course's relevance is the share of its
 * module's past exams (sources) that asked at least one of its questions.
 */

/** A course never asked still ranks, behind the ones that were. */
const RELEVANCE_FLOOR = 0.05;

function examsWith(course: CourseSummary) {
  return course.perSource.size;
}

function relevanceOf(summary: CatalogueSummary, course: CourseSummary) {
  const total = summary.examsPerModule.get(course.module) ?? 0;
  return total ? examsWith(course) / total : 0;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export async function examRelevance({ db }: Deps, moduleId: number): Promise<Relevance> {
  const summary = await catalogueSummary(db);
  const courses = [...summary.courses.values()]
    .filter((c) => c.module === moduleId)
    .sort((a, b) => a.order - b.order || a.id - b.id);
  if (!courses.length && !(await repo.moduleExists(db, moduleId))) {
    throw badRequest('module', INVALID_CHOICE);
  }
  const years = new Set<number>();
  const rows = courses.map((course) => {
    const perYear = new Map<number, number>();
    let questions = 0;
    for (const [sourceId, n] of course.perSource) {
      questions += n;
      const year = summary.sources.get(sourceId)?.year;
      if (year === null || year === undefined) continue;
      years.add(year);
      perYear.set(year, (perYear.get(year) ?? 0) + n);
    }
    return {
      course: course.id,
      name: course.name,
      questions,
      exams: examsWith(course),
      relevance: round(relevanceOf(summary, course)),
      by_year: [...perYear]
        .sort((a, b) => a[0] - b[0])
        .map(([year, n]) => ({ year, questions: n })),
    };
  });
  return {
    module: moduleId,
    exams_total: summary.examsPerModule.get(moduleId) ?? 0,
    years: [...years].sort((a, b) => a - b),
    courses: rows,
  };
}

/**
 * The caller's courses (of the modules they study, and any they answered in), ranked by
 * weakness × share unanswered × relevance. Weakness is 1 − the share right of first answers,
 * smoothed (one right and one wrong assumed), so an untouched course counts as 0.5.
 */
export async function whatNext(
  { db }: Deps,
  user: User,
  options: { module?: number; limit: number },
): Promise<WhatNextItem[]> {
  const userId = user.id;
  const summary = await catalogueSummary(db);
  const progress = new Map((await repo.courseProgress(db, userId)).map((p) => [p.course, p]));
  const modules = new Set(await repo.chosenModules(db, userId));
  const candidates = [...summary.courses.values()].filter(
    (c) =>
      c.total > 0 &&
      (options.module === undefined ? true : c.module === options.module) &&
      (modules.has(c.module) || progress.has(c.id)),
  );
  const ranked = candidates.map((course) => {
    const mine = progress.get(course.id);
    const answered = Math.min(mine?.questions ?? 0, course.total);
    const right = mine?.first_right ?? 0;
    const weakness = 1 - (right + 1) / (answered + 2);
    const shareUnanswered = 1 - answered / course.total;
    const relevance = relevanceOf(summary, course);
    return {
      course: course.id,
      name: course.name,
      module: course.module,
      module_name: course.moduleName,
      score: round(weakness * shareUnanswered * Math.max(relevance, RELEVANCE_FLOOR)),
      weakness: round(weakness),
      share_unanswered: round(shareUnanswered),
      relevance: round(relevance),
      answered,
      right,
      total: course.total,
      exams_with_course: examsWith(course),
      exams_total: summary.examsPerModule.get(course.module) ?? 0,
    };
  });
  return ranked
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.course - b.course)
    .slice(0, options.limit);
}
