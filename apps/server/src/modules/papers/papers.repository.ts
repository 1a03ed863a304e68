import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modules, paperAnswers, paperAttempts, questions, sources } from '../../db/schema/index';

export type AttemptRow = typeof paperAttempts.$inferSelect;
/** What was sat: a past paper (its source) or a mock exam. */
export type PaperRef = Pick<AttemptRow, 'sourceId' | 'mockExamId'>;

/** The attempts at the same paper, in raw SQL over `paper_attempts a`. */
const samePaperSql = (p: PaperRef) =>
  p.mockExamId !== null ? sql`a.mock_exam_id = ${p.mockExamId}` : sql`a.source_id = ${p.sourceId}`;

const rowsOf = async <T>(result: Promise<unknown>) =>
  (await (result as Promise<{ rows: T[] }>)).rows;

/** The ranked population of a paper: first attempts, submitted and scored. */
const rankedOf = (p: PaperRef) =>
  and(
    p.mockExamId !== null
      ? eq(paperAttempts.mockExamId, p.mockExamId)
      : eq(paperAttempts.sourceId, p.sourceId!),
    eq(paperAttempts.isRanked, true),
    isNotNull(paperAttempts.score),
  );

/** Past papers (sources with a time limit) of live modules, with their published counts. */
export async function listPapers(db: Db) {
  return rowsOf<{
    id: number;
    name: string;
    year: number | null;
    module_id: number;
    module_name: string;
    time_limit_minutes: number;
    scoring: 'all_or_nothing' | 'partial';
    questions_count: number;
    takers: number;
  }>(
    db.execute(sql`
      select s.id, s.name, s.year, m.id as module_id, m.name as module_name,
             s.time_limit_minutes, s.scoring,
             (select count(*)::int from questions q
               where q.source_id = s.id and q.is_published) as questions_count,
             (select count(*)::int from paper_attempts a
               where a.source_id = s.id and a.is_ranked and a.score is not null) as takers
      from sources s join modules m on m.id = s.module_id
      where s.time_limit_minutes is not null and not s.is_archived and not m.is_archived
      order by m."order", m.id, s."order", s.id`),
  );
}

export async function attemptsOfUser(db: Db, userId: number) {
  return db
    .select()
    .from(paperAttempts)
    .where(eq(paperAttempts.userId, userId))
    .orderBy(asc(paperAttempts.startedAt), asc(paperAttempts.id));
}

export async function findSource(db: Db, id: number) {
  const [row] = await db
    .select({
      id: sources.id,
      name: sources.name,
      year: sources.year,
      moduleId: sources.moduleId,
      isArchived: sources.isArchived,
      moduleArchived: modules.isArchived,
      timeLimitMinutes: sources.timeLimitMinutes,
      scoring: sources.scoring,
    })
    .from(sources)
    .innerJoin(modules, eq(modules.id, sources.moduleId))
    .where(eq(sources.id, id));
  return row;
}

/** The paper's published questions in their original order (the order staff gave them). */
export async function paperQuestionIds(db: Db, sourceId: number): Promise<number[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.sourceId, sourceId), eq(questions.isPublished, true)))
    .orderBy(asc(questions.order), asc(questions.id));
  return rows.map((r) => r.id);
}

export async function openAttempt(db: Db, userId: number, sourceId: number) {
  const [row] = await db
    .select()
    .from(paperAttempts)
    .where(
      and(
        eq(paperAttempts.userId, userId),
        eq(paperAttempts.sourceId, sourceId),
        isNull(paperAttempts.submittedAt),
      ),
    )
    .orderBy(asc(paperAttempts.id))
    .limit(1);
  return row;
}

/**
 * A new attempt: ranked when it is the learner's first at this paper. The unique index on
 * ranked attempts settles two starts racing: the loser becomes practice.
 */
export async function insertAttempt(
  db: Db,
  values: Omit<typeof paperAttempts.$inferInsert, 'isRanked'>,
): Promise<AttemptRow> {
  const [ranked] = await db
    .insert(paperAttempts)
    .values({ ...values, isRanked: true })
    .onConflictDoNothing()
    .returning();
  if (ranked) return ranked;
  const [practice] = await db
    .insert(paperAttempts)
    .values({ ...values, isRanked: false })
    .returning();
  return practice!;
}

/** A mock exam is sat once: undefined when the learner already has an attempt at it. */
export async function insertMockAttempt(
  db: Db,
  values: Omit<typeof paperAttempts.$inferInsert, 'isRanked'>,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .insert(paperAttempts)
    .values({ ...values, isRanked: true })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The learner's attempt at a mock exam, if any. */
export async function mockAttemptOf(db: Db, userId: number, mockExamId: number) {
  const [row] = await db
    .select()
    .from(paperAttempts)
    .where(and(eq(paperAttempts.userId, userId), eq(paperAttempts.mockExamId, mockExamId)));
  return row;
}

export async function findAttempt(db: Db, id: number) {
  const [row] = await db.select().from(paperAttempts).where(eq(paperAttempts.id, id));
  return row;
}

export async function answersOf(db: Db, attemptId: number) {
  return db
    .select({
      questionId: paperAnswers.questionId,
      choices: paperAnswers.choices,
      score: paperAnswers.score,
    })
    .from(paperAnswers)
    .where(eq(paperAnswers.attemptId, attemptId));
}

/**
 * Saves (or replaces) an answer only on the learner's own open attempt, for a question of its
 * paper, before its deadline by the server's clock: one statement, so an answer racing the
 * deadline is either in or refused. Answers the deadline; undefined when any condition fails
 * (the caller finds which).
 */
export async function saveAnswer(
  db: Db,
  answer: { attemptId: number; userId: number; questionId: number; choices: number[] },
  now: Date,
): Promise<Date | undefined> {
  const at = now.toISOString();
  const rows = await rowsOf<{ deadline: string | Date }>(
    db.execute(sql`
      with a as (
        select id, deadline from paper_attempts
        where id = ${answer.attemptId} and user_id = ${answer.userId}
          and question_ids @> ${JSON.stringify([answer.questionId])}::jsonb
          and submitted_at is null and deadline > ${at}::timestamptz
      ), saved as (
        insert into paper_answers (attempt_id, question_id, choices, answered_at)
        select a.id, ${answer.questionId}, ${JSON.stringify(answer.choices)}::jsonb, ${at}::timestamptz
        from a
        on conflict (attempt_id, question_id)
          do update set choices = excluded.choices, answered_at = excluded.answered_at
        returning attempt_id
      )
      select a.deadline from a join saved on saved.attempt_id = a.id`),
  );
  return rows[0] ? new Date(rows[0].deadline) : undefined;
}

/**
 * Closes an attempt and stores its scores, in one transaction; `score` grades the answers
 * given. Only the first closer wins (a deadline sweep and the learner's submit may race);
 * the others get undefined.
 */
export async function closeAttempt(
  db: Db,
  attemptId: number,
  submittedAt: Date,
  score: (answers: { questionId: number; choices: number[] }[]) => Map<number, number>,
) {
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(paperAttempts)
      .set({ submittedAt })
      .where(and(eq(paperAttempts.id, attemptId), isNull(paperAttempts.submittedAt)))
      .returning();
    if (!closed) return undefined;
    const given = await answersOf(tx as unknown as Db, attemptId);
    const scores = score(given);
    let total = 0;
    for (const value of scores.values()) total += value;
    // Every answer's score in one statement.
    if (scores.size)
      await tx.execute(sql`
        update paper_answers p set score = v.score
        from (values ${sql.join(
          [...scores].map(([q, v]) => sql`(${q}::int, ${v}::real)`),
          sql`, `,
        )}) as v(question_id, score)
        where p.attempt_id = ${attemptId} and p.question_id = v.question_id`);
    const [scored] = await tx
      .update(paperAttempts)
      .set({ score: Math.round(total * 100) / 100 })
      .where(eq(paperAttempts.id, attemptId))
      .returning();
    return { attempt: scored!, answers: given };
  });
}

/** Every ranked score of a paper. */
export async function rankedScores(db: Db, paper: PaperRef): Promise<number[]> {
  const rows = await db
    .select({ score: paperAttempts.score })
    .from(paperAttempts)
    .where(rankedOf(paper));
  return rows.map((r) => r.score!);
}

/**
 * Each ranked taker's score per course of the paper (answered questions only: a taker without
 * a row in a course scored 0 there).
 */
export async function rankedCourseScores(db: Db, paper: PaperRef) {
  return rowsOf<{ attempt_id: number; course_id: number; score: number }>(
    db.execute(sql`
      select a.id as attempt_id, q.course_id, sum(coalesce(pa.score, 0))::float8 as score
      from paper_attempts a
      join paper_answers pa on pa.attempt_id = a.id
      join questions q on q.id = pa.question_id
      where ${samePaperSql(paper)} and a.is_ranked and a.score is not null
      group by 1, 2`),
  );
}

/** How many ranked takers ticked each choice of the paper. */
export async function rankedChoiceCounts(db: Db, paper: PaperRef) {
  return rowsOf<{ question_id: number; choice: number; n: number }>(
    db.execute(sql`
      select pa.question_id, c.value::int as choice, count(*)::int as n
      from paper_attempts a
      join paper_answers pa on pa.attempt_id = a.id
      cross join lateral jsonb_array_elements_text(pa.choices) as c(value)
      where ${samePaperSql(paper)} and a.is_ranked and a.score is not null
      group by 1, 2`),
  );
}

/** The courses (with their module) of some questions. */
export async function placesOf(db: Db, questionIds: number[]) {
  if (!questionIds.length) return [];
  return rowsOf<{
    question_id: number;
    course_id: number;
    course_name: string;
    module_id: number;
    module_name: string;
  }>(
    db.execute(sql`
      select q.id as question_id, c.id as course_id, c.name as course_name,
             m.id as module_id, m.name as module_name
      from questions q join courses c on c.id = q.course_id join modules m on m.id = c.module_id
      where q.id in (${sql.join(
        questionIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
}

/** Open attempts past their deadline (the sweep's work list). */
export async function overdueAttempts(db: Db, now: Date) {
  return db
    .select({ id: paperAttempts.id })
    .from(paperAttempts)
    .where(
      and(
        isNull(paperAttempts.submittedAt),
        sql`${paperAttempts.deadline} <= ${now.toISOString()}::timestamptz`,
      ),
    );
}
