import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { AnswerEffect, AnswerScope } from './effect';
import { among } from './scope.repository';

/**
 * Each learner's sums of their counted answers (decision 039): per day (in their time zone),
 * per course (with the distinct questions answered and how many were right the first time) and
 * per source. Owner: the statistics feature (dashboard, percentile, "what next" read them).
 */

/**
 * The learner's calendar day of an instant: in their time zone (review_settings.time_zone, set
 * from the browser), UTC until they have one.
 */
const learnerDay = (userId: number | SQL, at: SQL): SQL =>
  sql`(${at} at time zone coalesce((select rs.time_zone from review_settings rs
    where rs.user_id = ${userId}), 'UTC'))::date`;

/**
 * A batch's counted answers (`counted`, with `first_`: no counted answer to the question
 * before it) added to their learner's day, course and source rows. A learner's answers of one
 * batch (a sitting's close) are summed per row first, so no row is written twice.
 */
const LEARNER_WRITES: SQL = sql`by_day as (
      insert into user_daily_stats (user_id, day, answers, correct, time_ms)
      select a.user_id, ${learnerDay(sql`a.user_id`, sql`now()`)}, count(*), sum(a.right_),
        sum(a.time_spent_ms)
      from counted a group by a.user_id order by a.user_id
      on conflict (user_id, day) do update set answers = user_daily_stats.answers + excluded.answers,
        correct = user_daily_stats.correct + excluded.correct,
        time_ms = user_daily_stats.time_ms + excluded.time_ms),
    by_course as (
      insert into user_course_stats (user_id, course_id, answers, correct, time_ms, questions, first_right)
      select a.user_id, a.course_id, count(*), sum(a.right_), sum(a.time_spent_ms),
        sum(a.first_::int), sum(case when a.first_ then a.right_ else 0 end)
      from counted a group by a.user_id, a.course_id order by a.user_id
      on conflict (user_id, course_id) do update set answers = user_course_stats.answers + excluded.answers,
        correct = user_course_stats.correct + excluded.correct,
        time_ms = user_course_stats.time_ms + excluded.time_ms,
        questions = user_course_stats.questions + excluded.questions,
        first_right = user_course_stats.first_right + excluded.first_right),
    by_source as (
      insert into user_source_stats (user_id, source_id, answers, correct, time_ms)
      select a.user_id, a.source_id, count(*), sum(a.right_), sum(a.time_spent_ms)
      from counted a where a.source_id is not null group by a.user_id, a.source_id
      order by a.user_id
      on conflict (user_id, source_id) do update set answers = user_source_stats.answers + excluded.answers,
        correct = user_source_stats.correct + excluded.correct,
        time_ms = user_source_stats.time_ms + excluded.time_ms)`;

/** Day rows of the learners `users` (null: all), in each learner's time zone. */
const dayRows = (users: number[] | null): SQL[] => [
  sql`delete from user_daily_stats d where ${among(sql`d.user_id`, users)}`,
  sql`insert into user_daily_stats (user_id, day, answers, correct, time_ms)
    select h.user_id, ${learnerDay(sql`h.user_id`, sql`h.created_at`)}, count(*),
      count(*) filter (where h.is_correct), sum(h.time_spent_ms)
    from question_answer_history h
    where h.counted and ${among(sql`h.user_id`, users)} group by 1, 2`,
];

/**
 * Every row of the scope's learners, from their whole counted history (a learner's course row
 * sums all their answers in the course, so the scope's questions do not narrow it). Courses
 * and sources are the questions' current ones.
 */
function recount({ users }: AnswerScope): SQL[] {
  const mine = (alias: string) => among(sql.raw(`${alias}.user_id`), users);
  return [
    ...dayRows(users),
    sql`delete from user_source_stats s where ${mine('s')}`,
    sql`insert into user_source_stats (user_id, source_id, answers, correct, time_ms)
      select h.user_id, q.source_id, count(*), count(*) filter (where h.is_correct),
        sum(h.time_spent_ms)
      from question_answer_history h join questions q on q.id = h.question_id
      where h.counted and q.source_id is not null and ${mine('h')} group by 1, 2`,
    sql`delete from user_course_stats c where ${mine('c')}`,
    sql`insert into user_course_stats (user_id, course_id, answers, correct, time_ms, questions,
        first_right)
      select t.user_id, t.course_id, t.answers, t.correct, t.time_ms,
        coalesce(f.questions, 0), coalesce(f.first_right, 0)
      from (select h.user_id, q.course_id, count(*) as answers,
          count(*) filter (where h.is_correct) as correct, sum(h.time_spent_ms) as time_ms
        from question_answer_history h join questions q on q.id = h.question_id
        where h.counted and ${mine('h')} group by 1, 2) t
      left join (select f.user_id, q.course_id, count(*) as questions,
          count(*) filter (where f.is_correct) as first_right
        from (select distinct on (h.user_id, h.question_id) h.user_id, h.question_id,
            h.is_correct
          from question_answer_history h where h.counted and ${mine('h')}
          order by h.user_id, h.question_id, h.created_at, h.id) f
        join questions q on q.id = f.question_id group by 1, 2) f
        on f.user_id = t.user_id and f.course_id = t.course_id`,
  ];
}

export const learnerStatsEffect: AnswerEffect = {
  name: 'course, source and day statistics',
  tables: [
    { name: 'user_daily_stats', key: ['user_id', 'day'] },
    { name: 'user_course_stats', key: ['user_id', 'course_id'] },
    { name: 'user_source_stats', key: ['user_id', 'source_id'] },
  ],
  apply: LEARNER_WRITES,
  recount,
  // Sums of the history's is_correct: recounted from the re-scored history.
  rescore: null,
};

/** A learner changed time zone: their days are cut again from their history. */
export async function rebucketDays(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (const statement of dayRows([userId])) await tx.execute(statement);
  });
}
