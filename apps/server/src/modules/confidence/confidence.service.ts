import {
  CONFIDENCE_LEVELS,
  MISS_CLASSES,
  type CalibrationReport,
  type LearningReportQuery,
  type MissClass,
  type MissClassified,
  type MissClassReport,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import * as repo from './confidence.repository';

/** The screen lists this many "sure but wrong" answers; the count says how many there are. */
const SURE_BUT_WRONG_LIMIT = 50;

type Deps = Pick<ServiceDeps, 'db'>;

export const ONLY_MISSES_MESSAGE = 'Only a wrong answer can be classified.';

/** How well the learner's confidence predicts being right, "sure but wrong" first. */
export async function calibration(
  { db }: Deps,
  user: User,
  query: LearningReportQuery,
): Promise<CalibrationReport> {
  const [counts, sureButWrong] = await Promise.all([
    repo.countByConfidence(db, user.id, query),
    repo.listSureButWrong(db, user.id, query, SURE_BUT_WRONG_LIMIT),
  ]);
  const levels = CONFIDENCE_LEVELS.map((confidence) => {
    const row = counts.find((c) => c.confidence === confidence);
    const answers = row?.answers ?? 0;
    const correct = row?.correct ?? 0;
    return {
      confidence,
      answers,
      correct,
      wrong: answers - correct,
      share_correct: answers > 0 ? correct / answers : null,
    };
  });
  return {
    sure_but_wrong: sureButWrong.map((r) => ({
      id: r.id,
      question: { id: r.questionId, stem: r.stem, course: r.courseId, module: r.moduleId },
      miss_class: r.missClass,
      created_at: r.createdAt.toISOString(),
    })),
    sure_but_wrong_count: levels[0]!.wrong,
    levels,
    unrated: counts.find((c) => c.confidence === null)?.answers ?? 0,
  };
}

/** The learner's misses by class, per module. */
export async function missClasses(
  { db }: Deps,
  user: User,
  query: LearningReportQuery,
): Promise<MissClassReport> {
  const rows = await repo.countMissesByModule(db, user.id, query);
  const modules = rows.map(({ moduleId, moduleName, ...counts }) => ({
    module: { id: moduleId, name: moduleName },
    ...counts,
  }));
  const sum = (key: MissClass | 'unclassified' | 'misses') =>
    modules.reduce((total, m) => total + m[key], 0);
  return {
    modules,
    totals: {
      ...(Object.fromEntries(MISS_CLASSES.map((c) => [c, sum(c)])) as Record<MissClass, number>),
      unclassified: sum('unclassified'),
      misses: sum('misses'),
    },
  };
}

/** Classifies one of the caller's wrong answers (another user's entry: 404). */
export async function classifyMiss(
  { db }: Deps,
  user: User,
  id: number,
  missClass: MissClass | null,
): Promise<MissClassified> {
  const entry = await repo.findOwnAnswer(db, user.id, id);
  if (!entry) throw notFound();
  if (entry.isCorrect && missClass !== null) throw badRequest('miss_class', ONLY_MISSES_MESSAGE);
  const row = await repo.setMissClass(db, id, missClass);
  return {
    id: row.id,
    question: row.questionId,
    is_correct: row.isCorrect,
    confidence: row.confidence,
    miss_class: row.missClass,
  };
}
