import { sql, type SQL } from 'drizzle-orm';
import type { BankQuery } from '@qbank/contract';
import type { Db } from '../../db/client';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Fewer first answers than this: no facility-based flag (too little to tell). */
export const MIN_ANSWERS = 10;
export const TOO_EASY = 0.9;
export const TOO_HARD = 0.2;

/**
 * Item statistics from the answer history (decision 037, after Moodle's quiz statistics): each
 * learner's FIRST answer to a question counts; learners are split in thirds by their share of
 * right first answers over the whole bank; discrimination = facility of the top third minus
 * facility of the bottom third.
 */
const firstAnswers = sql`select distinct on (h.user_id, h.question_id)
    h.user_id, h.question_id, h.choices, h.is_correct, h.time_spent_ms
  from question_answer_history h order by h.user_id, h.question_id, h.created_at, h.id`;

export const statsCtes = sql`first_answers as (${firstAnswers}),
  learner_thirds as (
    select user_id, ntile(3) over (order by avg(is_correct::int), user_id) as third
    from first_answers group by user_id),
  item_stats as (
    select f.question_id, count(*)::int as answers,
      avg(f.is_correct::int)::float8 as facility,
      (avg(f.is_correct::int) filter (where t.third = 3)
        - avg(f.is_correct::int) filter (where t.third = 1))::float8 as discrimination
    from first_answers f join learner_thirds t using (user_id)
    group by f.question_id)`;

const flagsSql = sql`array_remove(array[
    case when s.answers >= ${MIN_ANSWERS} and s.facility >= ${TOO_EASY} then 'too_easy' end,
    case when s.answers >= ${MIN_ANSWERS} and s.facility <= ${TOO_HARD} then 'too_hard' end,
    case when s.answers >= ${MIN_ANSWERS} and s.discrimination < 0 then 'negative_discrimination' end,
    case when s.answers >= ${MIN_ANSWERS} and exists (
      select 1 from choices ch where ch.question_id = q.id and not ch.is_correct
        and not exists (select 1 from first_answers f
          where f.question_id = q.id and f.choices @> to_jsonb(ch.id)))
      then 'dead_distractor' end
  ], null)`;

const ORDER_COLUMNS: Record<string, string> = {
  id: 'q.id',
  updated_at: 'q.updated_at',
  status: 'q.status',
  type: 'q.type',
  reports: 'reports',
  facility: 'facility',
  answers: 'answers',
  discrimination: 'discrimination',
};

export interface BankRowDb {
  id: number;
  stem: string;
  type: 'qcs' | 'qcm';
  status: 'draft' | 'in_review' | 'live' | 'withdrawn';
  module: number;
  module_name: string;
  course: number;
  course_name: string;
  source: number | null;
  source_name: string | null;
  year: number | null;
  reports: number;
  answers: number;
  facility: number | null;
  discrimination: number | null;
  flags: string[];
  updated_at: Date | string;
  total: number;
}

export async function bankPage(db: Db, query: BankQuery & { page: number; page_size: number }) {
  const where: SQL[] = [sql`true`];
  if (query.module) where.push(sql`c.module_id = ${query.module}`);
  if (query.course) where.push(sql`q.course_id = ${query.course}`);
  if (query.source) where.push(sql`q.source_id = ${query.source}`);
  if (query.type) where.push(sql`q.type = ${query.type}`);
  if (query.status) where.push(sql`q.status = ${query.status}`);
  if (query.search) {
    const term = query.search.trim();
    const like = `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(
      /^\d+$/.test(term) && Number(term) <= 2_147_483_647
        ? sql`(q.id = ${Number(term)} or q.search_text ilike ${like})`
        : sql`q.search_text ilike ${like}`,
    );
  }
  // Conditions on the computed columns (flags, open reports, facility) apply to the bank CTE.
  const after: SQL[] = [sql`true`];
  if (query.flagged === 'true') after.push(sql`cardinality(flags) > 0`);
  if (query.flagged === 'false') after.push(sql`cardinality(flags) = 0`);
  if (query.reports === 'true') after.push(sql`reports > 0`);
  if (query.reports === 'false') after.push(sql`reports = 0`);
  if (query.facility_min !== undefined) after.push(sql`facility >= ${query.facility_min}`);
  if (query.facility_max !== undefined) after.push(sql`facility <= ${query.facility_max}`);
  const ordering = query.ordering ?? '-id';
  const desc = ordering.startsWith('-');
  const column = ORDER_COLUMNS[desc ? ordering.slice(1) : ordering]!;
  // Unanswered questions (no facility, no discrimination) go last either way: sorting by
  // facility shows the hardest ANSWERED questions first, not the never-answered ones.
  const direction = desc ? sql`desc nulls last` : sql`asc nulls last`;
  return rows<BankRowDb>(
    db,
    sql`with ${statsCtes},
      bank as (
        select q.id, left(q.stem, 160) as stem, q.type, q.status, c.module_id as module,
          m.name as module_name, q.course_id as course, c.name as course_name,
          q.source_id as source, s2.name as source_name, q.year, q.updated_at,
          (select count(*)::int from reports r where r.question_id = q.id and r.status = 'open') as reports,
          coalesce(s.answers, 0) as answers, s.facility, s.discrimination,
          ${flagsSql} as flags
        from questions q
          join courses c on c.id = q.course_id
          join modules m on m.id = c.module_id
          left join sources s2 on s2.id = q.source_id
          left join item_stats s on s.question_id = q.id
        where ${sql.join(where, sql` and `)})
      select *, count(*) over ()::int as total from bank q where ${sql.join(after, sql` and `)}
      order by ${sql.raw(column)} ${direction}, q.id desc
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
}

export interface FirstAnswer {
  user_id: number;
  choices: number[];
  is_correct: boolean;
  time_spent_ms: number;
  third: number;
  overall: number;
}

/** First answers to one question with each learner's third and overall share right. */
export async function firstAnswersOf(db: Db, questionId: number) {
  return rows<FirstAnswer>(
    db,
    sql`with first_answers as (${firstAnswers}),
      learners as (
        select user_id, avg(is_correct::int)::float8 as overall,
          ntile(3) over (order by avg(is_correct::int), user_id) as third
        from first_answers group by user_id)
      select f.user_id, f.choices, f.is_correct, f.time_spent_ms, l.third, l.overall
      from first_answers f join learners l using (user_id)
      where f.question_id = ${questionId}`,
  );
}
