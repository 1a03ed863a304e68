import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, questionAnswerHistory, questions } from '../../db/schema/index';

export type HistoryRow = typeof questionAnswerHistory.$inferSelect;

interface Window {
  limit: number;
  offset: number;
}

export interface HistoryFilters {
  module?: number;
  course?: number;
  question?: number;
  isCorrect?: boolean;
}

const historyWhere = (userId: number, f: HistoryFilters): SQL | undefined =>
  and(
    eq(questionAnswerHistory.userId, userId),
    f.question ? eq(questionAnswerHistory.questionId, f.question) : undefined,
    f.course ? eq(questions.courseId, f.course) : undefined,
    f.module ? eq(courses.moduleId, f.module) : undefined,
    f.isCorrect === undefined ? undefined : eq(questionAnswerHistory.isCorrect, f.isCorrect),
  );

/** The user's history, newest first, with a summary of each question. */
export async function listHistory(db: Db, userId: number, f: HistoryFilters, window: Window) {
  const where = historyWhere(userId, f);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(questionAnswerHistory)
    .innerJoin(questions, eq(questions.id, questionAnswerHistory.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(where);
  const rows = await db
    .select({
      entry: questionAnswerHistory,
      stem: sql<string>`left(${questions.stem}, 200)`,
      courseId: questions.courseId,
      moduleId: courses.moduleId,
    })
    .from(questionAnswerHistory)
    .innerJoin(questions, eq(questions.id, questionAnswerHistory.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(where)
    .orderBy(desc(questionAnswerHistory.createdAt), desc(questionAnswerHistory.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows };
}

/** Deletes one of the user's entries; the deleted row, or undefined when there is none. */
export async function deleteHistory(
  db: Db,
  userId: number,
  id: number,
): Promise<HistoryRow | undefined> {
  const [row] = await db
    .delete(questionAnswerHistory)
    .where(and(eq(questionAnswerHistory.id, id), eq(questionAnswerHistory.userId, userId)))
    .returning();
  return row;
}
