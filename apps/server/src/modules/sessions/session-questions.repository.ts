import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessionQuestions } from '../../db/schema/index';
import type { AnswerWrite } from '../history/history.repository';

export type SessionQuestionRow = typeof sessionQuestions.$inferSelect;

interface Window {
  limit: number;
  offset: number;
}

/**
 * Saves an answer in its session (a second answer replaces the first) and marks the session as
 * just used: two writes for the answer's own statement (`logAnswer`); `saved` returns the
 * session answer's id.
 */
export function sessionAnswerWrites(
  values: typeof sessionQuestions.$inferInsert & { answeredAt: Date },
): AnswerWrite[] {
  const v = values;
  const at = v.answeredAt.toISOString();
  // Plain SQL rather than the query builder: built for every answer (see recordAnswerRows).
  const saved = sql`insert into session_questions (session_id, user_id, question_id, choices,
      is_correct, score, confidence, answered_at)
    values (${v.sessionId}, ${v.userId}, ${v.questionId}, ${JSON.stringify(v.choices)}::jsonb,
      ${v.isCorrect}, ${v.score}, ${v.confidence ?? null}, ${at}::timestamptz)
    on conflict (session_id, question_id) do update set choices = excluded.choices,
      is_correct = excluded.is_correct, score = excluded.score, confidence = excluded.confidence,
      answered_at = excluded.answered_at
    returning id`;
  const touched = sql`update sessions set updated_at = ${at}::timestamptz
    where id = ${v.sessionId} returning id`;
  return [
    { name: 'saved', write: saved },
    { name: 'touched', write: touched },
  ];
}

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
