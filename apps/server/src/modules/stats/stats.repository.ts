import { PERCENTILE_MIN_QUESTIONS } from '@qbank/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Reads of the aggregates (decision 039): never the answer history, except one indexed probe. */

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface OthersRow {
  question: number;
  answers: number;
  correct: number;
  time_hist: Record<string, number> | null;
  /** The caller's own first counted answer (what the figures hold of them), if any. */
  mine_choices: number[] | null;
  mine_right: boolean | null;
  mine_ms: number | null;
  /** Has the caller answered the question at all (counted or not)? */
  answered: boolean;
}

/**
 * The figures of the published questions among `ids`, with the caller's first counted answer
 * (the one the figures count) and whether they answered it at all.
 */
export async function othersFigures(db: Db, userId: number, ids: number[]) {
  return rows<OthersRow>(
    db,
    sql`select q.id as question, coalesce(s.answers, 0)::int as answers,
        coalesce(s.correct, 0)::int as correct, s.time_hist,
        m.choices as mine_choices, m.is_correct as mine_right, m.time_spent_ms as mine_ms,
        exists (select 1 from question_answer_history a
          where a.user_id = ${userId} and a.question_id = q.id) as answered
      from questions q left join question_stats s on s.question_id = q.id
        left join lateral (select h.choices, h.is_correct, h.time_spent_ms
          from question_answer_history h where h.user_id = ${userId} and h.question_id = q.id
            and h.counted order by h.created_at, h.id limit 1) m on true
      where q.id = any(${sql.param(ids)}::int[]) and q.is_published
      order by q.id`,
  );
}

/** Each choice of `ids`' questions in letter order, with how many first answers ticked it. */
export async function choicePicksOf(db: Db, ids: number[]) {
  return rows<{ question: number; id: number; picked: number }>(
    db,
    sql`select c.question_id as question, c.id, coalesce(s.picked, 0)::int as picked
      from choices c left join question_choice_stats s on s.question_id = c.question_id
        and s.choice_id = c.id
      where c.question_id = any(${sql.param(ids)}::int[]) order by c.question_id, c."order", c.id`,
  );
}

/** Published questions among `ids` with their peer answer count and difficulty. */
export async function difficulties(db: Db, ids: number[]) {
  return rows<{ question: number; answers: number; difficulty: number | null }>(
    db,
    sql`select q.id as question, coalesce(s.answers, 0)::int as answers, s.difficulty
      from questions q left join question_stats s on s.question_id = q.id
      where q.id = any(${sql.param(ids)}::int[]) and q.is_published order by q.id`,
  );
}

interface Tally {
  answers: number;
  correct: number;
  time_ms: number;
}

const tallyColumns = sql`s.answers::int as answers, s.correct::int as correct, s.time_ms::float8 as time_ms`;

export async function courseTotals(db: Db, userId: number) {
  return rows<
    Tally & { id: number; name: string; module: number; module_name: string; questions: number }
  >(
    db,
    sql`select c.id, c.name, c.module_id as module, m.name as module_name, ${tallyColumns},
        s.questions::int as questions
      from user_course_stats s join courses c on c.id = s.course_id
        join modules m on m.id = c.module_id
      where s.user_id = ${userId} and s.answers > 0
      order by m."order", m.id, c."order", c.id`,
  );
}

export async function sourceTotals(db: Db, userId: number) {
  return rows<Tally & { id: number; name: string; year: number | null }>(
    db,
    sql`select src.id, src.name, src.year, ${tallyColumns}
      from user_source_stats s join sources src on src.id = s.source_id
      where s.user_id = ${userId} and s.answers > 0
      order by src.year desc nulls last, src.id`,
  );
}

/** The learner's date now, in their time zone (UTC until set), computed by the database. */
export async function todayOf(db: Db, userId: number): Promise<string> {
  const [row] = await rows<{ today: string }>(
    db,
    sql`select (now() at time zone coalesce((select time_zone from review_settings
      where user_id = ${userId}), 'UTC'))::date::text as today`,
  );
  return row!.today;
}

export async function dayTotals(db: Db, userId: number) {
  return rows<Tally & { date: string }>(
    db,
    sql`select to_char(s.day, 'YYYY-MM-DD') as date, ${tallyColumns}
      from user_daily_stats s where s.user_id = ${userId} and s.answers > 0 order by s.day`,
  );
}

/**
 * Per course the caller answered enough of, the other learners who answered enough of it, and
 * how many of them had a lower (or equal) share of first answers right: one range of the
 * (course, questions) index per course. Cross-multiplied shares, so equal shares compare equal.
 */
export async function coursePercentiles(db: Db, userId: number) {
  return rows<{
    course: number;
    name: string;
    questions: number;
    peers: number;
    below: number;
    ties: number;
  }>(
    db,
    sql`select m.course_id as course, c.name, m.questions, r.peers, r.below, r.ties
      from user_course_stats m join courses c on c.id = m.course_id
        cross join lateral (
          select count(*)::int as peers,
            count(*) filter (where p.first_right * m.questions < m.first_right * p.questions)::int as below,
            count(*) filter (where p.first_right * m.questions = m.first_right * p.questions)::int as ties
          from user_course_stats p
          where p.course_id = m.course_id and p.questions >= ${PERCENTILE_MIN_QUESTIONS}
            and p.user_id <> m.user_id) r
      where m.user_id = ${userId} and m.questions >= ${PERCENTILE_MIN_QUESTIONS} and r.peers > 0
      order by c."order", m.course_id`,
  );
}

/** The caller's first-answer tallies per course, for "what next". */
export async function courseProgress(db: Db, userId: number) {
  return rows<{ course: number; questions: number; first_right: number }>(
    db,
    sql`select course_id as course, questions, first_right from user_course_stats
      where user_id = ${userId}`,
  );
}

export async function chosenModules(db: Db, userId: number) {
  const found = await rows<{ module_id: number }>(
    db,
    sql`select module_id from module_filters where user_id = ${userId}`,
  );
  return found.map((r) => r.module_id);
}

export async function moduleExists(db: Db, moduleId: number) {
  const [row] = await rows<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from modules where id = ${moduleId}) as yes`,
  );
  return row?.yes === true;
}

/** Per course its published questions; per (course, past exam) its questions; the exams. */
export async function catalogueRows(db: Db) {
  const courseRows = await rows<{
    id: number;
    name: string;
    order: number;
    module: number;
    module_name: string;
    total: number;
  }>(
    db,
    sql`select c.id, c.name, c."order", c.module_id as module, m.name as module_name,
        (select count(*) from questions q where q.course_id = c.id and q.is_published)::int as total
      from courses c join modules m on m.id = c.module_id`,
  );
  const pairs = await rows<{ course: number; source: number; n: number }>(
    db,
    sql`select course_id as course, source_id as source, count(*)::int as n from questions
      where is_published and source_id is not null group by 1, 2`,
  );
  const sourceRows = await rows<{ id: number; module: number; year: number | null }>(
    db,
    sql`select id, module_id as module, year from sources`,
  );
  return { courseRows, pairs, sourceRows };
}
