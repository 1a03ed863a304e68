import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, between, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../db/client';
import {
  choices,
  clinicalCases,
  courses,
  modules,
  questions,
  sources,
} from '../../db/schema/index';

/** The database or a transaction of it. */
export type Conn = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const inserted = sql<boolean>`(xmax = 0)`;
const excluded = (column: string) => sql.raw(`excluded."${column}"`);

export interface Upserted {
  id: number;
  externalId: string | null;
  inserted: boolean;
}

export function upsertModules(
  db: Conn,
  rows: (typeof modules.$inferInsert)[],
): Promise<Upserted[]> {
  if (!rows.length) return Promise.resolve([]);
  return db
    .insert(modules)
    .values(rows)
    .onConflictDoUpdate({
      target: modules.externalId,
      set: {
        name: excluded('name'),
        description: excluded('description'),
        order: excluded('order'),
      },
    })
    .returning({ id: modules.id, externalId: modules.externalId, inserted });
}

export function upsertCourses(
  db: Conn,
  rows: (typeof courses.$inferInsert)[],
): Promise<Upserted[]> {
  if (!rows.length) return Promise.resolve([]);
  return db
    .insert(courses)
    .values(rows)
    .onConflictDoUpdate({
      target: courses.externalId,
      set: {
        moduleId: excluded('module_id'),
        name: excluded('name'),
        description: excluded('description'),
        order: excluded('order'),
      },
    })
    .returning({ id: courses.id, externalId: courses.externalId, inserted });
}

export function upsertSources(
  db: Conn,
  rows: (typeof sources.$inferInsert)[],
): Promise<Upserted[]> {
  if (!rows.length) return Promise.resolve([]);
  return db
    .insert(sources)
    .values(rows)
    .onConflictDoUpdate({
      target: sources.externalId,
      set: {
        moduleId: excluded('module_id'),
        name: excluded('name'),
        year: excluded('year'),
        order: excluded('order'),
      },
    })
    .returning({ id: sources.id, externalId: sources.externalId, inserted });
}

export function upsertCases(
  db: Conn,
  rows: (typeof clinicalCases.$inferInsert)[],
): Promise<Upserted[]> {
  if (!rows.length) return Promise.resolve([]);
  return db
    .insert(clinicalCases)
    .values(rows)
    .onConflictDoUpdate({
      target: clinicalCases.externalId,
      set: {
        courseId: excluded('course_id'),
        vignette: excluded('vignette'),
        images: excluded('images'),
        // The question content cache compares this version.
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: clinicalCases.id, externalId: clinicalCases.externalId, inserted });
}

/** Image keys currently held by the questions and cases of these external ids (replaced on update). */
export async function existingImages(
  db: Conn,
  questionIds: string[],
  caseIds: string[],
): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < questionIds.length; i += 5000) {
    const rows = await db
      .select({ images: questions.images })
      .from(questions)
      .where(inArray(questions.externalId, questionIds.slice(i, i + 5000)));
    rows.forEach((r) => keys.push(...r.images));
  }
  if (caseIds.length) {
    const rows = await db
      .select({ images: clinicalCases.images })
      .from(clinicalCases)
      .where(inArray(clinicalCases.externalId, caseIds));
    rows.forEach((r) => keys.push(...r.images));
  }
  return keys;
}

export interface QuestionRow {
  external_id: string;
  course_id: number;
  source_id: number | null;
  clinical_case_id: number | null;
  type: string;
  stem: string;
  explanation: string;
  /** Null: '' for a new question, unchanged for an existing one (likewise status, 'live'). */
  key_point: string | null;
  status: string | null;
  year: number | null;
  tags: string[];
  images: string[];
  order: number;
  search_text: string;
}

export interface ChoiceRow {
  question_id: number;
  text: string;
  is_correct: boolean;
  explanation: string;
  order: number;
}

/** Rows of a raw query, whichever driver answered (both give `rows`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const QUESTION_COLUMNS = [
  'external_id',
  'course_id',
  'source_id',
  'clinical_case_id',
  'type',
  'stem',
  'explanation',
  'key_point',
  'status',
  'year',
  'tags',
  'images',
  'order',
  'search_text',
] as const satisfies readonly (keyof QuestionRow)[];
const CHOICE_COLUMNS = [
  'question_id',
  'text',
  'is_correct',
  'explanation',
  'order',
] as const satisfies readonly (keyof ChoiceRow)[];

/** One value in COPY's text format: \N is null; backslash, tab and line breaks are escaped. */
const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'boolean'
        ? value
          ? 't'
          : 'f'
        : typeof value === 'number'
          ? String(value)
          : JSON.stringify(value);
  return text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!);
}

interface CopyTarget {
  /** PGlite's transaction: COPY reads the rows from the `/dev/blob` device. */
  query?: (text: string, params: unknown[], options: { blob: Blob }) => Promise<unknown>;
}

/**
 * Writes rows with COPY, the bulk path of both databases (far cheaper per row than INSERT …
 * SELECT from a JSON parameter): COPY FROM STDIN on a PostgreSQL server, `/dev/blob` on PGlite.
 * `db` must be a transaction (a pooled database has no one connection to stream to).
 */
async function copyRows<K extends string>(
  db: Conn,
  table: string,
  columns: readonly K[],
  rows: Record<K, unknown>[],
): Promise<void> {
  if (!rows.length) return;
  const lines = rows.map((row) => columns.map((c) => copyValue(row[c])).join('\t'));
  const data = `${lines.join('\n')}\n`;
  const target = `${table} (${columns.map((c) => `"${c}"`).join(', ')})`;
  const client = (db as unknown as { session: { client: CopyTarget | pg.PoolClient } }).session
    .client;
  if (client instanceof pg.Client) {
    await pipeline(Readable.from([data]), client.query(copyFrom(`copy ${target} from stdin`)));
  } else {
    await (client as CopyTarget).query!(`copy ${target} from '/dev/blob'`, [], {
      blob: new Blob([data]),
    });
  }
}

/** The import's staging table of question rows (dropped at commit). Call once per transaction. */
export async function stageQuestions(db: Conn): Promise<void> {
  await db.execute(sql`
    create temp table import_questions (
      external_id varchar, course_id integer, source_id integer, clinical_case_id integer,
      type varchar, stem text, explanation text, key_point text, status varchar,
      year integer, tags jsonb, images jsonb,
      "order" integer, search_text text, position serial
    ) on commit drop`);
}

/**
 * Upserts a batch of questions by external id: COPY into the staging table (`stageQuestions`),
 * then one INSERT … ON CONFLICT from it, in the file's order.
 */
export async function upsertQuestions(db: Conn, rows: QuestionRow[]): Promise<Upserted[]> {
  await db.execute(sql`truncate import_questions`);
  await copyRows(db, 'import_questions', QUESTION_COLUMNS, rows);
  const result = await db.execute(sql`
    insert into questions (external_id, course_id, source_id, clinical_case_id, type, stem, explanation,
                           key_point, status, is_published, year, tags, images, "order", search_text)
    select x.external_id, x.course_id, x.source_id, x.clinical_case_id, x.type, x.stem, x.explanation,
           coalesce(x.key_point, ''), coalesce(x.status, 'live'), coalesce(x.status, 'live') = 'live',
           x.year, x.tags, x.images, x."order", x.search_text
    from import_questions x order by x.position
    on conflict (external_id) do update set
      course_id = excluded.course_id, source_id = excluded.source_id,
      clinical_case_id = excluded.clinical_case_id, type = excluded.type, stem = excluded.stem,
      explanation = excluded.explanation, year = excluded.year, tags = excluded.tags,
      images = excluded.images, "order" = excluded."order", search_text = excluded.search_text,
      updated_at = now()
    returning id, external_id as "externalId", (xmax = 0) as inserted`);
  // A key point or a status the file gives replaces the stored one (ON CONFLICT cannot tell a
  // given value from the insert's fallback); one the file leaves out stays as staff set it.
  await db.execute(sql`
    update questions q set
      key_point = coalesce(x.key_point, q.key_point),
      status = coalesce(x.status, q.status),
      is_published = coalesce(x.status, q.status) = 'live'
    from import_questions x
    where q.external_id = x.external_id and (x.key_point is not null or x.status is not null)`);
  return rowsOf<Upserted>(result);
}

/** Replaces the choices of these questions (the updated ones; new ones have none yet). */
export async function replaceChoices(
  db: Conn,
  questionIds: number[],
  rows: ChoiceRow[],
): Promise<void> {
  if (questionIds.length) {
    // The id range lets the planner use the choices index: a batch's ids are mostly close
    // together, and a list alone made it scan the whole table once per batch.
    const range = between(choices.questionId, Math.min(...questionIds), Math.max(...questionIds));
    await db.delete(choices).where(and(range, inArray(choices.questionId, questionIds)));
  }
  await copyRows(db, 'choices', CHOICE_COLUMNS, rows);
}

/**
 * Version 1 of every given question that is live (or withdrawn) and has no version yet: an
 * imported live question starts its history as one the editor published (decision 037), so the
 * editor shows "version 1" and its first edit diffs against what learners saw. One statement.
 */
export async function startVersions(db: Conn, questionIds: number[]): Promise<void> {
  if (!questionIds.length) return;
  await db.execute(sql`
    insert into question_versions (question_id, number, snapshot, rescored)
    select q.id, 1, jsonb_build_object(
             'type', q.type, 'stem', q.stem, 'explanation', q.explanation,
             'key_point', q.key_point, 'tags', q.tags, 'images', q.images,
             'course', q.course_id, 'source', q.source_id, 'year', q.year,
             'clinical_case', q.clinical_case_id, 'status', q.status,
             'choices', coalesce((
               select jsonb_agg(jsonb_build_object('id', c.id, 'text', c.text,
                        'is_correct', c.is_correct, 'explanation', c.explanation)
                      order by c."order", c.id)
               from choices c where c.question_id = q.id), '[]'::jsonb)), 0
    from questions q
    where q.id = any(${`{${questionIds.join(',')}}`}::int[])
      and q.status in ('live', 'withdrawn')
      and not exists (select 1 from question_versions v where v.question_id = q.id)`);
}

export async function countQuestions(db: Conn): Promise<number> {
  const [row] = await db.select({ n: count() }).from(questions);
  return row?.n ?? 0;
}

/**
 * Per-row upkeep that costs more than a rebuild once the rows of a large import have landed:
 * the full-text (GIN) index of questions and the foreign keys of questions and choices (one
 * check query per row). Drops them inside the caller's transaction and answers the statements
 * that put them back, read from the catalog so the schema stays their one definition. The DDL
 * locks questions, choices and the catalogue tables their keys reference (courses, sources,
 * clinical cases) until commit: readers of those wait for the import to finish.
 */
export async function suspendUpkeep(db: Conn): Promise<string[]> {
  const result = await db.execute(sql`
    select format('drop index %I.%I', schemaname, indexname) as "drop", indexdef as "restore"
    from pg_indexes
    where schemaname = current_schema() and tablename = 'questions' and indexdef like '% USING gin %'
    union all
    select format('alter table %s drop constraint %I', conrelid::regclass, conname),
           format('alter table %s add constraint %I %s', conrelid::regclass, conname,
                  pg_get_constraintdef(oid))
    from pg_constraint
    where contype = 'f' and conrelid in ('questions'::regclass, 'choices'::regclass)`);
  const rows = rowsOf<{ drop: string; restore: string }>(result);
  for (const row of rows) await db.execute(sql.raw(row.drop));
  return rows.map((row) => row.restore);
}

/**
 * Fresh planner statistics after questions arrive: PGlite has no autovacuum, and "similar
 * questions" take a question's rarest words from the word index's statistics (decision 057).
 */
export async function analyzeQuestions(db: Conn): Promise<void> {
  await db.execute(sql`analyze questions`);
}

/** Runs the statements of `suspendUpkeep`: indexes built and keys checked once, set-based. */
export async function restoreUpkeep(db: Conn, statements: string[]): Promise<void> {
  for (const statement of statements) await db.execute(sql.raw(statement));
}

// ── Export ──────────────────────────────────────────────────────────────────────────────────

/** Gives an external id to every record without one, so that a re-import of an export updates. */
export async function assignExternalIds(db: Conn): Promise<void> {
  await db
    .update(modules)
    .set({ externalId: sql`'qbank:module:' || ${modules.id}` })
    .where(isNull(modules.externalId));
  await db
    .update(courses)
    .set({ externalId: sql`'qbank:course:' || ${courses.id}` })
    .where(isNull(courses.externalId));
  await db
    .update(sources)
    .set({ externalId: sql`'qbank:source:' || ${sources.id}` })
    .where(isNull(sources.externalId));
  await db
    .update(clinicalCases)
    .set({ externalId: sql`'qbank:case:' || ${clinicalCases.id}` })
    .where(isNull(clinicalCases.externalId));
  await db
    .update(questions)
    .set({ externalId: sql`'qbank:question:' || ${questions.id}` })
    .where(isNull(questions.externalId));
}

export function listModules(db: Conn, moduleId?: number) {
  return db
    .select()
    .from(modules)
    .where(moduleId === undefined ? undefined : eq(modules.id, moduleId))
    .orderBy(asc(modules.order), asc(modules.id));
}

export function listCourses(db: Conn, moduleIds: number[]) {
  return db
    .select()
    .from(courses)
    .where(inArray(courses.moduleId, moduleIds))
    .orderBy(asc(courses.order), asc(courses.id));
}

export function listSources(db: Conn, moduleIds: number[]) {
  return db
    .select()
    .from(sources)
    .where(inArray(sources.moduleId, moduleIds))
    .orderBy(asc(sources.order), asc(sources.id));
}

export function listCases(db: Conn, courseIds: number[]) {
  return db
    .select()
    .from(clinicalCases)
    .where(inArray(clinicalCases.courseId, courseIds))
    .orderBy(asc(clinicalCases.id));
}

/** One page of the questions of some courses (keyset on id), with their choices. */
export async function questionsPage(db: Conn, courseIds: number[], afterId: number, limit: number) {
  const rows = await db
    .select()
    .from(questions)
    .where(and(inArray(questions.courseId, courseIds), sql`${questions.id} > ${afterId}`))
    .orderBy(asc(questions.id))
    .limit(limit);
  const list = rows.length
    ? await db
        .select()
        .from(choices)
        .where(
          inArray(
            choices.questionId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(choices.questionId), asc(choices.order))
    : [];
  const byQuestion = new Map<number, (typeof list)[number][]>();
  for (const c of list) {
    const group = byQuestion.get(c.questionId);
    if (group) group.push(c);
    else byQuestion.set(c.questionId, [c]);
  }
  return rows.map((q) => ({ ...q, choices: byQuestion.get(q.id) ?? [] }));
}
