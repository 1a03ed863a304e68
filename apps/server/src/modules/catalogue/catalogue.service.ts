import type { Course, CourseListQuery, Module, Source, SourceListQuery } from '@qbank/contract';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/storage';
import {
  exists,
  listCourses,
  listModules,
  listSources,
  type ModuleRow,
} from './catalogue.repository';

export const INVALID_CHOICE =
  'Select a valid choice. That choice is not one of the available choices.';

/** A stored image is a media key; an absolute URL or path (e.g. from an import) is kept. */
const imageUrl = (image: string | null) =>
  image && /^(https?:\/\/|\/)/.test(image) ? image : mediaUrl(image);

const toModule = (row: ModuleRow): Module => ({ ...row, image: imageUrl(row.image) });

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
export async function modulesOf(db: Db, user: User): Promise<Module[]> {
  return (await listModules(db, user.id)).map(toModule);
}

export async function moduleById(db: Db, user: User, id: number): Promise<Module> {
  return toModule(one(await listModules(db, user.id, id)));
}

export async function coursesOf(db: Db, user: User, query: CourseListQuery): Promise<Course[]> {
  await assertExists(db, 'modules', 'module', query.module);
  return listCourses(db, user.id, { moduleId: query.module });
}

export async function courseById(db: Db, user: User, id: number): Promise<Course> {
  return one(await listCourses(db, user.id, { id }));
}

export async function sourcesOf(db: Db, user: User, query: SourceListQuery): Promise<Source[]> {
  await assertExists(db, 'modules', 'module', query.module);
  await assertExists(db, 'courses', 'course', query.course);
  return listSources(db, user.id, { moduleId: query.module, courseId: query.course });
}

export async function sourceById(db: Db, user: User, id: number): Promise<Source> {
  return one(await listSources(db, user.id, { id }));
}
