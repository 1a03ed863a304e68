import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { QuestionType } from '../../db/schema/index';
import { accessible, idList, rows, type Access } from './questions.repository';

/** The builder's filters (decision 050); an absent one lets every question through. */
export interface BlockFilters {
  userId: number;
  access: Access;
  moduleIds?: number[];
  courseIds?: number[];
  sourceIds?: number[];
  types?: QuestionType[];
  difficulty?: number[];
  unanswered?: boolean;
  incorrect?: boolean;
  favorite?: boolean;
  /** The ids the learner flagged (kept in their browser), and whether to keep only them. */
  flagged?: number[];
  flaggedOnly?: boolean;
}

export interface FacetRow {
  facet: 'total' | 'module' | 'course' | 'source' | 'type' | 'difficulty' | 'only';
  key: string | null;
  n: number;
}

const within = (column: SQL, values: number[] | undefined): SQL =>
  values === undefined ? sql`true` : sql`coalesce(${column} in ${idList(values)}, false)`;

/** `a`: the caller's answer (null: none) by the exam's own rule; `f`: a favourite. */
const onlyTest = (filters: BlockFilters): SQL => {
  const parts: SQL[] = [];
  if (filters.unanswered !== undefined)
    parts.push(filters.unanswered ? sql`a is null` : sql`a is not null`);
  if (filters.incorrect !== undefined)
    parts.push(filters.incorrect ? sql`a is false` : sql`a is not false`);
  if (filters.favorite !== undefined) parts.push(filters.favorite ? sql`f` : sql`not f`);
  if (filters.flaggedOnly) parts.push(sql`fl`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
};

/**
 * The caller's answer to each question they answered, by the exam draw's rule
 * (`answeredCorrectly`): the answer in their latest session of the question's course, else the
 * latest in their history. As joins over the caller's own rows (a few thousand at most), not a
 * probe per question of the bank: the counts read every question the caller may read.
 */
const callerAnswers = (userId: number): SQL => sql`latest_sessions as (
      select distinct on (s.course_id) s.id, s.course_id from sessions s
      where s.user_id = ${userId} and s.course_id is not null order by s.course_id, s.id desc),
    in_session as (
      select ls.course_id, sq.question_id, sq.is_correct from latest_sessions ls
        join session_questions sq on sq.session_id = ls.id),
    in_history as (
      select distinct on (h.question_id) h.question_id, h.is_correct
      from question_answer_history h where h.user_id = ${userId}
      order by h.question_id, h.created_at desc, h.id desc)`;

/** Each grouping set's `grouping(m, co, s, t, d)`: a bit set for every column NOT grouped. */
const GROUPED_BY = {
  31: 'total',
  15: 'module',
  23: 'course',
  27: 'source',
  29: 'type',
  30: 'difficulty',
} as const;

interface GroupRow {
  g: keyof typeof GROUPED_BY;
  m: number | null;
  co: number | null;
  s: number | null;
  t: string | null;
  d: number | null;
  /** The group's readable questions the caller has not hidden: none, no group (as before). */
  n_rows: number;
  n_all: number;
  n_pm: number;
  n_pc: number;
  n_ps: number;
  n_pt: number;
  n_pd: number;
  n_unanswered: number;
  n_incorrect: number;
  n_favorite: number;
  n_flagged: number;
}

/** The caller's own rows: questions they answered, favourited, hid or flagged (a few thousand). */
const personalIds = (filters: BlockFilters): SQL => sql`personal_ids as (
      select question_id from in_history union select question_id from in_session
      union select question_id from favourites union select question_id from hidden
      union select unnest(${sql.param(filters.flagged ?? [])}::int[]))`;

/** A readable question's cell: the columns every facet groups by. */
const cellColumns = sql`c.module_id as m, q.course_id as co, q.source_id as s, q.type::text as t,
        qs.difficulty as d`;

const readableFrom = (filters: BlockFilters, joins = sql``): SQL => sql`from questions q
        join courses c on c.id = q.course_id
        left join question_stats qs on qs.question_id = q.id ${joins}
      where q.is_published and ${accessible(filters.access)}`;

/**
 * Every count of the builder in ONE statement (decision 050), without a pass of per-question
 * tests over the bank: the readable questions are first counted per cell (module, course,
 * source, type, difficulty: a few thousand cells for 200,000 questions), as if the caller had
 * never touched one (no answer, favourite, flag, not hidden). The caller's own questions then
 * correct their cells: each leaves it once (weight -1, as counted) and comes back with its real
 * marks (weight +1), unless hidden. Each cell row then gets a flag per filter, and one
 * aggregation by grouping sets (nothing, module, course, source, type, difficulty) sums, per
 * group, the weights of rows passing every OTHER filter. The answer test is the exam draw's, so
 * a count is what the draw then finds (block-counts.test.ts compares them).
 */
export function blockCountsQuery(filters: BlockFilters): SQL {
  const { userId } = filters;
  const types = filters.types?.map((t) => sql`${t}`);
  const typeTest =
    types === undefined
      ? sql`true`
      : types.length
        ? sql`t in (${sql.join(types, sql`, `)})`
        : sql`false`;
  const but = (skip: string) =>
    sql.join(
      (['pm', 'pc', 'ps', 'pt', 'pd', 'po'] as const)
        .filter((p) => p !== skip)
        .map((p) => sql.raw(p)),
      sql` and `,
    );
  const all = but('');
  const sum = (test: SQL) => sql`coalesce(sum(w) filter (where ${test}), 0)::int`;
  return sql`with ${callerAnswers(userId)},
    favourites as (select question_id from favorite_questions where user_id = ${userId}),
    hidden as (select question_id from hide_questions where user_id = ${userId}),
    ${personalIds(filters)},
    cells as (
      select ${cellColumns}, count(*)::int as w, null::boolean as a, false as f, false as fl
      ${readableFrom(filters)}
      group by 1, 2, 3, 4, 5),
    personal as (
      select ${cellColumns}, coalesce(ins.is_correct, inh.is_correct) as a,
        fav.question_id is not null as f, hid.question_id is not null as h,
        ${within(sql`q.id`, filters.flagged ?? [])} as fl
      ${readableFrom(
        filters,
        sql`left join in_session ins on ins.question_id = q.id and ins.course_id = q.course_id
        left join in_history inh on inh.question_id = q.id
        left join favourites fav on fav.question_id = q.id
        left join hidden hid on hid.question_id = q.id`,
      )} and q.id in (select question_id from personal_ids)),
    marked as (
      select m, co, s, t, d, w, a, f, fl from cells
      union all select m, co, s, t, d, -1, null, false, false from personal
      union all select m, co, s, t, d, 1, a, f, fl from personal where not h),
    base as (
      select *,
        ${within(sql`m`, filters.moduleIds)} as pm,
        ${within(sql`co`, filters.courseIds)} as pc,
        ${within(sql`s`, filters.sourceIds)} as ps,
        ${typeTest} as pt,
        ${within(sql`d`, filters.difficulty)} as pd,
        ${onlyTest(filters)} as po
      from marked)
    select grouping(m, co, s, t, d)::int as g, m, co, s, t, d,
      ${sum(sql`true`)} as n_rows,
      ${sum(all)} as n_all,
      ${sum(but('pm'))} as n_pm,
      ${sum(but('pc'))} as n_pc,
      ${sum(but('ps'))} as n_ps,
      ${sum(but('pt'))} as n_pt,
      ${sum(but('pd'))} as n_pd,
      ${sum(sql`${all} and a is null`)} as n_unanswered,
      ${sum(sql`${all} and a is false`)} as n_incorrect,
      ${sum(sql`${all} and f`)} as n_favorite,
      ${sum(sql`${all} and fl`)} as n_flagged
    from base group by grouping sets ((), (m), (co), (s), (t), (d))`;
}

/** A group's row as the facet counts it gives (a question without source or difficulty: none). */
function facetsOf(row: GroupRow): FacetRow[] {
  if (row.n_rows === 0 && row.g !== 31) return [];
  switch (GROUPED_BY[row.g]) {
    case 'total':
      return [
        { facet: 'total', key: null, n: row.n_all },
        { facet: 'only', key: 'unanswered', n: row.n_unanswered },
        { facet: 'only', key: 'incorrect', n: row.n_incorrect },
        { facet: 'only', key: 'favorite', n: row.n_favorite },
        { facet: 'only', key: 'flagged', n: row.n_flagged },
      ];
    case 'module':
      return [{ facet: 'module', key: String(row.m), n: row.n_pm }];
    case 'course':
      return [{ facet: 'course', key: String(row.co), n: row.n_pc }];
    case 'source':
      return row.s === null ? [] : [{ facet: 'source', key: String(row.s), n: row.n_ps }];
    case 'type':
      return [{ facet: 'type', key: row.t, n: row.n_pt }];
    case 'difficulty':
      return row.d === null ? [] : [{ facet: 'difficulty', key: String(row.d), n: row.n_pd }];
    default:
      return [];
  }
}

export async function blockCounts(db: Db, filters: BlockFilters): Promise<FacetRow[]> {
  return (await rows<GroupRow>(db, blockCountsQuery(filters))).flatMap(facetsOf);
}
