import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseFilters, courses, moduleFilters, modules, sources } from '../../db/schema/index';

export type ModuleFilterRow = typeof moduleFilters.$inferSelect & { moduleName: string };
export type CourseFilterRow = typeof courseFilters.$inferSelect & { courseName: string };

export async function findModule(db: Db, id: number) {
  const [row] = await db
    .select({ id: modules.id, name: modules.name })
    .from(modules)
    .where(eq(modules.id, id));
  return row;
}

export async function findCourse(db: Db, id: number) {
  const [row] = await db
    .select({ id: courses.id, name: courses.name, moduleId: courses.moduleId })
    .from(courses)
    .where(eq(courses.id, id));
  return row;
}

/** The module of each existing source among `ids`. */
export async function sourceModules(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: sources.id, moduleId: sources.moduleId })
    .from(sources)
    .where(inArray(sources.id, ids));
  return new Map(rows.map((r) => [r.id, r.moduleId]));
}

// Module filters

const moduleFilterColumns = {
  id: moduleFilters.id,
  userId: moduleFilters.userId,
  moduleId: moduleFilters.moduleId,
  createdAt: moduleFilters.createdAt,
  moduleName: modules.name,
};

export async function listModuleFilters(
  db: Db,
  userId: number,
  id?: number,
): Promise<ModuleFilterRow[]> {
  return db
    .select(moduleFilterColumns)
    .from(moduleFilters)
    .innerJoin(modules, eq(modules.id, moduleFilters.moduleId))
    .where(and(eq(moduleFilters.userId, userId), id ? eq(moduleFilters.id, id) : undefined))
    .orderBy(asc(modules.order), asc(moduleFilters.id));
}

export async function findModuleFilterByModule(db: Db, userId: number, moduleId: number) {
  const [row] = await db
    .select({ id: moduleFilters.id })
    .from(moduleFilters)
    .where(and(eq(moduleFilters.userId, userId), eq(moduleFilters.moduleId, moduleId)));
  return row;
}

/** The new filter's id; undefined when the user already has one for that module. */
export async function insertModuleFilter(db: Db, userId: number, moduleId: number) {
  const [row] = await db
    .insert(moduleFilters)
    .values({ userId, moduleId })
    .onConflictDoNothing()
    .returning({ id: moduleFilters.id });
  return row?.id;
}

export async function updateModuleFilter(db: Db, userId: number, id: number, moduleId: number) {
  const rows = await db
    .update(moduleFilters)
    .set({ moduleId })
    .where(and(eq(moduleFilters.id, id), eq(moduleFilters.userId, userId)))
    .returning({ id: moduleFilters.id });
  return rows.length > 0;
}

/** Deletes by filter id and/or module; the number of rows deleted. */
export async function deleteModuleFilters(
  db: Db,
  userId: number,
  by: { id?: number; moduleId?: number },
): Promise<number> {
  const rows = await db
    .delete(moduleFilters)
    .where(
      and(
        eq(moduleFilters.userId, userId),
        by.id ? eq(moduleFilters.id, by.id) : undefined,
        by.moduleId ? eq(moduleFilters.moduleId, by.moduleId) : undefined,
      ),
    )
    .returning({ id: moduleFilters.id });
  return rows.length;
}

// Course filters

const courseFilterColumns = {
  id: courseFilters.id,
  userId: courseFilters.userId,
  courseId: courseFilters.courseId,
  courseSources: courseFilters.courseSources,
  createdAt: courseFilters.createdAt,
  courseName: courses.name,
};

export async function listCourseFilters(
  db: Db,
  userId: number,
  by: { id?: number; courseId?: number } = {},
): Promise<CourseFilterRow[]> {
  return db
    .select(courseFilterColumns)
    .from(courseFilters)
    .innerJoin(courses, eq(courses.id, courseFilters.courseId))
    .where(
      and(
        eq(courseFilters.userId, userId),
        by.id ? eq(courseFilters.id, by.id) : undefined,
        by.courseId ? eq(courseFilters.courseId, by.courseId) : undefined,
      ),
    )
    .orderBy(asc(courseFilters.id));
}

export async function insertCourseFilter(
  db: Db,
  userId: number,
  courseId: number,
  courseSources: number[],
) {
  const [row] = await db
    .insert(courseFilters)
    .values({ userId, courseId, courseSources })
    .onConflictDoNothing()
    .returning({ id: courseFilters.id });
  return row?.id;
}

export async function updateCourseFilter(
  db: Db,
  userId: number,
  id: number,
  changes: { courseId: number; courseSources: number[] },
) {
  const rows = await db
    .update(courseFilters)
    .set(changes)
    .where(and(eq(courseFilters.id, id), eq(courseFilters.userId, userId)))
    .returning({ id: courseFilters.id });
  return rows.length > 0;
}

export async function deleteCourseFilter(db: Db, userId: number, id: number) {
  const rows = await db
    .delete(courseFilters)
    .where(and(eq(courseFilters.id, id), eq(courseFilters.userId, userId)))
    .returning({ id: courseFilters.id });
  return rows.length > 0;
}
