import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinicalCases, courses, questions } from '../../db/schema/index';

export type Conn = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

export async function findCase(db: Conn, id: number) {
  const [row] = await db.select().from(clinicalCases).where(eq(clinicalCases.id, id));
  return row;
}

export async function caseQuestionIds(db: Conn, id: number): Promise<number[]> {
  const list = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.clinicalCaseId, id))
    .orderBy(asc(questions.order), asc(questions.id));
  return list.map((q) => q.id);
}

export async function courseExists(db: Conn, id: number) {
  return (await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id))).length > 0;
}

export async function insertCase(db: Conn, courseId: number, vignette: string) {
  const [row] = await db
    .insert(clinicalCases)
    .values({ courseId, vignette })
    .returning({ id: clinicalCases.id });
  return row!.id;
}

export async function updateVignette(db: Conn, id: number, vignette: string) {
  await db.update(clinicalCases).set({ vignette }).where(eq(clinicalCases.id, id));
}

export async function countInCourse(db: Conn, ids: number[], courseId: number) {
  const found = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(inArray(questions.id, ids), eq(questions.courseId, courseId)));
  return found.length;
}

/** Questions of the case not in `ids` leave it. */
export async function detachOthers(db: Conn, caseId: number, ids: number[]) {
  await db
    .update(questions)
    .set({ clinicalCaseId: null })
    .where(
      and(
        eq(questions.clinicalCaseId, caseId),
        ids.length ? sql`${questions.id} not in ${ids}` : sql`true`,
      ),
    );
}

export async function minOrder(db: Conn, ids: number[]): Promise<number> {
  const result = (await db.execute(
    sql`select coalesce(min("order"), 0)::int as start from questions where id in ${ids}`,
  )) as unknown as { rows: { start: number }[] };
  return result.rows[0]!.start;
}

export async function placeInCase(db: Conn, id: number, caseId: number, order: number) {
  await db.update(questions).set({ clinicalCaseId: caseId, order }).where(eq(questions.id, id));
}
