import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { preparedPerDb, type Db } from '../../db/client';
import {
  questionAnswerHistory,
  questionEvaluations,
  questions,
  reviewLogs,
  reviewSettings,
  users,
} from '../../db/schema/index';

export type ReviewLogRow = typeof reviewLogs.$inferSelect;
export type SettingsRow = typeof reviewSettings.$inferSelect;

export async function insertReviewLog(db: Db, values: typeof reviewLogs.$inferInsert) {
  await db.insert(reviewLogs).values(values);
}

/** A review logged by the answer's own statement, once its card write (`card`) went through. */
export function reviewLogAfterCardWrite(values: typeof reviewLogs.$inferInsert) {
  return sql`insert into ${reviewLogs} (user_id, question_id, rating, state, reviewed_at, source, previous)
    select ${values.userId}, ${values.questionId}, ${values.rating}, ${values.state},
      ${values.reviewedAt.toISOString()}::timestamptz, ${values.source},
      ${values.previous === null || values.previous === undefined ? null : JSON.stringify(values.previous)}::jsonb
    from card`;
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

/** The published questions of a clinical case in their order (null: a lone question). */
const caseIdsOf = (questionId: SQL) => sql<number[] | null>`(
  select array_agg(q.id order by q."order", q.id) from ${questions} q
  where q.is_published and q.clinical_case_id =
    (select own.clinical_case_id from ${questions} own where own.id = ${questionId}))`;

const cardContextQuery = preparedPerDb((db) => {
  const questionId = sql`${sql.placeholder('questionId')}`;
  const caseIds = caseIdsOf(questionId);
  return db
    .select({
      caseIds,
      settings: reviewSettings,
      card: questionEvaluations,
      // The row version (its last writer's transaction id) for a write guarded by it.
      cardVersion: sql<string | null>`${questionEvaluations}.xmin::text`,
    })
    .from(users)
    .leftJoin(reviewSettings, eq(reviewSettings.userId, users.id))
    .leftJoin(
      questionEvaluations,
      and(
        eq(questionEvaluations.userId, users.id),
        eq(questionEvaluations.questionId, sql`coalesce((${caseIds})[1], ${questionId})`),
      ),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('qbank_card_context');
});

/**
 * What rescheduling the card of `questionId` needs, in one round trip (the answer path is hot):
 * the case the question belongs to, the learner's review settings and the card's stored state.
 * The card is the case's first question, or the question itself.
 */
export async function cardContext(db: Db, userId: number, questionId: number) {
  const [row] = await cardContextQuery(db).execute({ userId, questionId });
  const ids = row?.caseIds ?? null;
  return {
    cardId: ids?.[0] ?? questionId,
    caseIds: ids,
    settings: row?.settings ?? undefined,
    card: row?.card ?? undefined,
    cardVersion: row?.cardVersion ?? null,
  };
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
