import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessionQuestions, sessions } from '../../db/schema/index';
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
  db: Db,
  values: typeof sessionQuestions.$inferInsert & { answeredAt: Date },
): AnswerWrite[] {
  const saved = db
    .insert(sessionQuestions)
    .values(values)
    .onConflictDoUpdate({
      target: [sessionQuestions.sessionId, sessionQuestions.questionId],
      set: {
        choices: values.choices,
        isCorrect: values.isCorrect,
        score: values.score,
        confidence: values.confidence ?? null,
        answeredAt: values.answeredAt,
      },
    })
    .returning({ id: sessionQuestions.id });
  const touched = db
    .update(sessions)
    .set({ updatedAt: values.answeredAt })
    .where(eq(sessions.id, values.sessionId))
    .returning({ id: sessions.id });
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
