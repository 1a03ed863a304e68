import { and, desc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { BlueprintRow } from '@qbank/contract';
import type { Db } from '../../db/client';
import { mockExams, paperAnswers, paperAttempts, purchases, users } from '../../db/schema/index';

export type MockExamRow = typeof mockExams.$inferSelect;

const rowsOf = async <T>(result: Promise<unknown>) =>
  (await (result as Promise<{ rows: T[] }>)).rows;

export async function findMockExam(db: Db, id: number) {
  const [row] = await db.select().from(mockExams).where(eq(mockExams.id, id));
  return row;
}

export async function insertMockExam(db: Db, values: typeof mockExams.$inferInsert) {
  const [row] = await db.insert(mockExams).values(values).returning();
  return row!;
}

export async function listMockExams(db: Db) {
  return db.select().from(mockExams).orderBy(desc(mockExams.opensAt), desc(mockExams.id));
}

/** Started and submitted sittings of each mock exam. */
export async function participation(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { started: number; submitted: number }>();
  const rows = await db
    .select({
      id: paperAttempts.mockExamId,
      started: sql<number>`count(*)::int`,
      submitted: sql<number>`count(${paperAttempts.score})::int`,
    })
    .from(paperAttempts)
    .where(inArray(paperAttempts.mockExamId, ids))
    .groupBy(paperAttempts.mockExamId);
  return new Map(rows.map((r) => [r.id!, { started: r.started, submitted: r.submitted }]));
}

/** The peer difficulty levels (1 easy … 5 hard, `question_stats.difficulty`) of each band. */
const BAND_LEVELS = { easy: [1, 2], medium: [3], hard: [4, 5] } as const;

/**
 * A blueprint row as SQL over `questions q join courses c`, live questions only. A band keeps
 * the questions whose peer difficulty is known and in it (as the exam builder's filter does).
 */
function rowFilter(row: BlueprintRow): SQL {
  const parts = [sql`q.is_published`];
  if (row.module !== undefined) parts.push(sql`c.module_id = ${row.module}`);
  if (row.course !== undefined) parts.push(sql`q.course_id = ${row.course}`);
  if (row.type !== undefined) parts.push(sql`q.type = ${row.type}`);
  if (row.difficulty !== undefined)
    parts.push(sql`exists (select 1 from question_stats s where s.question_id = q.id
      and s.difficulty in (${sql.raw(BAND_LEVELS[row.difficulty].join(', '))}))`);
  return sql.join(parts, sql` and `);
}

const notIn = (ids: number[]) =>
  ids.length
    ? sql`and q.id not in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;

/** How many live questions match a row, leaving out those already taken by earlier rows. */
export async function eligibleCount(db: Db, row: BlueprintRow, taken: number[]) {
  const [r] = await rowsOf<{ n: number }>(
    db.execute(sql`
      select count(*)::int as n from questions q join courses c on c.id = q.course_id
      where ${rowFilter(row)} ${notIn(taken)}`),
  );
  return r?.n ?? 0;
}

/**
 * Draws `row.count` random live questions matching a row, none of `taken`. "Not seen" cannot
 * be per learner on a paper everyone sits, so `prefer_unseen` takes the questions the fewest
 * learners have answered first (their first counted answers, `question_stats.answers`).
 */
export async function drawRow(db: Db, row: BlueprintRow, taken: number[]) {
  const seenFirst = row.prefer_unseen
    ? sql`coalesce((select s.answers from question_stats s where s.question_id = q.id), 0),`
    : sql``;
  const rows = await rowsOf<{ id: number }>(
    db.execute(sql`
      select q.id from questions q join courses c on c.id = q.course_id
      where ${rowFilter(row)} ${notIn(taken)}
      order by ${seenFirst} random() limit ${row.count}`),
  );
  return rows.map((r) => r.id);
}

/** The live questions among some ids (a hand-picked paper must hold only those). */
export async function liveQuestionIds(db: Db, ids: number[]) {
  const rows = await rowsOf<{ id: number }>(
    db.execute(
      sql`select id from questions where is_published and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  return new Set(rows.map((r) => r.id));
}

/** Whether a learner holds an approved, running purchase of a plan. */
export async function holdsPlan(db: Db, userId: number, planId: number, now: Date) {
  const rows = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.planId, planId),
        eq(purchases.status, 'approved'),
        lte(purchases.startsAt, now),
        sql`${purchases.endsAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Mock exams whose results are due and whose takers were not told yet; each claimed once. */
export async function claimResultsToAnnounce(db: Db, now: Date) {
  return db
    .update(mockExams)
    .set({ resultsNotifiedAt: now })
    .where(and(isNull(mockExams.resultsNotifiedAt), lte(mockExams.resultsAt, now)))
    .returning({ id: mockExams.id, title: mockExams.title });
}

/**
 * Mock exams whose window has opened (and not closed) and whose audience was not told yet;
 * each claimed once, first-wins, whatever the number of server processes sweeping.
 */
export async function claimOpenings(db: Db, now: Date) {
  return db
    .update(mockExams)
    .set({ openingAnnouncedAt: now })
    .where(
      and(
        isNull(mockExams.openingAnnouncedAt),
        lte(mockExams.opensAt, now),
        sql`${mockExams.closesAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
}

/** A running approved purchase of learner `u` (raw SQL over `users u`), with more conditions. */
const runningPurchase = (at: string, more: SQL) => sql`exists (select 1 from purchases p
  where p.user_id = u.id and p.status = 'approved' and p.starts_at <= ${at}::timestamptz
    and p.ends_at > ${at}::timestamptz and ${more})`;

/**
 * The learners in a mock exam's audience (the rule of `inAudience`, in SQL): active learners
 * holding its plan, or full access to each of its modules, else every active learner; with
 * whether they opted into the opening mail.
 */
export async function audienceOf(db: Db, exam: MockExamRow, mailList: string, now: Date) {
  const at = now.toISOString();
  let rule = sql`true`;
  if (exam.audiencePlanId !== null)
    rule = runningPurchase(at, sql`p.plan_id = ${exam.audiencePlanId}`);
  else if (exam.audienceModuleIds.length)
    rule = sql.join(
      exam.audienceModuleIds.map((m) =>
        runningPurchase(at, sql`(p.all_modules or ${m}::int = any(p.module_ids))`),
      ),
      sql` and `,
    );
  return rowsOf<{ id: number; email: string; mails: boolean }>(
    db.execute(sql`
      select u.id, u.email, exists (select 1 from mail_subscriptions s
        where s.user_id = u.id and s.list = ${mailList}) as mails
      from users u where u.is_active and not u.is_staff and ${rule}
      order by u.id`),
  );
}

/** Who submitted a mock exam. */
export async function takersOf(db: Db, mockExamId: number) {
  const rows = await db
    .select({ userId: paperAttempts.userId })
    .from(paperAttempts)
    .where(and(eq(paperAttempts.mockExamId, mockExamId), isNotNull(paperAttempts.score)));
  return rows.map((r) => r.userId);
}

/** Every submitted sitting with its taker, best first (the export and the item analysis). */
export async function results(db: Db, mockExamId: number) {
  return db
    .select({
      attemptId: paperAttempts.id,
      userId: paperAttempts.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      score: paperAttempts.score,
      submittedAt: paperAttempts.submittedAt,
    })
    .from(paperAttempts)
    .innerJoin(users, eq(users.id, paperAttempts.userId))
    .where(and(eq(paperAttempts.mockExamId, mockExamId), isNotNull(paperAttempts.score)))
    .orderBy(desc(paperAttempts.score), paperAttempts.id);
}

/** Every scored answer of a mock exam's submitted sittings. */
export async function answersOfExam(db: Db, mockExamId: number) {
  return db
    .select({
      attemptId: paperAnswers.attemptId,
      questionId: paperAnswers.questionId,
      choices: paperAnswers.choices,
      score: paperAnswers.score,
    })
    .from(paperAnswers)
    .innerJoin(paperAttempts, eq(paperAttempts.id, paperAnswers.attemptId))
    .where(and(eq(paperAttempts.mockExamId, mockExamId), isNotNull(paperAttempts.score)));
}
