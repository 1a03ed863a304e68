import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DIFFICULTY_MIN_ANSWERS } from '@qbank/contract';
import { eq } from 'drizzle-orm';
import { questions } from '../../db/schema/index';
import { LAST_BUCKET } from './measures';
import { REBUILD_STREAKS } from '../review/index';

/**
 * The aggregates of decision 039, kept in step with the answer history: every counted answer
 * adds to its learner's day, course and source; a learner's first counted answer to a question
 * also adds to the question's peer figures, in the statement that records the answer.
 */

/** A counted answer being removed (`removeAnswer`). */
export interface CountedAnswer {
  userId: number;
  questionId: number;
  courseId: number;
  sourceId: number | null;
  isCorrect: boolean;
  timeSpentMs: number;
}

/** The same bucket in SQL, for the rebuild (`t` an integer number of milliseconds). */
const bucketSql = (t: SQL): SQL =>
  sql`(case when ${t} < 120000 then ${t} / 1000 when ${t} < 600000 then 120 + (${t} - 120000) / 10000 else ${sql.raw(String(LAST_BUCKET))} end)`;

export const difficultySql = (answers: SQL, correct: SQL): SQL =>
  sql`(case when ${answers} < ${sql.raw(String(DIFFICULTY_MIN_ANSWERS))} then null
    when ${correct} * 5 >= 4 * ${answers} then 1 when ${correct} * 5 >= 3 * ${answers} then 2
    when ${correct} * 5 >= 2 * ${answers} then 3 when ${correct} * 5 >= ${answers} then 4
    else 5 end)::smallint`;

/**
 * The learner's calendar day of an instant: in their time zone (review_settings.time_zone, set
 * from the browser), UTC until they have one.
 */
const learnerDay = (userId: number | SQL, at: SQL): SQL =>
  sql`(${at} at time zone coalesce((select rs.time_zone from review_settings rs
    where rs.user_id = ${userId}), 'UTC'))::date`;

/**
 * The writes of a batch's counted answers, as common table expressions over its `input`
 * (`recordAnswerBatch`): each learner's day, course and source rows and, for a learner's first
 * counted answer to a question, the question's peer figures. The statement's snapshot does not
 * see the batch's own history rows, so "first" means no counted answer before it. A batch holds
 * one answer per learner, so no learner's row below is written twice; learners answering the
 * same question at once are summed into one row of its peer figures and choice counts.
 */
export const COUNTED_ANSWER_WRITES: SQL = sql`counted as materialized (
      select i.user_id, i.question_id, i.course_id, i.source_id, i.choices, i.bucket,
        i.time_spent_ms, case when i.is_correct then 1 else 0 end as right_,
        not exists (select 1 from question_answer_history h where h.user_id = i.user_id
          and h.question_id = i.question_id and h.counted) as first_
      from input i where i.counted),
    by_day as (
      insert into user_daily_stats (user_id, day, answers, correct, time_ms)
      select a.user_id, ${learnerDay(sql`a.user_id`, sql`now()`)}, 1, a.right_, a.time_spent_ms
      from counted a order by a.user_id
      on conflict (user_id, day) do update set answers = user_daily_stats.answers + 1,
        correct = user_daily_stats.correct + excluded.correct,
        time_ms = user_daily_stats.time_ms + excluded.time_ms),
    by_course as (
      insert into user_course_stats (user_id, course_id, answers, correct, time_ms, questions, first_right)
      select a.user_id, a.course_id, 1, a.right_, a.time_spent_ms, a.first_::int,
        case when a.first_ then a.right_ else 0 end
      from counted a order by a.user_id
      on conflict (user_id, course_id) do update set answers = user_course_stats.answers + 1,
        correct = user_course_stats.correct + excluded.correct,
        time_ms = user_course_stats.time_ms + excluded.time_ms,
        questions = user_course_stats.questions + excluded.questions,
        first_right = user_course_stats.first_right + excluded.first_right),
    first_buckets as (
      select a.question_id, a.bucket, count(*)::int as n, sum(a.right_)::int as right_
      from counted a where a.first_ group by a.question_id, a.bucket),
    firsts as (
      select b.question_id, sum(b.n)::int as n, sum(b.right_)::int as right_,
        jsonb_object_agg(b.bucket, b.n) as time_hist
      from first_buckets b group by b.question_id),
    peer as (
      insert into question_stats (question_id, answers, correct, time_hist, difficulty)
      select f.question_id, f.n, f.right_, f.time_hist, ${difficultySql(sql`f.n`, sql`f.right_`)}
      from firsts f order by f.question_id
      on conflict (question_id) do update set answers = question_stats.answers + excluded.answers,
        correct = question_stats.correct + excluded.correct,
        time_hist = question_stats.time_hist || (select jsonb_object_agg(b.key,
            coalesce((question_stats.time_hist ->> b.key)::int, 0) + b.value::int)
          from jsonb_each_text(excluded.time_hist) b(key, value)),
        difficulty = ${difficultySql(sql`(question_stats.answers + excluded.answers)`, sql`(question_stats.correct + excluded.correct)`)}),
    picks as (
      insert into question_choice_stats (question_id, choice_id, picked)
      select a.question_id, c.id, count(*)::int
      from counted a cross join lateral jsonb_array_elements_text(a.choices) t(id)
        join choices c on c.question_id = a.question_id and c.id = t.id::int
      where a.first_ group by a.question_id, c.id order by a.question_id, c.id
      on conflict (question_id, choice_id) do update
        set picked = question_choice_stats.picked + excluded.picked),
    by_source as (
      insert into user_source_stats (user_id, source_id, answers, correct, time_ms)
      select a.user_id, a.source_id, 1, a.right_, a.time_spent_ms
      from counted a where a.source_id is not null order by a.user_id
      on conflict (user_id, source_id) do update set answers = user_source_stats.answers + 1,
        correct = user_source_stats.correct + excluded.correct,
        time_ms = user_source_stats.time_ms + excluded.time_ms)`;

/**
 * A learner deleted one of their counted answers: it leaves their own day, course and source
 * sums. Peer figures keep it (they are anonymous counts; decision 039).
 */
export async function removeAnswer(db: Db, a: CountedAnswer & { createdAt: Date }) {
  const right = a.isCorrect ? 1 : 0;
  const minus = (table: string, where: SQL) =>
    db.execute(sql`update ${sql.raw(table)} set answers = greatest(answers - 1, 0),
      correct = greatest(correct - ${right}, 0), time_ms = greatest(time_ms - ${a.timeSpentMs}, 0)
      where user_id = ${a.userId} and ${where}`);
  await minus(
    'user_daily_stats',
    sql`day = ${learnerDay(a.userId, sql`${a.createdAt.toISOString()}::timestamptz`)}`,
  );
  await minus('user_course_stats', sql`course_id = ${a.courseId}`);
  if (a.sourceId !== null) await minus('user_source_stats', sql`source_id = ${a.sourceId}`);
}

/**
 * Recomputes every aggregate from the history (the migration's backfill and the synthetic data
 * generator). First answers as the back office's item analysis reads them (decision 037):
 * each learner's earliest counted answer to a question.
 */
const AGGREGATE_TABLES = [
  'question_stats',
  'question_choice_stats',
  'user_daily_stats',
  'user_course_stats',
  'user_source_stats',
  'question_streaks',
];

/** Day rows of the learners matching `where` (on `h`), in each learner's time zone. */
const dailyStatsSql = (where: SQL): SQL => sql`insert into user_daily_stats (user_id, day,
    answers, correct, time_ms)
  select h.user_id, ${learnerDay(sql`h.user_id`, sql`h.created_at`)}, count(*),
    count(*) filter (where h.is_correct), sum(h.time_spent_ms)
  from question_answer_history h where h.counted and ${where} group by 1, 2`;

/** A learner changed time zone: their days are cut again from their history. */
export async function rebucketDays(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from user_daily_stats where user_id = ${userId}`);
    await tx.execute(dailyStatsSql(sql`h.user_id = ${userId}`));
  });
}

export const REBUILD_STATEMENTS: SQL[] = [
  sql`delete from question_choice_stats`,
  sql`delete from question_stats`,
  sql`delete from user_daily_stats`,
  sql`delete from user_course_stats`,
  sql`delete from user_source_stats`,
  sql`drop table if exists stats_first_answers`,
  sql`create temp table stats_first_answers as
    select distinct on (h.user_id, h.question_id) h.user_id, h.question_id, h.choices,
      h.is_correct, h.time_spent_ms
    from question_answer_history h where h.counted
    order by h.user_id, h.question_id, h.created_at, h.id`,
  dailyStatsSql(sql`true`),
  sql`insert into user_source_stats (user_id, source_id, answers, correct, time_ms)
    select h.user_id, q.source_id, count(*), count(*) filter (where h.is_correct), sum(h.time_spent_ms)
    from question_answer_history h join questions q on q.id = h.question_id
    where h.counted and q.source_id is not null group by 1, 2`,
  sql`insert into user_course_stats (user_id, course_id, answers, correct, time_ms, questions, first_right)
    select t.user_id, t.course_id, t.answers, t.correct, t.time_ms,
      coalesce(f.questions, 0), coalesce(f.first_right, 0)
    from (select h.user_id, q.course_id, count(*) as answers,
        count(*) filter (where h.is_correct) as correct, sum(h.time_spent_ms) as time_ms
      from question_answer_history h join questions q on q.id = h.question_id
      where h.counted group by 1, 2) t
    left join (select f.user_id, q.course_id, count(*) as questions,
        count(*) filter (where f.is_correct) as first_right
      from stats_first_answers f join questions q on q.id = f.question_id group by 1, 2) f
      on f.user_id = t.user_id and f.course_id = t.course_id`,
  sql`insert into question_stats (question_id, answers, correct, time_hist, difficulty)
    select b.question_id, sum(b.n), sum(b.c), jsonb_object_agg(b.k::text, b.n),
      ${difficultySql(sql`sum(b.n)`, sql`sum(b.c)`)}
    from (select question_id, ${bucketSql(sql`time_spent_ms`)} as k, count(*) as n,
        count(*) filter (where is_correct) as c
      from stats_first_answers group by 1, 2) b
    group by b.question_id`,
  sql`insert into question_choice_stats (question_id, choice_id, picked)
    select f.question_id, c.id, count(*)
    from stats_first_answers f join choices c on c.question_id = f.question_id
      and f.choices @> to_jsonb(c.id)
    group by 1, 2`,
  sql`drop table stats_first_answers`,
];

export async function rebuildAggregates(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // The mistakes shelf's rows are rebuilt from the same history (decision 038).
    for (const statement of [...REBUILD_STATEMENTS, ...REBUILD_STREAKS])
      await tx.execute(statement);
  });
  // Fresh planner statistics after a bulk load (the percentile's index needs them).
  for (const table of AGGREGATE_TABLES) await db.execute(sql.raw(`analyze ${table}`));
}

/** A question's place in the catalogue, for an answer being forgotten. */
export async function questionPlace(db: Db, questionId: number) {
  const [row] = await db
    .select({ courseId: questions.courseId, sourceId: questions.sourceId })
    .from(questions)
    .where(eq(questions.id, questionId));
  return row;
}
