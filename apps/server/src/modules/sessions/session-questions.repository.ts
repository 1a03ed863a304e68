import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessionQuestions } from '../../db/schema/index';

export type SessionQuestionRow = typeof sessionQuestions.$inferSelect;

interface Window {
  limit: number;
  offset: number;
}

/** Records an answer; answering the same question again in a session replaces it. */
export async function upsertSessionQuestion(
  db: Db,
  values: typeof sessionQuestions.$inferInsert,
): Promise<SessionQuestionRow> {
  const [row] = await db
    .insert(sessionQuestions)
    .values(values)
    .onConflictDoUpdate({
      target: [sessionQuestions.sessionId, sessionQuestions.questionId],
      set: {
        choices: values.choices,
        isCorrect: values.isCorrect,
        score: values.score,
        answeredAt: values.answeredAt,
      },
    })
    .returning();
  return row!;
}

/**
 * Records an answer in ONE statement (decision 042): the session answer (replacing an earlier
 * one), the session's `updated_at` and the history entry. A single statement is atomic and
 * committed when it returns, in one round trip instead of five (BEGIN, three writes, COMMIT).
 */
export async function recordSessionAnswer(
  db: Db,
  values: {
    sessionId: number;
    userId: number;
    questionId: number;
    choices: number[];
    isCorrect: boolean;
    score: number;
    answeredAt: Date;
    timeSpentMs: number;
  },
): Promise<SessionQuestionRow> {
  const choices = JSON.stringify(values.choices);
  const at = values.answeredAt.toISOString();
  const result = (await db.execute(sql`
    with saved as (
      insert into session_questions
        (session_id, user_id, question_id, choices, is_correct, score, answered_at)
      values (${values.sessionId}, ${values.userId}, ${values.questionId}, ${choices}::jsonb,
        ${values.isCorrect}, ${values.score}, ${at}::timestamptz)
      on conflict (session_id, question_id) do update set choices = excluded.choices,
        is_correct = excluded.is_correct, score = excluded.score, answered_at = excluded.answered_at
      returning *),
    touched as (update sessions set updated_at = ${at}::timestamptz where id = ${values.sessionId}),
    logged as (
      insert into question_answer_history
        (user_id, question_id, choices, is_correct, score, time_spent_ms, mode, created_at)
      values (${values.userId}, ${values.questionId}, ${choices}::jsonb, ${values.isCorrect},
        ${values.score}, ${values.timeSpentMs}, 'study', ${at}::timestamptz))
    select id, session_id, user_id, question_id, choices, is_correct, score, answered_at
    from saved`)) as unknown as {
    rows: {
      id: number;
      session_id: number;
      user_id: number;
      question_id: number;
      choices: number[];
      is_correct: boolean;
      score: number;
      answered_at: string | Date;
    }[];
  };
  const row = result.rows[0]!;
  return {
    id: row.id,
    sessionId: row.session_id,
    userId: row.user_id,
    questionId: row.question_id,
    choices: row.choices,
    isCorrect: row.is_correct,
    score: row.score,
    answeredAt: new Date(row.answered_at),
  };
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
