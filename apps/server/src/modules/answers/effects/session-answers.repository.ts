import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rescored, type AnswerEffect, type KeyChange } from './effect';

/**
 * A session's answers (`session_questions`): the session's own record of the answers given in
 * it (a second answer to a question replaces the first). Owner: the sessions feature.
 */

/**
 * A batch's session answers (its `input` rows with a `session_id`): `saved`, the session's row
 * for the question, returning its id by learner, and the session's last activity.
 */
const SESSION_ANSWER_WRITES: SQL = sql`saved as (insert into session_questions (session_id,
      user_id, question_id, choices, is_correct, score, confidence, answered_at)
    select i.session_id, i.user_id, i.question_id, i.choices, i.is_correct, i.score,
      i.confidence, i.answered_at
    from input i where i.session_id is not null order by i.user_id
    on conflict (session_id, question_id) do update set choices = excluded.choices,
      is_correct = excluded.is_correct, score = excluded.score, confidence = excluded.confidence,
      answered_at = excluded.answered_at
    returning id, user_id, question_id),
  touched as (update sessions s set updated_at = i.answered_at
    from input i where s.id = i.session_id)`;

/** The session rows of a re-scored question get their new scores; how many changed. */
async function rescore(db: Db, change: KeyChange): Promise<number> {
  const result = await db.execute(sql`select id, choices, score from session_questions
    where question_id = ${change.questionId}`);
  const rows = (result as unknown as { rows: { id: number; choices: number[]; score: number }[] })
    .rows;
  const updates = rescored(rows, change);
  await rewriteScores(db, 'session_questions', updates);
  return updates.length;
}

/** New scores (and rightness: a full point), in one statement. */
export async function rewriteScores(
  db: Db,
  table: 'question_answer_history' | 'session_questions',
  updates: { id: number; score: number }[],
): Promise<void> {
  if (!updates.length) return;
  const ids = `{${updates.map((u) => u.id).join(',')}}`;
  const scores = `{${updates.map((u) => u.score).join(',')}}`;
  await db.execute(
    sql`update ${sql.raw(table)} as t set score = v.score, is_correct = v.score = 1
      from (select unnest(${ids}::int[]) as id, unnest(${scores}::real[]) as score) v
      where t.id = v.id`,
  );
}

export const sessionAnswersEffect: AnswerEffect = {
  name: 'session answers',
  tables: [],
  apply: SESSION_ANSWER_WRITES,
  // A session's rows are its own record, cleared with its progress while the history stays:
  // not derived from the history, so a deleted history entry leaves them.
  recount: null,
  rescore,
};
