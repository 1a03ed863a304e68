import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  questionAnswerHistory,
  questions,
  reviewLogs,
  reviewSettings,
} from '../../db/schema/index';

export type ReviewLogRow = typeof reviewLogs.$inferSelect;
export type SettingsRow = typeof reviewSettings.$inferSelect;

export async function insertReviewLog(db: Db, values: typeof reviewLogs.$inferInsert) {
  await db.insert(reviewLogs).values(values);
}

/** The card's latest review. */
export async function latestReview(db: Db, userId: number, questionId: number) {
  const [row] = await db
    .select()
    .from(reviewLogs)
    .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.questionId, questionId)))
    .orderBy(desc(reviewLogs.reviewedAt), desc(reviewLogs.id))
    .limit(1);
  return row;
}

export async function deleteReview(db: Db, id: number) {
  await db.delete(reviewLogs).where(eq(reviewLogs.id, id));
}

export async function countReviews(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviewLogs)
    .where(eq(reviewLogs.userId, userId));
  return row?.n ?? 0;
}

/** The learner's whole review log, card by card, oldest first: the optimiser's input. */
export async function reviewLogOf(db: Db, userId: number): Promise<ReviewLogRow[]> {
  return db
    .select()
    .from(reviewLogs)
    .where(eq(reviewLogs.userId, userId))
    .orderBy(asc(reviewLogs.questionId), asc(reviewLogs.reviewedAt), asc(reviewLogs.id));
}

export async function findSettings(db: Db, userId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.userId, userId));
  return row;
}

export async function upsertSettings(
  db: Db,
  userId: number,
  values: Partial<Omit<SettingsRow, 'userId'>>,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(reviewSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reviewSettings.userId, set: values })
    .returning();
  return row!;
}

/** The published questions of a clinical case in their order, or null for a lone question. */
export async function caseQuestionIds(db: Db, questionId: number): Promise<number[] | null> {
  const [own] = await db
    .select({ caseId: questions.clinicalCaseId })
    .from(questions)
    .where(eq(questions.id, questionId));
  if (!own?.caseId) return null;
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.clinicalCaseId, own.caseId), eq(questions.isPublished, true)))
    .orderBy(asc(questions.order), asc(questions.id));
  return rows.map((r) => r.id);
}

/** The learner's latest answer to each of `ids` (score and time). */
export async function latestAnswers(db: Db, userId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectDistinctOn([questionAnswerHistory.questionId], {
      questionId: questionAnswerHistory.questionId,
      score: questionAnswerHistory.score,
      timeSpentMs: questionAnswerHistory.timeSpentMs,
    })
    .from(questionAnswerHistory)
    .where(
      and(eq(questionAnswerHistory.userId, userId), inArray(questionAnswerHistory.questionId, ids)),
    )
    .orderBy(
      questionAnswerHistory.questionId,
      sql`${questionAnswerHistory.createdAt} desc`,
      sql`${questionAnswerHistory.id} desc`,
    );
}
