import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, modules, sources } from '../../db/schema/index';

export type CatalogueTable = 'modules' | 'courses' | 'sources';
const tables = { modules, courses, sources } as const;

/** Every module, course and source, archived ones included, with published question counts. */
export async function loadCatalogue(db: Db) {
  const [moduleRows, courseRows, sourceRows, counts] = await Promise.all([
    db.select().from(modules).orderBy(asc(modules.order), asc(modules.id)),
    db.select().from(courses).orderBy(asc(courses.order), asc(courses.id)),
    db.select().from(sources).orderBy(asc(sources.order), asc(sources.id)),
    db.execute(
      sql`select q.course_id, q.source_id, count(*)::int as n,
        (count(*) filter (where q.status = 'live'))::int as live
        from questions q group by 1, 2`,
    ) as unknown as Promise<{
      rows: { course_id: number; source_id: number | null; n: number; live: number }[];
    }>,
  ]);
  return { moduleRows, courseRows, sourceRows, counts: counts.rows };
}

export async function insertModule(db: Db, values: { name: string; description: string }) {
  const [row] = await db
    .insert(modules)
    .values({
      ...values,
      order: sql`(select coalesce(max("order"), -1) + 1 from modules)`,
    })
    .returning({ id: modules.id });
  return row!.id;
}

export async function insertCourse(
  db: Db,
  values: { moduleId: number; name: string; description: string },
) {
  const [row] = await db
    .insert(courses)
    .values({
      ...values,
      order: sql`(select coalesce(max("order"), -1) + 1 from courses where module_id = ${values.moduleId})`,
    })
    .returning({ id: courses.id });
  return row!.id;
}

export async function insertSource(
  db: Db,
  values: { moduleId: number; name: string; year: number | null },
) {
  const [row] = await db
    .insert(sources)
    .values({
      ...values,
      order: sql`(select coalesce(max("order"), -1) + 1 from sources where module_id = ${values.moduleId})`,
    })
    .returning({ id: sources.id });
  return row!.id;
}

/** Updates one row; false when it does not exist. */
export async function updateRow(
  db: Db,
  table: CatalogueTable,
  id: number,
  values: Record<string, unknown>,
): Promise<boolean> {
  const t = tables[table];
  if (!Object.keys(values).length) {
    return (await db.select({ id: t.id }).from(t).where(eq(t.id, id))).length > 0;
  }
  const rows = await db.update(t).set(values).where(eq(t.id, id)).returning({ id: t.id });
  return rows.length > 0;
}

/** The module of each given row (modules: null), for reorder checks. */
export async function parentsOf(db: Db, table: CatalogueTable, ids: number[]) {
  if (table === 'modules') {
    const rows = await db.select({ id: modules.id }).from(modules).where(inArray(modules.id, ids));
    return rows.map((r) => ({ id: r.id, moduleId: null as number | null }));
  }
  const t = tables[table] as typeof courses | typeof sources;
  return db.select({ id: t.id, moduleId: t.moduleId }).from(t).where(inArray(t.id, ids));
}

/**
 * Ids of the siblings sharing a parent (all modules, or one module's courses or sources), in
 * their stored order.
 */
export async function siblingIds(db: Db, table: CatalogueTable, moduleId: number | null) {
  if (table === 'modules') {
    const rows = await db
      .select({ id: modules.id })
      .from(modules)
      .orderBy(asc(modules.order), asc(modules.id));
    return rows.map((r) => r.id);
  }
  const t = tables[table] as typeof courses | typeof sources;
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.moduleId, moduleId!)))
    .orderBy(asc(t.order), asc(t.id));
  return rows.map((r) => r.id);
}

/** Sets `order` to each id's position in one statement. */
export async function setOrder(db: Db, table: CatalogueTable, ids: number[]) {
  await db.execute(
    sql`update ${sql.raw(`"${table}"`)} as t set "order" = v.pos
      from (select * from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as u(id, pos)) v
      where t.id = v.id`,
  );
}

export async function moduleExists(db: Db, id: number) {
  return (await db.select({ id: modules.id }).from(modules).where(eq(modules.id, id))).length > 0;
}

/** One module, course or source as the staff API shows it (for the audit log), or undefined. */
export async function findRow(db: Db, table: CatalogueTable, id: number) {
  const t = tables[table];
  const [row] = await db.select().from(t).where(eq(t.id, id));
  if (!row) return undefined;
  const {
    isArchived,
    moduleId,
    createdAt: _c,
    updatedAt: _u,
    ...rest
  } = row as Record<string, unknown>;
  return {
    ...(moduleId === undefined ? {} : { module: moduleId }),
    ...rest,
    is_archived: isArchived,
  };
}
