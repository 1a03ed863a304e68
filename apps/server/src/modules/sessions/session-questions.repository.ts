import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessionQuestions } from '../../db/schema/index';

export type SessionQuestionRow = typeof sessionQuestions.$inferSelect;

interface Window {
  limit: number;
  offset: number;
}

/**
 * A batch's session answers (its `input` rows with a `session_id`), as CTEs of the answers'
 * statement (`recordAnswerBatch`): `saved`, the session's row for the question (a second answer
 * replaces the first), returning its id by learner, and the session's last activity.
 */
export const SESSION_ANSWER_WRITES: SQL = sql`saved as (insert into session_questions (session_id,
      user_id, question_id, choices, is_correct, score, confidence, answered_at)
    select i.session_id, i.user_id, i.question_id, i.choices, i.is_correct, i.score,
      i.confidence, i.answered_at
    from input i where i.session_id is not null order by i.user_id
    on conflict (session_id, question_id) do update set choices = excluded.choices,
      is_correct = excluded.is_correct, score = excluded.score, confidence = excluded.confidence,
      answered_at = excluded.answered_at
    returning id, user_id),
  touched as (update sessions s set updated_at = i.answered_at
    from input i where s.id = i.session_id)`;

export async function listSessionQuestions(
  db: Db,
  userId: number,
  sessionId: number | undefined,
  window: Window,
): Promise<{ total: number; rows: SessionQuestionRow[] }> {
  const where = and(
    eq(sessionQuestions.userId, userId),
    sessionId ? eq(sessionQuestions.sessionId, sessionId) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(sessionQuestions)
    .where(where);
  const rows = await db
    .select()
    .from(sessionQuestions)
    .where(where)
    .orderBy(asc(sessionQuestions.answeredAt), asc(sessionQuestions.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows };
}

export async function deleteSessionQuestion(
  db: Db,
  userId: number,
  id: number,
): Promise<number | undefined> {
  const [row] = await db
    .delete(sessionQuestions)
    .where(and(eq(sessionQuestions.id, id), eq(sessionQuestions.userId, userId)))
    .returning({ sessionId: sessionQuestions.sessionId });
  return row?.sessionId;
}
