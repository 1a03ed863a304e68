import { sql, type SQL } from 'drizzle-orm';
import type { AnswerEffect, AnswerScope } from './effect';
import { among } from './scope.repository';

/**
 * The mistakes shelf's rows (`question_streaks`, decision 038): one per learner and question,
 * the latest answer, the latest wrong one and the run of right answers since, so the shelf
 * reads rows instead of the history. Owner: the review feature (`review/mistakes.repository.ts`
 * reads them).
 */

/**
 * Each answer of a batch ends or extends its question's run, at the statement's now().
 */
const STREAK_WRITES: SQL = sql`streak as (insert into question_streaks (user_id,
      question_id, last_answered_at, last_wrong_at, streak, misses)
    select i.user_id, i.question_id, now(), case when i.is_correct then null else now() end,
      case when i.is_correct then 1 else 0 end, case when i.is_correct then 0 else 1 end
    from input i order by i.user_id
    on conflict (user_id, question_id) do update set
      last_answered_at = greatest(question_streaks.last_answered_at, excluded.last_answered_at),
      last_wrong_at = coalesce(excluded.last_wrong_at, question_streaks.last_wrong_at),
      streak = case when excluded.last_wrong_at is null then question_streaks.streak + 1 else 0 end,
      misses = case when excluded.last_wrong_at is null then 0 else question_streaks.misses + 1 end)`;

/** The scope's (learner, question) rows from what the history holds (none if nothing does). */
function recount({ users, questions }: AnswerScope): SQL[] {
  const rows = (alias: string) =>
    sql`${among(sql.raw(`${alias}.user_id`), users)} and ${among(sql.raw(`${alias}.question_id`), questions)}`;
  return [
    sql`delete from question_streaks s where ${rows('s')}`,
    sql`insert into question_streaks (user_id, question_id, last_answered_at, last_wrong_at,
        streak, misses)
      select a.user_id, a.question_id, max(a.created_at), max(a.last_wrong_at),
        (count(*) filter (where a.is_correct
          and (a.last_wrong_at is null or a.created_at > a.last_wrong_at)))::int,
        (count(*) filter (where not a.is_correct
          and (a.last_right_at is null or a.created_at > a.last_right_at)))::int
      from (select h.user_id, h.question_id, h.created_at, h.is_correct,
          max(h.created_at) filter (where not h.is_correct)
            over (partition by h.user_id, h.question_id) as last_wrong_at,
          max(h.created_at) filter (where h.is_correct)
            over (partition by h.user_id, h.question_id) as last_right_at
        from question_answer_history h where ${rows('h')}) a
      group by a.user_id, a.question_id`,
  ];
}

export const streaksEffect: AnswerEffect = {
  name: 'mistakes streaks',
  tables: [{ name: 'question_streaks', key: ['user_id', 'question_id'] }],
  apply: STREAK_WRITES,
  recount,
  // Streaks are recounted from the re-scored history; the shelf keeps no score of its own.
  rescore: null,
};
