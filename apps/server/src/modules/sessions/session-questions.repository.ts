import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessionQuestions, sessions } from '../../db/schema/index';

export type SessionQuestionRow = typeof sessionQuestions.$inferSelect;

interface Window {
  limit: number;
  offset: number;
}

/**
 * Saves an answer in its session (a second answer replaces the first) and marks the session
 * as just used, in one statement: the answer path is hot.
 */
export async function upsertSessionQuestion(
  db: Db,
  values: typeof sessionQuestions.$inferInsert & { answeredAt: Date },
): Promise<SessionQuestionRow> {
  const touched = db
    .$with('touched', { id: sessions.id })
    .as(
      sql`update ${sessions} set updated_at = ${values.answeredAt} where id = ${values.sessionId} returning id`,
    );
  const [row] = await db
    .with(touched)
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
    .returning();
  return row!;
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
