import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  choices,
  clinicalCases,
  courses,
  questionVersions,
  questions,
  reports,
  sources,
  users,
  type QuestionSnapshot,
  type QuestionStatus,
} from '../../db/schema/index';

/** The database or a transaction of it. */
export type Conn = Pick<
  Db,
  'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'
>;

export type QuestionRow = typeof questions.$inferSelect;
export type ChoiceRow = typeof choices.$inferSelect;

export async function findQuestion(db: Conn, id: number, lock = false) {
  const query = db
    .select({ question: questions, moduleId: courses.moduleId })
    .from(questions)
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(eq(questions.id, id));
  const [row] = lock ? await query.for('update', { of: questions }) : await query;
  if (!row) return undefined;
  const list = await db
    .select()
    .from(choices)
    .where(eq(choices.questionId, id))
    .orderBy(asc(choices.order), asc(choices.id));
  return { ...row, choices: list };
}

export async function courseModule(db: Conn, courseId: number) {
  const [row] = await db
    .select({ moduleId: courses.moduleId })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row?.moduleId;
}

export async function sourceModule(db: Conn, sourceId: number) {
  const [row] = await db
    .select({ moduleId: sources.moduleId, year: sources.year })
    .from(sources)
    .where(eq(sources.id, sourceId));
  return row;
}

export async function caseCourse(db: Conn, caseId: number) {
  const [row] = await db
    .select({ courseId: clinicalCases.courseId })
    .from(clinicalCases)
    .where(eq(clinicalCases.id, caseId));
  return row?.courseId;
}

export async function insertQuestion(db: Conn, values: typeof questions.$inferInsert) {
  const [row] = await db
    .insert(questions)
    .values({
      ...values,
      order: sql`(select coalesce(max("order"), -1) + 1 from questions where course_id = ${values.courseId})`,
    })
    .returning({ id: questions.id });
  return row!.id;
}

export async function updateQuestion(db: Conn, id: number, values: Partial<QuestionRow>) {
  await db.update(questions).set(values).where(eq(questions.id, id));
}

/**
 * Makes the question's choices exactly `list`, in its order: kept ids are updated in place (past
 * answers point at them), new ones inserted, missing ones deleted. Returns the ids in order.
 */
export async function syncChoices(
  db: Conn,
  questionId: number,
  list: { id?: number; text: string; is_correct: boolean; explanation: string }[],
): Promise<number[]> {
  const kept = list.flatMap((c) => (c.id === undefined ? [] : [c.id]));
  await db
    .delete(choices)
    .where(
      and(
        eq(choices.questionId, questionId),
        kept.length ? sql`${choices.id} not in ${kept}` : sql`true`,
      ),
    );
  // Move the kept ones out of the way of the (question, order) unique index first.
  await db
    .update(choices)
    .set({ order: sql`-1 - ${choices.order}` })
    .where(eq(choices.questionId, questionId));
  const ids: number[] = [];
  for (const [order, c] of list.entries()) {
    const values = { text: c.text, isCorrect: c.is_correct, explanation: c.explanation, order };
    if (c.id !== undefined) {
      await db.update(choices).set(values).where(eq(choices.id, c.id));
      ids.push(c.id);
    } else {
      const [row] = await db
        .insert(choices)
        .values({ ...values, questionId })
        .returning({ id: choices.id });
      ids.push(row!.id);
    }
  }
  return ids;
}

export async function latestVersion(db: Conn, questionId: number) {
  const [row] = await db
    .select({ id: questionVersions.id, number: questionVersions.number })
    .from(questionVersions)
    .where(eq(questionVersions.questionId, questionId))
    .orderBy(desc(questionVersions.number))
    .limit(1);
  return row;
}

export async function versionNumbers(db: Conn, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .select({
      questionId: questionVersions.questionId,
      n: sql<number>`max(${questionVersions.number})::int`,
    })
    .from(questionVersions)
    .where(inArray(questionVersions.questionId, ids))
    .groupBy(questionVersions.questionId);
  return new Map(rows.map((r) => [r.questionId, r.n]));
}

export async function appendVersion(
  db: Conn,
  values: {
    questionId: number;
    number: number;
    snapshot: QuestionSnapshot;
    rescored: number;
    authorId: number;
  },
) {
  await db.insert(questionVersions).values(values);
}

export async function replaceVersion(
  db: Conn,
  id: number,
  snapshot: QuestionSnapshot,
  authorId: number,
) {
  await db
    .update(questionVersions)
    .set({ snapshot, authorId, createdAt: new Date() })
    .where(eq(questionVersions.id, id));
}

export async function listVersions(db: Conn, questionId: number) {
  return db
    .select({
      number: questionVersions.number,
      createdAt: questionVersions.createdAt,
      rescored: questionVersions.rescored,
      snapshot: questionVersions.snapshot,
      author: users.email,
    })
    .from(questionVersions)
    .leftJoin(users, eq(users.id, questionVersions.authorId))
    .where(eq(questionVersions.questionId, questionId))
    .orderBy(desc(questionVersions.number));
}

export async function reporters(db: Conn, questionId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: reports.userId })
    .from(reports)
    .where(eq(reports.questionId, questionId));
  return rows.map((r) => r.userId);
}

export const setStatusRow = (db: Conn, id: number, status: QuestionStatus) =>
  db
    .update(questions)
    .set({ status, isPublished: status === 'live' })
    .where(eq(questions.id, id));

/** One stored version's snapshot, or undefined. */
export async function findVersion(db: Conn, questionId: number, number: number) {
  const [row] = await db
    .select({ snapshot: questionVersions.snapshot })
    .from(questionVersions)
    .where(and(eq(questionVersions.questionId, questionId), eq(questionVersions.number, number)));
  return row?.snapshot;
}
