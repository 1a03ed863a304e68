import { invalidPk } from '@qbank/contract';
import type { CourseFilter, ModuleFilter } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { badRequest, nonFieldError, notFound } from '../../lib/errors';
import * as repo from './filters.repository';

type Deps = Pick<ServiceDeps, 'db'>;

export const DELETE_FILTER_MESSAGE = 'Invalid payload: must include moduleFiltre or module.';

const toModuleFilter = (row: repo.ModuleFilterRow): ModuleFilter => ({
  id: row.id,
  module: row.moduleId,
  module_name: row.moduleName,
  created_at: row.createdAt.toISOString(),
});

const toCourseFilter = (row: repo.CourseFilterRow): CourseFilter => ({
  id: row.id,
  course: row.courseId,
  course_name: row.courseName,
  course_sources: row.courseSources,
  created_at: row.createdAt.toISOString(),
});

// Module filters

export async function listModuleFilters({ db }: Deps, user: User): Promise<ModuleFilter[]> {
  return (await repo.listModuleFilters(db, user.id)).map(toModuleFilter);
}

async function getModuleFilter(db: Db, userId: number, id: number): Promise<ModuleFilter> {
  const [row] = await repo.listModuleFilters(db, userId, id);
  if (!row) throw notFound();
  return toModuleFilter(row);
}

async function assertModuleExists(db: Db, moduleId: number): Promise<void> {
  if (!(await repo.findModule(db, moduleId))) throw badRequest('module', invalidPk(moduleId));
}

const alreadyChosen = () => badRequest('module', 'This module is already in your filters.');

export async function addModuleFilter({ db }: Deps, user: User, moduleId: number) {
  await assertModuleExists(db, moduleId);
  const id = await repo.insertModuleFilter(db, user.id, moduleId);
  if (id === undefined) throw alreadyChosen();
  return getModuleFilter(db, user.id, id);
}

export async function changeModuleFilter({ db }: Deps, user: User, id: number, moduleId: number) {
  await getModuleFilter(db, user.id, id);
  await assertModuleExists(db, moduleId);
  const existing = await repo.findModuleFilterByModule(db, user.id, moduleId);
  if (existing && existing.id !== id) throw alreadyChosen();
  await repo.updateModuleFilter(db, user.id, id, moduleId);
  return getModuleFilter(db, user.id, id);
}

export async function deleteModuleFilter({ db }: Deps, user: User, id: number): Promise<void> {
  if ((await repo.deleteModuleFilters(db, user.id, { id })) === 0) throw notFound();
}

/** DELETE by-module: by the filter's id (`moduleFiltre`) or by module; neither is a 400. */
export async function deleteModuleFilterBy(
  { db }: Deps,
  user: User,
  by: { module?: number; moduleFiltre?: number },
): Promise<void> {
  if (by.module === undefined && by.moduleFiltre === undefined) {
    throw nonFieldError(DELETE_FILTER_MESSAGE);
  }
  const deleted = await repo.deleteModuleFilters(db, user.id, {
    id: by.moduleFiltre,
    moduleId: by.module,
  });
  if (deleted === 0) throw notFound();
}

// Course filters

export async function listCourseFilters(
  { db }: Deps,
  user: User,
  query: { course?: number },
): Promise<CourseFilter[]> {
  const rows = await repo.listCourseFilters(db, user.id, { courseId: query.course });
  return rows.map(toCourseFilter);
}

async function getCourseFilter(db: Db, userId: number, id: number): Promise<CourseFilter> {
  const [row] = await repo.listCourseFilters(db, userId, { id });
  if (!row) throw notFound();
  return toCourseFilter(row);
}

/** The course exists (400 on course) and every source belongs to its module (400 on course_sources). */
async function checkCourseSources(
  db: Db,
  courseId: number,
  sourceIds: number[],
): Promise<number[]> {
  const course = await repo.findCourse(db, courseId);
  if (!course) throw badRequest('course', invalidPk(courseId));
  const unique = [...new Set(sourceIds)];
  const modules = await repo.sourceModules(db, unique);
  for (const id of unique) {
    const moduleId = modules.get(id);
    if (moduleId === undefined) throw badRequest('course_sources', invalidPk(id));
    if (moduleId !== course.moduleId) {
      throw badRequest(
        'course_sources',
        `Source ${id} does not belong to the module of this course.`,
      );
    }
  }
  return unique;
}

const courseTaken = () => badRequest('course', 'You already have a filter for this course.');

export async function addCourseFilter(
  { db }: Deps,
  user: User,
  input: { course: number; course_sources: number[] },
): Promise<CourseFilter> {
  const sources = await checkCourseSources(db, input.course, input.course_sources);
  const id = await repo.insertCourseFilter(db, user.id, input.course, sources);
  if (id === undefined) throw courseTaken();
  return getCourseFilter(db, user.id, id);
}

export async function changeCourseFilter(
  { db }: Deps,
  user: User,
  id: number,
  input: { course?: number; course_sources?: number[] },
): Promise<CourseFilter> {
  const current = await getCourseFilter(db, user.id, id);
  const courseId = input.course ?? current.course;
  const sources = await checkCourseSources(
    db,
    courseId,
    input.course_sources ?? current.course_sources,
  );
  if (courseId !== current.course) {
    const [other] = await repo.listCourseFilters(db, user.id, { courseId });
    if (other) throw courseTaken();
  }
  await repo.updateCourseFilter(db, user.id, id, { courseId, courseSources: sources });
  return getCourseFilter(db, user.id, id);
}

export async function deleteCourseFilter({ db }: Deps, user: User, id: number): Promise<void> {
  if (!(await repo.deleteCourseFilter(db, user.id, id))) throw notFound();
}
