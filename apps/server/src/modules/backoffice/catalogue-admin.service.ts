import type {
  Reorder,
  StaffCourse,
  StaffModule,
  StaffSource,
  StaffCourseInput,
  StaffCoursePatch,
  StaffModuleInput,
  StaffModulePatch,
  StaffSourceInput,
  StaffSourcePatch,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import * as repo from './catalogue-admin.repository';

type Deps = Pick<ServiceDeps, 'db'>;

const INVALID_CHOICE = 'Select a valid choice. That choice is not one of the available choices.';

export async function catalogue({ db }: Deps): Promise<StaffModule[]> {
  const { moduleRows, courseRows, sourceRows, counts } = await repo.loadCatalogue(db);
  const byCourse = new Map<number, number>();
  const bySource = new Map<number, number>();
  for (const c of counts) {
    byCourse.set(c.course_id, (byCourse.get(c.course_id) ?? 0) + c.n);
    if (c.source_id !== null) bySource.set(c.source_id, (bySource.get(c.source_id) ?? 0) + c.n);
  }
  const course = (c: (typeof courseRows)[number]): StaffCourse => ({
    id: c.id,
    module: c.moduleId,
    name: c.name,
    description: c.description,
    order: c.order,
    is_archived: c.isArchived,
    questions_count: byCourse.get(c.id) ?? 0,
  });
  const source = (s: (typeof sourceRows)[number]): StaffSource => ({
    id: s.id,
    module: s.moduleId,
    name: s.name,
    year: s.year,
    order: s.order,
    is_archived: s.isArchived,
    questions_count: bySource.get(s.id) ?? 0,
    time_limit_minutes: s.timeLimitMinutes,
    scoring: s.scoring,
  });
  return moduleRows.map((m) => {
    const own = courseRows.filter((c) => c.moduleId === m.id).map(course);
    return {
      id: m.id,
      name: m.name,
      description: m.description,
      order: m.order,
      is_archived: m.isArchived,
      questions_count: own.reduce((n, c) => n + c.questions_count, 0),
      courses: own,
      sources: sourceRows.filter((s) => s.moduleId === m.id).map(source),
    };
  });
}

async function assertModule(db: Db, id: number) {
  if (!(await repo.moduleExists(db, id))) throw badRequest('module', INVALID_CHOICE);
}

export const createModule = ({ db }: Deps, input: Required<StaffModuleInput>) =>
  repo.insertModule(db, input);

export async function createCourse({ db }: Deps, input: Required<StaffCourseInput>) {
  await assertModule(db, input.module);
  return repo.insertCourse(db, {
    moduleId: input.module,
    name: input.name,
    description: input.description,
  });
}

export async function createSource({ db }: Deps, input: Required<StaffSourceInput>) {
  await assertModule(db, input.module);
  return repo.insertSource(db, { moduleId: input.module, name: input.name, year: input.year });
}

/** The patch fields whose column name differs (the others are the same word). */
const COLUMN_OF: Record<string, string> = {
  is_archived: 'isArchived',
  time_limit_minutes: 'timeLimitMinutes',
};

const patchValues = (patch: StaffModulePatch | StaffCoursePatch | StaffSourcePatch) => {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    values[COLUMN_OF[key] ?? key] = value;
  }
  return values;
};

export async function update(
  { db }: Deps,
  table: repo.CatalogueTable,
  id: number,
  patch: StaffModulePatch | StaffCoursePatch | StaffSourcePatch,
) {
  if (!(await repo.updateRow(db, table, id, patchValues(patch)))) throw notFound();
}

/**
 * Reorders a whole sibling list: the modules, or one module's courses or sources. The ids must
 * be exactly that list (no repeats, none missing), so that no order is left ambiguous.
 */
export async function reorder({ db }: Deps, table: repo.CatalogueTable, input: Reorder) {
  const ids = input.ids;
  if (new Set(ids).size !== ids.length) throw badRequest('ids', 'An id is given twice.');
  const found = await repo.parentsOf(db, table, ids);
  if (found.length !== ids.length) throw badRequest('ids', INVALID_CHOICE);
  const parents = new Set(found.map((r) => r.moduleId));
  if (parents.size !== 1) throw badRequest('ids', 'Every id must belong to the same module.');
  const siblings = await repo.siblingIds(db, table, found[0]!.moduleId);
  if (siblings.length !== ids.length) {
    throw badRequest('ids', 'Give every id of the list, in the new order.');
  }
  await repo.setOrder(db, table, ids);
}
