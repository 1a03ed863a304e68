import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { QuestionType } from '../../db/schema/index';
import { accessible, answeredCorrectly, idList, rows, type Access } from './questions.repository';

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
 * Every count of the builder in ONE statement: the questions the caller may read and has not
 * hidden are read once (a materialised CTE), each with a flag per filter; each facet groups
 * them and counts those passing every other filter. The answer test is the exam draw's
 * (`answeredCorrectly`), so a count is what the draw then finds.
 */
export function blockCountsQuery(filters: BlockFilters): SQL {
  const { userId } = filters;
  const types = filters.types?.map((t) => sql`${t}`);
  const typeTest =
    types === undefined
      ? sql`true`
      : types.length
        ? sql`q.type in (${sql.join(types, sql`, `)})`
        : sql`false`;
  const but = (skip: string) =>
    sql.join(
      (['pm', 'pc', 'ps', 'pt', 'pd', 'po'] as const)
        .filter((p) => p !== skip)
        .map((p) => sql.raw(p)),
      sql` and `,
    );
  const all = but('');
  return sql`with base as materialized (
      select c.module_id as m, q.course_id as co, q.source_id as s, q.type::text as t,
        qs.difficulty as d,
        ${within(sql`c.module_id`, filters.moduleIds)} as pm,
        ${within(sql`q.course_id`, filters.courseIds)} as pc,
        ${within(sql`q.source_id`, filters.sourceIds)} as ps,
        ${typeTest} as pt,
        ${within(sql`qs.difficulty`, filters.difficulty)} as pd,
        ${answeredCorrectly(userId, undefined)} as a,
        exists (select 1 from favorite_questions fq where fq.user_id = ${userId}
          and fq.question_id = q.id) as f,
        ${within(sql`q.id`, filters.flagged ?? [])} as fl
      from questions q join courses c on c.id = q.course_id
        left join question_stats qs on qs.question_id = q.id
      where q.is_published and ${accessible(filters.access)}
        and not exists (select 1 from hide_questions h where h.user_id = ${userId}
          and h.question_id = q.id)),
    flagged as (select *, ${onlyTest(filters)} as po from base)
    select 'total' as facet, null as key, count(*) filter (where ${all})::int as n from flagged
    union all select 'module', m::text, count(*) filter (where ${but('pm')})::int
      from flagged group by m
    union all select 'course', co::text, count(*) filter (where ${but('pc')})::int
      from flagged group by co
    union all select 'source', s::text, count(*) filter (where ${but('ps')})::int
      from flagged where s is not null group by s
    union all select 'type', t, count(*) filter (where ${but('pt')})::int from flagged group by t
    union all select 'difficulty', d::text, count(*) filter (where ${but('pd')})::int
      from flagged where d is not null group by d
    union all select 'only', 'unanswered', count(*) filter (where ${all} and a is null)::int
      from flagged
    union all select 'only', 'incorrect', count(*) filter (where ${all} and a is false)::int
      from flagged
    union all select 'only', 'favorite', count(*) filter (where ${all} and f)::int
      from flagged
    union all select 'only', 'flagged', count(*) filter (where ${all} and fl)::int
      from flagged`;
}

export async function blockCounts(db: Db, filters: BlockFilters): Promise<FacetRow[]> {
  return rows<FacetRow>(db, blockCountsQuery(filters));
}
