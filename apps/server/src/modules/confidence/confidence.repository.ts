import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Confidence, MissClass } from '@qbank/contract/confidence-values';
import type { Db } from '../../db/client';
import { courses, modules, questionAnswerHistory, questions } from '../../db/schema/index';

const h = questionAnswerHistory;

export interface ReportFilters {
  module?: number;
  course?: number;
}

/** The caller's answers, narrowed to a module or course (joins questions and courses). */
const scope = (userId: number, f: ReportFilters, ...more: (SQL | undefined)[]) =>
  and(
    eq(h.userId, userId),
    f.course ? eq(questions.courseId, f.course) : undefined,
    f.module ? eq(courses.moduleId, f.module) : undefined,
    ...more,
  );

const countWhere = (condition: SQL) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Per confidence level (null: not asked), how many answers and how many right. */
export async function countByConfidence(db: Db, userId: number, f: ReportFilters) {
  return db
    .select({
      confidence: h.confidence,
      answers: count(),
      correct: countWhere(eq(h.isCorrect, true)),
    })
    .from(h)
    .innerJoin(questions, eq(questions.id, h.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(scope(userId, f))
    .groupBy(h.confidence);
}

/** The newest answers given as "sure" that were wrong. */
export async function listSureButWrong(db: Db, userId: number, f: ReportFilters, limit: number) {
  return db
    .select({
      id: h.id,
      questionId: h.questionId,
      stem: sql<string>`left(${questions.stem}, 200)`,
      courseId: questions.courseId,
      moduleId: courses.moduleId,
      missClass: h.missClass,
      createdAt: h.createdAt,
    })
    .from(h)
    .innerJoin(questions, eq(questions.id, h.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(scope(userId, f, eq(h.confidence, 'sure' satisfies Confidence), eq(h.isCorrect, false)))
    .orderBy(desc(h.createdAt), desc(h.id))
    .limit(limit);
}

/** Per module, the caller's wrong answers by miss class. */
export async function countMissesByModule(db: Db, userId: number, f: ReportFilters) {
  const byClass = (c: MissClass) => countWhere(eq(h.missClass, c));
  return db
    .select({
      moduleId: modules.id,
      moduleName: modules.name,
      knowledge: byClass('knowledge'),
      misread: byClass('misread'),
      reasoning: byClass('reasoning'),
      timing: byClass('timing'),
      unclassified: countWhere(sql`${h.missClass} is null`),
      misses: count(),
    })
    .from(h)
    .innerJoin(questions, eq(questions.id, h.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .innerJoin(modules, eq(modules.id, courses.moduleId))
    .where(scope(userId, f, eq(h.isCorrect, false)))
    .groupBy(modules.id, modules.name)
    .orderBy(desc(count()), modules.name);
}

export async function findOwnAnswer(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(h)
    .where(and(eq(h.id, id), eq(h.userId, userId)));
  return row;
}

export async function setMissClass(db: Db, id: number, missClass: MissClass | null) {
  const [row] = await db.update(h).set({ missClass }).where(eq(h.id, id)).returning();
  return row!;
}
