import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The caller's progress per question from session answers: answered once at least, and whether
 * the latest answer was right. Reads the caller's session_questions through its index.
 */
const progress = (userId: number) => sql`(
  select distinct on (sq.question_id) sq.question_id, sq.is_correct
  from session_questions sq where sq.user_id = ${userId}
  order by sq.question_id, sq.answered_at desc, sq.id desc)`;

export interface ModuleRow {
  id: number;
  name: string;
  description: string;
  image: string | null;
  order: number;
  courses_count: number;
  /** Every course of the module (archived ones too): its question count is theirs summed. */
  course_ids: number[];
  answered_count: number;
  correct_count: number;
  is_favorite: boolean;
  is_hidden: boolean;
  is_filtered: boolean;
}

/**
 * The caller's answered and right counts per `group` (course or module), from their own
 * answers only: the cost follows the caller's history, never the size of the bank.
 */
const answeredPer = (userId: number, group: SQL) => sql`(
  select ${group} as group_id, count(*)::int as answered_count,
    count(*) filter (where p.is_correct)::int as correct_count
  from ${progress(userId)} p join questions q on q.id = p.question_id
    join courses c on c.id = q.course_id
  where q.is_published group by 1)`;

export async function listModules(db: Db, userId: number, id?: number): Promise<ModuleRow[]> {
  return rows<ModuleRow>(
    db,
    sql`select m.id, m.name, m.description, m.image, m."order",
      (select count(*)::int from courses c where c.module_id = m.id) as courses_count,
      array(select c.id from courses c where c.module_id = m.id) as course_ids,
      coalesce(pm.answered_count, 0) as answered_count,
      coalesce(pm.correct_count, 0) as correct_count,
      exists (select 1 from favorites f where f.user_id = ${userId} and f.module_id = m.id) as is_favorite,
      exists (select 1 from hides h where h.user_id = ${userId} and h.module_id = m.id) as is_hidden,
      exists (select 1 from module_filters mf where mf.user_id = ${userId} and mf.module_id = m.id) as is_filtered
    from modules m left join ${answeredPer(userId, sql`c.module_id`)} pm on pm.group_id = m.id
    where not m.is_archived ${id === undefined ? sql`` : sql`and m.id = ${id}`}
    order by m."order", m.id`,
  );
}

export interface CourseRow {
  id: number;
  module: number;
  name: string;
  description: string;
  order: number;
  answered_count: number;
  correct_count: number;
  is_favorite: boolean;
  is_hidden: boolean;
  course_sources: number[] | null;
}

export async function listCourses(
  db: Db,
  userId: number,
  where: { id?: number; moduleId?: number },
): Promise<CourseRow[]> {
  const conditions: SQL[] = [sql`not c.is_archived`];
  if (where.id !== undefined) conditions.push(sql`c.id = ${where.id}`);
  if (where.moduleId !== undefined) conditions.push(sql`c.module_id = ${where.moduleId}`);
  const filter = sql.join(conditions, sql` and `);
  return rows<CourseRow>(
    db,
    sql`select c.id, c.module_id as module, c.name, c.description, c."order",
      coalesce(pc.answered_count, 0) as answered_count,
      coalesce(pc.correct_count, 0) as correct_count,
      exists (select 1 from favorites f where f.user_id = ${userId} and f.course_id = c.id) as is_favorite,
      exists (select 1 from hides h where h.user_id = ${userId} and h.course_id = c.id) as is_hidden,
      (select cf.course_sources from course_filters cf where cf.user_id = ${userId} and cf.course_id = c.id)
        as course_sources
    from courses c left join ${answeredPer(userId, sql`q.course_id`)} pc on pc.group_id = c.id
    where ${filter}
    order by c."order", c.id`,
  );
}

export interface SourceRow {
  id: number;
  module: number;
  name: string;
  year: number | null;
  order: number;
  is_hidden: boolean;
}

export async function listSources(
  db: Db,
  userId: number,
  where: { id?: number; moduleId?: number },
): Promise<SourceRow[]> {
  const conditions: SQL[] = [sql`not s.is_archived`];
  if (where.id !== undefined) conditions.push(sql`s.id = ${where.id}`);
  if (where.moduleId !== undefined) conditions.push(sql`s.module_id = ${where.moduleId}`);
  return rows<SourceRow>(
    db,
    sql`select s.id, s.module_id as module, s.name, s.year, s."order",
      exists (select 1 from hides h where h.user_id = ${userId} and h.source_id = s.id) as is_hidden
    from sources s where ${sql.join(conditions, sql` and `)}
    order by s."order", s.id`,
  );
}

/** Live questions per course and source of these courses (one indexed scan per course). */
export function countCourseQuestions(db: Db, courseIds: number[]) {
  return rows<{ course_id: number; source_id: number | null; n: number }>(
    db,
    sql`select q.course_id, q.source_id, count(*)::int as n from questions q
      where q.is_published and q.course_id in ${sql`(${sql.join(
        courseIds.map((id) => sql`${id}`),
        sql`, `,
      )})`}
      group by q.course_id, q.source_id`,
  );
}

/** Live questions of these sources, all courses together. */
export function countSourceQuestions(db: Db, sourceIds: number[]) {
  return rows<{ source_id: number; n: number }>(
    db,
    sql`select q.source_id, count(*)::int as n from questions q
      where q.is_published and q.source_id in ${sql`(${sql.join(
        sourceIds.map((id) => sql`${id}`),
        sql`, `,
      )})`}
      group by q.source_id`,
  );
}

export async function exists(db: Db, table: 'modules' | 'courses', id: number): Promise<boolean> {
  return (await rows(db, sql`select 1 from ${sql.raw(table)} where id = ${id}`)).length > 0;
}
