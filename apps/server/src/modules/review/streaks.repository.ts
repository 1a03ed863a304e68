import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * `question_streaks` (decision 038): one row per learner and question, kept in step with the
 * answer history in the transaction that writes or removes an answer, so the mistakes shelf
 * reads rows instead of the history.
 */

/**
 * Each answer of a batch being appended to the history ends or extends its question's run: the
 * upsert, as a CTE over the batch's `input` (`recordAnswerBatch`), at the statement's now().
 */
export const STREAK_WRITES: SQL = sql`streak as (insert into question_streaks (user_id,
      question_id, last_answered_at, last_wrong_at, streak, misses)
    select i.user_id, i.question_id, now(), case when i.is_correct then null else now() end,
      case when i.is_correct then 1 else 0 end, case when i.is_correct then 0 else 1 end
    from input i order by i.user_id
    on conflict (user_id, question_id) do update set
      last_answered_at = greatest(question_streaks.last_answered_at, excluded.last_answered_at),
      last_wrong_at = coalesce(excluded.last_wrong_at, question_streaks.last_wrong_at),
      streak = case when excluded.last_wrong_at is null then question_streaks.streak + 1 else 0 end,
      misses = case when excluded.last_wrong_at is null then 0 else question_streaks.misses + 1 end)`;

/**
 * The rows of the history's (learner, question) pairs matching `where` (on `h`), recomputed:
 * the latest answer, the latest wrong one and the right answers after it, the latest right one
 * and the wrong answers after it.
 */
const recountSql = (where: SQL): SQL => sql`insert into question_streaks (user_id, question_id,
    last_answered_at, last_wrong_at, streak, misses)
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
    from question_answer_history h where ${where}) a
  group by a.user_id, a.question_id`;

/** After a history entry is deleted: the pair's row from what remains (none if nothing does). */
export async function recountStreak(db: Db, userId: number, questionId: number): Promise<void> {
  await db.execute(
    sql`delete from question_streaks where user_id = ${userId} and question_id = ${questionId}`,
  );
  await db.execute(recountSql(sql`h.user_id = ${userId} and h.question_id = ${questionId}`));
}

/** After a question's answers were re-scored (a key change): every learner's row for it. */
export async function recountQuestionStreaks(db: Db, questionId: number): Promise<void> {
  await db.execute(sql`delete from question_streaks where question_id = ${questionId}`);
  await db.execute(recountSql(sql`h.question_id = ${questionId}`));
}

/** Every row from the whole history (the migration's backfill, the synthetic data generator). */
export const REBUILD_STREAKS: SQL[] = [sql`delete from question_streaks`, recountSql(sql`true`)];
