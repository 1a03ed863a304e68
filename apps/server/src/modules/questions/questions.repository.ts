import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { QuestionType } from '../../db/schema/index';
import { difficultyFilterSql } from './difficulty-filter.repository';

/**
 * The question read path's SQL (list, count, types, first unanswered, exam candidates). Every
 * query reads `questions q join courses c`; the filters are fragments over those aliases.
 */

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** `(1, 2, 3)` for `in`; `(null)` matches nothing. */
export const idList = (ids: number[]): SQL =>
  ids.length
    ? sql`(${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`(null)`;

/** What the caller may read in full (PRODUCT.md §6). */
export interface Access {
  /** Staff, or a subscription covering every module. */
  all: boolean;
  /** Modules of the caller's active subscriptions. */
  moduleIds: number[];
  /** Free preview questions per course. */
  freePerCourse: number;
}

/**
 * True when `q` (joined with `c`) is one of the first N published questions of its course. The
 * subquery is not correlated: it is computed once per statement (N rows per course, read in
 * index order), not once per question (which sorted a whole course for every row: seconds on a
 * bank of a few thousand questions, decision 031).
 */
export const inFreePreview = (freePerCourse: number): SQL =>
  sql`q.id in (select p.id from courses c2 cross join lateral (select q2.id from questions q2
    where q2.course_id = c2.id and q2.is_published order by q2."order", q2.id
    limit ${freePerCourse}) p)`;

/**
 * The same test for statements that read a few questions by id (cards, one question): one
 * index scan of N rows per question read (`questions_course_order_idx`), where `inFreePreview`
 * reads N rows of every course of the bank (a page of ten cards on 200 courses: 3.2 ms of
 * execution against 0.12 ms).
 */
export const inFreePreviewOfEach = (freePerCourse: number): SQL =>
  sql`q.id in (select q2.id from questions q2 where q2.course_id = q.course_id
    and q2.is_published order by q2."order", q2.id limit ${freePerCourse})`;

/** True when the caller may read `q` in full. */
export function accessible(access: Access): SQL {
  if (access.all) return sql`true`;
  const preview = inFreePreview(access.freePerCourse);
  if (!access.moduleIds.length) return preview;
  return sql`(c.module_id in ${idList(access.moduleIds)} or ${preview})`;
}

/** The answer that decides `unanswered` / `incorrect`: in the given session, else current session, else history. */
function answeredCorrectly(userId: number, sessionId: number | undefined): SQL {
  const inSession = (session: SQL) =>
    sql`(select sq.is_correct from session_questions sq
      where sq.session_id = ${session} and sq.question_id = q.id)`;
  if (sessionId !== undefined) return inSession(sql`${sessionId}`);
  return sql`coalesce(${inSession(currentSession(userId))},
    (select h.is_correct from question_answer_history h where h.user_id = ${userId}
      and h.question_id = q.id order by h.created_at desc, h.id desc limit 1))`;
}

/** The caller's current (latest) session of q's course. */
export const currentSession = (userId: number): SQL =>
  sql`(select s.id from sessions s where s.user_id = ${userId} and s.course_id = q.course_id
    order by s.id desc limit 1)`;

export interface QuestionScope {
  userId: number;
  moduleIds?: number[];
  courseIds?: number[];
  sourceIds?: number[];
  types?: QuestionType[];
  search?: string;
  favorite?: boolean;
  /** undefined/false: leave hidden questions out; true: only hidden ones; 'any': both. */
  hidden?: boolean | 'any';
  noted?: boolean;
  unanswered?: boolean;
  incorrect?: boolean;
  sessionId?: number;
  /** Only questions the caller may read in full (exams). */
  accessibleOnly?: Access;
  /** Only these questions (a personal list: favourites, hides, notes, a playlist). */
  onlyIds?: number[];
  /** Only questions whose peer difficulty is one of these (decision 039). */
  difficulty?: number[];
}

/** One array parameter (no limit on the number of ids, unlike a list of parameters). */
const intArray = (ids: number[]): SQL => sql`${sql.param(ids)}::int[]`;

const mark = (table: string, userId: number): SQL =>
  sql`exists (select 1 from ${sql.raw(table)} m where m.user_id = ${userId} and m.question_id = q.id)`;

const yesNo = (condition: SQL, wanted: boolean): SQL =>
  wanted ? condition : sql`not ${condition}`;

/** The `where` of a question list. */
export function scopeWhere(scope: QuestionScope): SQL {
  const parts: SQL[] = [sql`q.is_published`];
  const { userId } = scope;
  if (scope.moduleIds) parts.push(sql`c.module_id in ${idList(scope.moduleIds)}`);
  if (scope.courseIds) parts.push(sql`q.course_id in ${idList(scope.courseIds)}`);
  if (scope.sourceIds) parts.push(sql`q.source_id in ${idList(scope.sourceIds)}`);
  if (scope.types) parts.push(typesIn(scope.types));
  if (scope.search) {
    parts.push(
      sql`to_tsvector('qbank_search', q.search_text) @@ websearch_to_tsquery('qbank_search', ${scope.search})`,
    );
  }
  if (scope.favorite !== undefined)
    parts.push(yesNo(mark('favorite_questions', userId), scope.favorite));
  if (scope.hidden !== 'any')
    parts.push(yesNo(mark('hide_questions', userId), scope.hidden === true));
  if (scope.noted !== undefined) parts.push(yesNo(mark('note_items', userId), scope.noted));
  if (scope.unanswered !== undefined || scope.incorrect !== undefined) {
    const answer = answeredCorrectly(userId, scope.sessionId);
    if (scope.unanswered !== undefined) {
      parts.push(scope.unanswered ? sql`${answer} is null` : sql`${answer} is not null`);
    }
    if (scope.incorrect !== undefined) {
      parts.push(scope.incorrect ? sql`${answer} is false` : sql`${answer} is not false`);
    }
  }
  if (scope.accessibleOnly) parts.push(accessible(scope.accessibleOnly));
  if (scope.onlyIds) parts.push(sql`q.id = any(${intArray(scope.onlyIds)})`);
  if (scope.difficulty) parts.push(difficultyFilterSql(scope.difficulty));
  return sql.join(parts, sql` and `);
}

function typesIn(types: QuestionType[]): SQL {
  if (!types.length) return sql`false`;
  return sql`q.type in (${sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  )})`;
}

/** `given`: the order of `scope.onlyIds`. */
export type Ordering = 'order' | '-order' | 'id' | '-id' | 'year' | '-year' | 'given';

function orderBy(ordering: Ordering, scope: QuestionScope): SQL {
  switch (ordering) {
    case 'order':
      return sql`q.course_id, q."order", q.id`;
    case '-order':
      return sql`q.course_id desc, q."order" desc, q.id desc`;
    case 'id':
      return sql`q.id`;
    case '-id':
      return sql`q.id desc`;
    case 'year':
      return sql`q.year nulls last, q.id`;
    case '-year':
      return sql`q.year desc nulls last, q.id`;
    case 'given':
      return sql`array_position(${intArray(scope.onlyIds ?? [])}, q.id)`;
  }
}

const FROM = sql`questions q join courses c on c.id = q.course_id`;

/** The statements of the read path, exported so a test can EXPLAIN them. */
export const questionQueries = {
  count: (scope: QuestionScope) =>
    sql`select count(*)::int as n from ${FROM} where ${scopeWhere(scope)}`,
  page: (scope: QuestionScope, ordering: Ordering, window: { limit: number; offset: number }) =>
    sql`select q.id from ${FROM} where ${scopeWhere(scope)}
      order by ${orderBy(ordering, scope)} limit ${window.limit} offset ${window.offset}`,
  types: (scope: QuestionScope) =>
    sql`select count(*) filter (where q.type = 'qcs')::int as qcs,
      count(*) filter (where q.type = 'qcm')::int as qcm,
      count(*) filter (where q.clinical_case_id is not null)::int as clinical_case,
      count(*)::int as total
      from ${FROM} where ${scopeWhere(scope)}`,
  firstUnanswered: (scope: QuestionScope, sessionId: number | null) => {
    const unanswered =
      sessionId === null
        ? sql`true`
        : sql`not exists (select 1 from session_questions sq where sq.session_id = ${sessionId}
            and sq.question_id = t.id)`;
    return sql`select t.id, t.position::int as position from (
        select q.id, row_number() over (order by q."order", q.id) as position
        from ${FROM} where ${scopeWhere(scope)}) t
      where ${unanswered} order by t.position limit 1`;
  },
};

export async function countQuestions(db: Db, scope: QuestionScope): Promise<number> {
  const [row] = await rows<{ n: number }>(db, questionQueries.count(scope));
  return row?.n ?? 0;
}

export async function pageOfQuestionIds(
  db: Db,
  scope: QuestionScope,
  ordering: Ordering,
  window: { limit: number; offset: number },
): Promise<number[]> {
  const result = await rows<{ id: number }>(db, questionQueries.page(scope, ordering, window));
  return result.map((r) => r.id);
}

export async function countQuestionTypes(db: Db, scope: QuestionScope) {
  const [row] = await rows<{ qcs: number; qcm: number; clinical_case: number; total: number }>(
    db,
    questionQueries.types(scope),
  );
  return row ?? { qcs: 0, qcm: 0, clinical_case: 0, total: 0 };
}

/** The first question of the scope (by course order) without an answer in the session. */
export async function firstUnansweredIn(
  db: Db,
  scope: QuestionScope,
  sessionId: number | null,
): Promise<{ id: number; position: number } | null> {
  const [row] = await rows<{ id: number; position: number }>(
    db,
    questionQueries.firstUnanswered(scope, sessionId),
  );
  return row ?? null;
}

export interface ExamCandidate {
  id: number;
  case_id: number | null;
}

/**
 * A window of the questions an exam may draw from, in the random order of `seed`: each unit (a
 * clinical case, or a question outside any case) gets a hash of its key and the seed, and a
 * case's questions come together in course order. The database sorts with a top-N heap under the
 * limit, so an exam never reads the candidates into memory (decision 031).
 */
export async function examDraw(
  db: Db,
  scope: QuestionScope,
  seed: number,
  window: { limit: number; offset: number },
): Promise<ExamCandidate[]> {
  return rows<ExamCandidate>(db, examQuery(scope, seed, window));
}

export function examQuery(
  scope: QuestionScope,
  seed: number,
  window: { limit: number; offset: number },
): SQL {
  const unit = sql`coalesce(-q.clinical_case_id, q.id)::bigint`;
  return sql`select q.id, q.clinical_case_id as case_id from ${FROM} where ${scopeWhere(scope)}
    order by hashint8extended(${unit}, ${seed}::bigint), ${unit}, q.course_id, q."order", q.id
    limit ${window.limit} offset ${window.offset}`;
}

/** The caller's course filter (source ids) for a course, or null. */
export async function courseFilterSources(
  db: Db,
  userId: number,
  courseId: number,
): Promise<number[] | null> {
  const [row] = await rows<{ sources: number[] }>(
    db,
    sql`select course_sources as sources from course_filters where user_id = ${userId} and course_id = ${courseId}`,
  );
  return row ? row.sources : null;
}

export async function moduleExists(db: Db, id: number): Promise<boolean> {
  return (await rows(db, sql`select 1 from modules where id = ${id}`)).length > 0;
}

export async function courseExists(db: Db, id: number): Promise<boolean> {
  return (await rows(db, sql`select 1 from courses where id = ${id}`)).length > 0;
}

/** The session if it is the caller's, with its course. */
export async function findOwnSession(db: Db, userId: number, sessionId: number) {
  const [row] = await rows<{ id: number; course_id: number | null }>(
    db,
    sql`select id, course_id from sessions where id = ${sessionId} and user_id = ${userId}`,
  );
  return row ?? null;
}

/** The caller's latest session of a course. */
export async function findCurrentSession(
  db: Db,
  userId: number,
  courseId: number,
): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from sessions where user_id = ${userId} and course_id = ${courseId} order by id desc limit 1`,
  );
  return row?.id ?? null;
}

/** The caller's marked questions, newest mark first (playlist: in item order). */
export async function personalQuestionIds(
  db: Db,
  userId: number,
  list: 'favorites' | 'hides' | 'notes' | { playlistId: number },
): Promise<number[]> {
  const query =
    list === 'favorites'
      ? sql`select question_id as id from favorite_questions where user_id = ${userId} order by id desc`
      : list === 'hides'
        ? sql`select question_id as id from hide_questions where user_id = ${userId} order by id desc`
        : list === 'notes'
          ? sql`select question_id as id from note_items where user_id = ${userId}
              group by question_id order by max(id) desc`
          : sql`select question_id as id from playlist_items where playlist_id = ${list.playlistId}
              order by "order", id`;
  return (await rows<{ id: number }>(db, query)).map((r) => r.id);
}

export async function ownsPlaylist(db: Db, userId: number, playlistId: number): Promise<boolean> {
  return (
    (await rows(db, sql`select 1 from playlists where id = ${playlistId} and user_id = ${userId}`))
      .length > 0
  );
}
