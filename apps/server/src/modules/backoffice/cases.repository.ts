import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinicalCases, courses, modules, questions } from '../../db/schema/index';

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

/** One page of cases, newest first, with their course and how many sub-questions they hold. */
export async function listCases(
  db: Db,
  filter: { course?: number; search?: string },
  window: { limit: number; offset: number },
) {
  const where: SQL[] = [];
  if (filter.course) where.push(eq(clinicalCases.courseId, filter.course));
  const term = filter.search?.trim();
  if (term)
    where.push(ilike(clinicalCases.vignette, `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  return db
    .select({
      id: clinicalCases.id,
      course: clinicalCases.courseId,
      course_name: courses.name,
      module_name: modules.name,
      vignette: sql<string>`left(${clinicalCases.vignette}, 160)`,
      questions: sql<number>`(select count(*)::int from questions q where q.clinical_case_id = ${clinicalCases.id})`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(clinicalCases)
    .innerJoin(courses, eq(courses.id, clinicalCases.courseId))
    .innerJoin(modules, eq(modules.id, courses.moduleId))
    .where(and(...where))
    .orderBy(desc(clinicalCases.id))
    .limit(window.limit)
    .offset(window.offset);
}
