import type { Course, CourseListQuery, Module, Source, SourceListQuery } from '@qbank/contract';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/storage';
import { courseCounts, sourceCounts } from './catalogue-counts';
import {
  exists,
  listCourses,
  listModules,
  listSources,
  type CourseRow,
  type ModuleRow,
  type SourceRow,
} from './catalogue.repository';

export const INVALID_CHOICE =
  'Select a valid choice. That choice is not one of the available choices.';

/** A stored image is a media key; an absolute URL or path (e.g. from an import) is kept. */
const imageUrl = (image: string | null) =>
  image && /^(https?:\/\/|\/)/.test(image) ? image : mediaUrl(image);

/** Modules with their live question count (cached per course, decision 042). */
async function withModuleCounts(db: Db, rows: ModuleRow[]): Promise<Module[]> {
  const counts = await courseCounts(
    db,
    rows.flatMap((r) => r.course_ids),
  );
  return rows.map(({ course_ids, ...row }) => ({
    ...row,
    image: imageUrl(row.image),
    questions_count: course_ids.reduce((sum, id) => sum + (counts.get(id)?.total ?? 0), 0),
  }));
}

async function withCourseCounts(db: Db, rows: CourseRow[]): Promise<Course[]> {
  const counts = await courseCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, questions_count: counts.get(row.id)?.total ?? 0 }));
}

/** Sources with their live question count: in `courseId` only (and only those it has), or all. */
async function withSourceCounts(db: Db, rows: SourceRow[], courseId?: number): Promise<Source[]> {
  if (courseId === undefined) {
    const counts = await sourceCounts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({ ...row, questions_count: counts.get(row.id) ?? 0 }));
  }
  const inCourse = (await courseCounts(db, [courseId])).get(courseId)?.bySource ?? new Map();
  return rows
    .filter((row) => (inCourse.get(row.id) ?? 0) > 0)
    .map((row) => ({ ...row, questions_count: inCourse.get(row.id)! }));
}

type Deps = Pick<ServiceDeps, 'db'>;

const one = <T>(items: T[]): T => {
  if (!items[0]) throw notFound();
  return items[0];
};

async function assertExists(
  db: Db,
  table: 'modules' | 'courses',
  field: string,
  id: number | undefined,
) {
  if (id !== undefined && !(await exists(db, table, id))) throw badRequest(field, INVALID_CHOICE);
}

/** Every module, hidden ones included (flagged, so they can be un-hidden). */
export async function modulesOf({ db }: Deps, user: User): Promise<Module[]> {
  return withModuleCounts(db, await listModules(db, user.id));
}

export async function moduleById({ db }: Deps, user: User, id: number): Promise<Module> {
  return one(await withModuleCounts(db, await listModules(db, user.id, id)));
}

export async function coursesOf(
  { db }: Deps,
  user: User,
  query: CourseListQuery,
): Promise<Course[]> {
  await assertExists(db, 'modules', 'module', query.module);
  return withCourseCounts(db, await listCourses(db, user.id, { moduleId: query.module }));
}

export async function courseById({ db }: Deps, user: User, id: number): Promise<Course> {
  return one(await withCourseCounts(db, await listCourses(db, user.id, { id })));
}

export async function sourcesOf(
  { db }: Deps,
  user: User,
  query: SourceListQuery,
): Promise<Source[]> {
  await assertExists(db, 'modules', 'module', query.module);
  await assertExists(db, 'courses', 'course', query.course);
  return withSourceCounts(
    db,
    await listSources(db, user.id, { moduleId: query.module }),
    query.course,
  );
}

export async function sourceById({ db }: Deps, user: User, id: number): Promise<Source> {
  return one(await withSourceCounts(db, await listSources(db, user.id, { id })));
}
