import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { preparedPerDb, type Db } from '../../db/client';
import { storedCard, type StoredCard } from './fsrs';
import {
  questionAnswerHistory,
  questionEvaluations,
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

/** What the optimiser reads of a review. */
export type TrainingRow = Pick<ReviewLogRow, 'questionId' | 'rating' | 'reviewedAt'>;

/**
 * The learner's whole review log, card by card, oldest first: the optimiser's input. Only the
 * columns it reads: a learner's log runs to tens of thousands of rows.
 */
export async function reviewLogOf(db: Db, userId: number): Promise<TrainingRow[]> {
  return db
    .select({
      questionId: reviewLogs.questionId,
      rating: reviewLogs.rating,
      reviewedAt: reviewLogs.reviewedAt,
    })
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

const cardContextsQuery = preparedPerDb((db) => {
  // The (learner, question) pairs, numbered to keep their order: `p`.
  const pairs = sql`unnest(${sql.placeholder('userIds')}::int[], ${sql.placeholder('questionIds')}::int[])
    with ordinality as p(user_id, question_id, ord)`;
  const questionId = sql`p.question_id`;
  const caseIds = caseIdsOf(questionId);
  return db
    .select({
      caseIds,
      settings: reviewSettings,
      card: questionEvaluations,
      // The row version (its last writer's transaction id) for a write guarded by it.
      cardVersion: sql<string | null>`${questionEvaluations}.xmin::text`,
    })
    .from(pairs)
    .leftJoin(reviewSettings, eq(reviewSettings.userId, sql`p.user_id`))
    .leftJoin(
      questionEvaluations,
      and(
        eq(questionEvaluations.userId, sql`p.user_id`),
        eq(questionEvaluations.questionId, sql`coalesce((${caseIds})[1], ${questionId})`),
      ),
    )
    .orderBy(sql`p.ord`)
    .prepare('qbank_card_contexts');
});

/** A learner and a question they answer. */
export interface CardPair {
  userId: number;
  questionId: number;
}

/** What rescheduling a learner's card needs (see `cardContexts`). */
export interface CardContext {
  /** The card's question: the case's first question, or the question itself. */
  cardId: number;
  /** The published questions of the question's clinical case, in order (null: a lone one). */
  caseIds: number[] | null;
  settings: SettingsRow | undefined;
  card: StoredCard | undefined;
  /** The stored card's version (its xmin), for a write guarded by it; null: no card. */
  cardVersion: string | null;
}

/**
 * What rescheduling the cards of (learner, question) pairs needs, in one round trip (the answer
 * path is hot, and a batch of answers reads all its cards at once): the case each question
 * belongs to, the learner's review settings and the card's stored state. The card is the case's
 * first question, or the question itself. In the order of `pairs`.
 */
export async function cardContexts(db: Db, pairs: CardPair[]): Promise<CardContext[]> {
  const rows = await cardContextsQuery(db).execute({
    userIds: pairs.map((p) => p.userId),
    questionIds: pairs.map((p) => p.questionId),
  });
  return rows.map((row, i) => {
    const ids = row.caseIds ?? null;
    return {
      cardId: ids?.[0] ?? pairs[i]!.questionId,
      caseIds: ids,
      settings: row.settings ?? undefined,
      card: row.card ? storedCard(row.card) : undefined,
      cardVersion: row.cardVersion ?? null,
    };
  });
}

/** The context of one learner's card (`cardContexts` for one pair). */
export async function cardContext(db: Db, userId: number, questionId: number) {
  return (await cardContexts(db, [{ userId, questionId }]))[0]!;
}

/** The learner's latest answer to each of `ids` (score, time and stated confidence). */
export async function latestAnswers(db: Db, userId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectDistinctOn([questionAnswerHistory.questionId], {
      questionId: questionAnswerHistory.questionId,
      score: questionAnswerHistory.score,
      timeSpentMs: questionAnswerHistory.timeSpentMs,
      confidence: questionAnswerHistory.confidence,
      createdAt: questionAnswerHistory.createdAt,
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
