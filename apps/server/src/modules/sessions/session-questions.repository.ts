import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessionQuestions } from '../../db/schema/index';

export type SessionQuestionRow = typeof sessionQuestions.$inferSelect;

interface Window {
  limit: number;
  offset: number;
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
