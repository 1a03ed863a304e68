import { DIFFICULTY_MIN_ANSWERS } from '@qbank/contract';
import { sql, type SQL } from 'drizzle-orm';
import { LAST_BUCKET } from './measures';
import type { AnswerEffect, AnswerScope } from './effect';
import { among } from './scope.repository';

/**
 * Each question's peer figures (decision 039): learners' first counted answers, right or not,
 * with a histogram of their times, the difficulty they give and how often each choice was
 * picked. Owner: the statistics feature (peer difficulty, question stats) reads them.
 */

/** The same bucket as `bucketOf`, in SQL (`t` an integer number of milliseconds). */
const bucketSql = (t: SQL): SQL =>
  sql`(case when ${t} < 120000 then ${t} / 1000 when ${t} < 600000 then 120 + (${t} - 120000) / 10000 else ${sql.raw(String(LAST_BUCKET))} end)`;

export const difficultySql = (answers: SQL, correct: SQL): SQL =>
  sql`(case when ${answers} < ${sql.raw(String(DIFFICULTY_MIN_ANSWERS))} then null
    when ${correct} * 5 >= 4 * ${answers} then 1 when ${correct} * 5 >= 3 * ${answers} then 2
    when ${correct} * 5 >= 2 * ${answers} then 3 when ${correct} * 5 >= ${answers} then 4
    else 5 end)::smallint`;

/**
 * A batch's first counted answers (`counted` rows with `first_`) added to their questions'
 * figures. The statement's snapshot does not see the batch's own history rows, so "first"
 * means no counted answer before it. Learners answering the same question at once are summed
 * into one row of its figures and choice counts.
 */
const PEER_WRITES: SQL = sql`first_buckets as (
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
        set picked = question_choice_stats.picked + excluded.picked)`;

/** Each learner's first counted answer to each of `questions` (null: all). */
const firstAnswers = (questions: number[] | null): SQL =>
  sql`(select distinct on (h.user_id, h.question_id) h.user_id, h.question_id, h.choices,
      h.is_correct, h.time_spent_ms
    from question_answer_history h
    where h.counted and ${among(sql`h.question_id`, questions)}
    order by h.user_id, h.question_id, h.created_at, h.id)`;

/**
 * The rows of the scope's questions, from everyone's answers to them (a question's figures mix
 * all learners, so the scope's learners do not narrow it). A learner's deleted answers and
 * deleted account leave the figures: they are what the history holds.
 */
function recount({ questions }: AnswerScope): SQL[] {
  return [
    sql`delete from question_choice_stats s where ${among(sql`s.question_id`, questions)}`,
    sql`delete from question_stats s where ${among(sql`s.question_id`, questions)}`,
    sql`insert into question_stats (question_id, answers, correct, time_hist, difficulty)
      select b.question_id, sum(b.n), sum(b.c), jsonb_object_agg(b.k::text, b.n),
        ${difficultySql(sql`sum(b.n)`, sql`sum(b.c)`)}
      from (select f.question_id, ${bucketSql(sql`f.time_spent_ms`)} as k, count(*) as n,
          count(*) filter (where f.is_correct) as c
        from ${firstAnswers(questions)} f group by 1, 2) b
      group by b.question_id`,
    sql`insert into question_choice_stats (question_id, choice_id, picked)
      select f.question_id, c.id, count(*)
      from ${firstAnswers(questions)} f join choices c on c.question_id = f.question_id
        and f.choices @> to_jsonb(c.id)
      group by 1, 2`,
  ];
}

export const peerStatsEffect: AnswerEffect = {
  name: 'question peer statistics',
  tables: [
    { name: 'question_stats', key: ['question_id'] },
    { name: 'question_choice_stats', key: ['question_id', 'choice_id'] },
  ],
  apply: PEER_WRITES,
  recount,
  // First answers' is_correct: recounted from the re-scored history.
  rescore: null,
};
