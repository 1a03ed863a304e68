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
import { recordStaffAction, type StaffActor } from '../audit/audit.service';

type Deps = Pick<ServiceDeps, 'db'>;

const INVALID_CHOICE = 'Select a valid choice. That choice is not one of the available choices.';

export async function catalogue({ db }: Deps): Promise<StaffModule[]> {
  const { moduleRows, courseRows, sourceRows, counts } = await repo.loadCatalogue(db);
  const byCourse = new Map<number, { n: number; live: number }>();
  const bySource = new Map<number, { n: number; live: number }>();
  const add = (map: typeof byCourse, id: number, c: (typeof counts)[number]) => {
    const sum = map.get(id) ?? { n: 0, live: 0 };
    map.set(id, { n: sum.n + c.n, live: sum.live + c.live });
  };
  for (const c of counts) {
    add(byCourse, c.course_id, c);
    if (c.source_id !== null) add(bySource, c.source_id, c);
  }
  const course = (c: (typeof courseRows)[number]): StaffCourse => ({
    id: c.id,
    module: c.moduleId,
    name: c.name,
    description: c.description,
    order: c.order,
    is_archived: c.isArchived,
    questions_count: byCourse.get(c.id)?.n ?? 0,
    live_questions_count: byCourse.get(c.id)?.live ?? 0,
  });
  const source = (s: (typeof sourceRows)[number]): StaffSource => ({
    id: s.id,
    module: s.moduleId,
    name: s.name,
    year: s.year,
    order: s.order,
    is_archived: s.isArchived,
    questions_count: bySource.get(s.id)?.n ?? 0,
    live_questions_count: bySource.get(s.id)?.live ?? 0,
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
      live_questions_count: own.reduce((n, c) => n + c.live_questions_count, 0),
      courses: own,
      sources: sourceRows.filter((s) => s.moduleId === m.id).map(source),
    };
  });
}

async function assertModule(db: Db, id: number) {
  if (!(await repo.moduleExists(db, id))) throw badRequest('module', INVALID_CHOICE);
}

/** The singular a row's audit action and target type are named by (module.create, …). */
const TARGET: Record<repo.CatalogueTable, string> = {
  modules: 'module',
  courses: 'course',
  sources: 'source',
};

async function audited(
  db: Db,
  actor: StaffActor,
  table: repo.CatalogueTable,
  id: number,
  verb: string,
  before: unknown,
) {
  const after = await repo.findRow(db, table, id);
  await recordStaffAction(
    { db },
    actor,
    `${TARGET[table]}.${verb}`,
    { type: TARGET[table], id },
    before,
    after,
  );
}

export async function createModule(
  { db }: Deps,
  actor: StaffActor,
  input: Required<StaffModuleInput>,
) {
  const id = await repo.insertModule(db, input);
  await audited(db, actor, 'modules', id, 'create', null);
  return id;
}

export async function createCourse(
  { db }: Deps,
  actor: StaffActor,
  input: Required<StaffCourseInput>,
) {
  await assertModule(db, input.module);
  const id = await repo.insertCourse(db, {
    moduleId: input.module,
    name: input.name,
    description: input.description,
  });
  await audited(db, actor, 'courses', id, 'create', null);
  return id;
}

export async function createSource(
  { db }: Deps,
  actor: StaffActor,
  input: Required<StaffSourceInput>,
) {
  await assertModule(db, input.module);
  const id = await repo.insertSource(db, {
    moduleId: input.module,
    name: input.name,
    year: input.year,
  });
  await audited(db, actor, 'sources', id, 'create', null);
  return id;
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

/** An edit; archiving (is_archived) is logged as `<row>.archive` / `.unarchive` to be found. */
export async function update(
  { db }: Deps,
  actor: StaffActor,
  table: repo.CatalogueTable,
  id: number,
  patch: StaffModulePatch | StaffCoursePatch | StaffSourcePatch,
) {
  const before = await repo.findRow(db, table, id);
  if (!before) throw notFound();
  if (!(await repo.updateRow(db, table, id, patchValues(patch)))) throw notFound();
  const archived = patch.is_archived;
  const verb =
    archived !== undefined && archived !== before.is_archived
      ? archived
        ? 'archive'
        : 'unarchive'
      : 'update';
  await audited(db, actor, table, id, verb, before);
}

/**
 * Reorders a whole sibling list: the modules, or one module's courses or sources. The ids must
 * be exactly that list (no repeats, none missing), so that no order is left ambiguous.
 */
export async function reorder(
  { db }: Deps,
  actor: StaffActor,
  table: repo.CatalogueTable,
  input: Reorder,
) {
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
  // Before: the siblings in their stored order; after: the order given.
  await recordStaffAction(
    { db },
    actor,
    `${TARGET[table]}.reorder`,
    { type: TARGET[table], id: null },
    { ids: siblings },
    { ids },
  );
}
