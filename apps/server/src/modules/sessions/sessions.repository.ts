import { and, asc, count, desc, eq, exists, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import { preparedPerDb, type Db } from '../../db/client';
import { courses, modules, questions, sessionQuestions, sessions } from '../../db/schema/index';

export type SessionRow = typeof sessions.$inferSelect;

interface Window {
  limit: number;
  offset: number;
}

export async function findCourse(db: Db, id: number) {
  const [row] = await db
    .select({ id: courses.id, name: courses.name, moduleId: courses.moduleId })
    .from(courses)
    .where(eq(courses.id, id));
  return row;
}

export async function courseNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; moduleId: number }>();
  const rows = await db
    .select({ id: courses.id, name: courses.name, moduleId: courses.moduleId })
    .from(courses)
    .where(inArray(courses.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function moduleExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: modules.id }).from(modules).where(eq(modules.id, id));
  return rows.length > 0;
}

/** The published questions among `ids`. */
export async function publishedQuestionIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(inArray(questions.id, ids), eq(questions.isPublished, true)));
  return new Set(rows.map((r) => r.id));
}

/** Published questions per course. */
export async function courseQuestionCounts(
  db: Db,
  courseIds: number[],
): Promise<Map<number, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: questions.courseId, total: count() })
    .from(questions)
    .where(and(inArray(questions.courseId, courseIds), eq(questions.isPublished, true)))
    .groupBy(questions.courseId);
  return new Map(rows.map((r) => [r.courseId, r.total]));
}

export async function insertSession(
  db: Db,
  values: typeof sessions.$inferInsert,
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

/** Every session route and every answer reads it: prepared once. */
const sessionQuery = preparedPerDb((db) =>
  db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.id, sql.placeholder('id')), eq(sessions.userId, sql.placeholder('userId'))),
    )
    .prepare('qbank_find_session'),
);

export async function findSession(
  db: Db,
  userId: number,
  id: number,
): Promise<SessionRow | undefined> {
  const [row] = await sessionQuery(db).execute({ id, userId });
  return row;
}

/** The user's latest unfinished session of a course. */
export async function findOpenCourseSession(db: Db, userId: number, courseId: number) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.courseId, courseId),
        eq(sessions.isFinished, false),
      ),
    )
    .orderBy(desc(sessions.updatedAt), desc(sessions.id))
    .limit(1);
  return row;
}

export async function listSessions(
  db: Db,
  userId: number,
  f: { courseId?: number; isFinished?: boolean },
  window: Window,
): Promise<{ total: number; rows: SessionRow[] }> {
  const where = and(
    eq(sessions.userId, userId),
    f.courseId ? eq(sessions.courseId, f.courseId) : undefined,
    f.isFinished === undefined ? undefined : eq(sessions.isFinished, f.isFinished),
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(sessions)
    .where(where);
  const rows = await db
    .select()
    .from(sessions)
    .where(where)
    .orderBy(desc(sessions.updatedAt), desc(sessions.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows };
}

/** The user's unfinished sessions with at least one answer, most recently used first. */
export async function listResumable(db: Db, userId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.isFinished, false),
        exists(
          db
            .select({ one: sql`1` })
            .from(sessionQuestions)
            .where(eq(sessionQuestions.sessionId, sessions.id)),
        ),
      ),
    )
    .orderBy(desc(sessions.updatedAt), desc(sessions.id))
    .limit(100);
}

/** The questions answered in each of these sessions, with the counts, in one grouped read. */
export async function answeredIn(db: Db, sessionIds: number[]) {
  const answered = new Map<
    number,
    { questionIds: Set<number>; answered: number; correct: number }
  >();
  if (sessionIds.length === 0) return answered;
  const rows = await db
    .select({
      sessionId: sessionQuestions.sessionId,
      questionIds: sql<number[]>`array_agg(${sessionQuestions.questionId})`,
      correct: sql<number>`count(*) filter (where ${sessionQuestions.isCorrect})`.mapWith(Number),
    })
    .from(sessionQuestions)
    .where(inArray(sessionQuestions.sessionId, sessionIds))
    .groupBy(sessionQuestions.sessionId);
  for (const { sessionId, questionIds, correct } of rows) {
    answered.set(sessionId, {
      questionIds: new Set(questionIds),
      answered: questionIds.length,
      correct,
    });
  }
  return answered;
}

/** Answered and right answers per session. */
export async function sessionStats(db: Db, sessionIds: number[]) {
  const stats = new Map<number, { answered: number; correct: number }>();
  if (sessionIds.length === 0) return stats;
  const rows = await db
    .select({
      sessionId: sessionQuestions.sessionId,
      answered: count(),
      correct: sql<number>`count(*) filter (where ${sessionQuestions.isCorrect})`.mapWith(Number),
    })
    .from(sessionQuestions)
    .where(inArray(sessionQuestions.sessionId, sessionIds))
    .groupBy(sessionQuestions.sessionId);
  for (const { sessionId, ...s } of rows) stats.set(sessionId, s);
  return stats;
}

export async function updateSession(
  db: Db,
  id: number,
  changes: Partial<Pick<SessionRow, 'isFinished' | 'updatedAt'>>,
): Promise<SessionRow> {
  const [row] = await db.update(sessions).set(changes).where(eq(sessions.id, id)).returning();
  return row!;
}

/** Marks the user's unfinished sessions of a course finished. */
export async function finishCourseSessions(
  db: Db,
  userId: number,
  courseId: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({ isFinished: true, updatedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.courseId, courseId),
        eq(sessions.isFinished, false),
      ),
    );
}

export async function deleteSession(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function clearSessionAnswers(db: Db, sessionId: number): Promise<number> {
  const rows = await db
    .delete(sessionQuestions)
    .where(eq(sessionQuestions.sessionId, sessionId))
    .returning({ id: sessionQuestions.id });
  return rows.length;
}

/** Deletes the user's session answers to the questions of some courses (by course or module). */
export async function clearAnswersOfCourses(
  db: Db,
  userId: number,
  by: { courseId: number } | { moduleId: number },
): Promise<number> {
  const courseQuestions = db
    .select({ id: questions.id })
    .from(questions)
    .where(
      'courseId' in by
        ? eq(questions.courseId, by.courseId)
        : inArray(
            questions.courseId,
            db.select({ id: courses.id }).from(courses).where(eq(courses.moduleId, by.moduleId)),
          ),
    );
  const rows = await db
    .delete(sessionQuestions)
    .where(
      and(
        eq(sessionQuestions.userId, userId),
        inArray(sessionQuestions.questionId, courseQuestions),
      ),
    )
    .returning({ id: sessionQuestions.id });
  return rows.length;
}

/**
 * The first question of the session (in questions.order, id) without an answer, with its
 * 0-based position among the session's questions. Reads questions_course_order_idx and the
 * unique (session_id, question_id) index.
 */
export async function firstUnanswered(
  db: Db,
  session: Pick<SessionRow, 'id' | 'courseId' | 'questionIds'>,
): Promise<{ questionId: number; position: number } | undefined> {
  const scope: SQL | undefined = session.courseId
    ? eq(questions.courseId, session.courseId)
    : inArray(questions.id, session.questionIds?.length ? session.questionIds : [0]);
  const ordered = db
    .select({
      id: questions.id,
      position:
        sql<number>`(row_number() over (order by ${questions.order}, ${questions.id}) - 1)::int`.as(
          'position',
        ),
    })
    .from(questions)
    .where(and(scope, eq(questions.isPublished, true)))
    .as('ordered');
  const [row] = await db
    .select({ questionId: ordered.id, position: ordered.position })
    .from(ordered)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(sessionQuestions)
          .where(
            and(
              eq(sessionQuestions.sessionId, session.id),
              eq(sessionQuestions.questionId, ordered.id),
            ),
          ),
      ),
    )
    .orderBy(asc(ordered.position))
    .limit(1);
  return row ? { questionId: row.questionId, position: Number(row.position) } : undefined;
}
