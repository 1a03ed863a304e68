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
  questions_count: number;
  answered_count: number;
  correct_count: number;
  is_favorite: boolean;
  is_hidden: boolean;
  is_filtered: boolean;
}

export async function listModules(db: Db, userId: number, id?: number): Promise<ModuleRow[]> {
  return rows<ModuleRow>(
    db,
    sql`with p as ${progress(userId)},
      per_module as (
        select c.module_id, count(*)::int as questions_count,
          count(p.question_id)::int as answered_count,
          count(*) filter (where p.is_correct)::int as correct_count
        from questions q join courses c on c.id = q.course_id
          left join p on p.question_id = q.id
        where q.is_published ${id === undefined ? sql`` : sql`and c.module_id = ${id}`}
        group by c.module_id)
    select m.id, m.name, m.description, m.image, m."order",
      (select count(*)::int from courses c where c.module_id = m.id) as courses_count,
      coalesce(pm.questions_count, 0) as questions_count,
      coalesce(pm.answered_count, 0) as answered_count,
      coalesce(pm.correct_count, 0) as correct_count,
      exists (select 1 from favorites f where f.user_id = ${userId} and f.module_id = m.id) as is_favorite,
      exists (select 1 from hides h where h.user_id = ${userId} and h.module_id = m.id) as is_hidden,
      exists (select 1 from module_filters mf where mf.user_id = ${userId} and mf.module_id = m.id) as is_filtered
    from modules m left join per_module pm on pm.module_id = m.id
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
  questions_count: number;
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
    sql`with p as ${progress(userId)},
      per_course as (
        select q.course_id, count(*)::int as questions_count,
          count(p.question_id)::int as answered_count,
          count(*) filter (where p.is_correct)::int as correct_count
        from questions q join courses c on c.id = q.course_id
          left join p on p.question_id = q.id
        where q.is_published and ${filter}
        group by q.course_id)
    select c.id, c.module_id as module, c.name, c.description, c."order",
      coalesce(pc.questions_count, 0) as questions_count,
      coalesce(pc.answered_count, 0) as answered_count,
      coalesce(pc.correct_count, 0) as correct_count,
      exists (select 1 from favorites f where f.user_id = ${userId} and f.course_id = c.id) as is_favorite,
      exists (select 1 from hides h where h.user_id = ${userId} and h.course_id = c.id) as is_hidden,
      (select cf.course_sources from course_filters cf where cf.user_id = ${userId} and cf.course_id = c.id)
        as course_sources
    from courses c left join per_course pc on pc.course_id = c.id
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
  questions_count: number;
  is_hidden: boolean;
}

export async function listSources(
  db: Db,
  userId: number,
  where: { id?: number; moduleId?: number; courseId?: number },
): Promise<SourceRow[]> {
  const conditions: SQL[] = [sql`not s.is_archived`];
  if (where.id !== undefined) conditions.push(sql`s.id = ${where.id}`);
  if (where.moduleId !== undefined) conditions.push(sql`s.module_id = ${where.moduleId}`);
  const inCourse = where.courseId === undefined ? sql`` : sql`and q.course_id = ${where.courseId}`;
  const counts = sql`(select count(*)::int from questions q where q.source_id = s.id and q.is_published ${inCourse})`;
  if (where.courseId !== undefined) conditions.push(sql`${counts} > 0`);
  return rows<SourceRow>(
    db,
    sql`select s.id, s.module_id as module, s.name, s.year, s."order",
      ${counts} as questions_count,
      exists (select 1 from hides h where h.user_id = ${userId} and h.source_id = s.id) as is_hidden
    from sources s where ${sql.join(conditions, sql` and `)}
    order by s."order", s.id`,
  );
}

export async function exists(db: Db, table: 'modules' | 'courses', id: number): Promise<boolean> {
  return (await rows(db, sql`select 1 from ${sql.raw(table)} where id = ${id}`)).length > 0;
}
