import { sql } from 'drizzle-orm';
import type { questionAnswerHistory } from '../../db/schema/index';
import { users } from '../../db/schema/index';
import type { Conn } from './content.repository';

/** Inserts users in multi-row batches; answers their ids. Emails already taken are skipped. */
export async function insertUsers(
  db: Conn,
  rows: (typeof users.$inferInsert)[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const out = await db
      .insert(users)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing()
      .returning({ id: users.id });
    ids.push(...out.map((r) => r.id));
  }
  return ids;
}

export async function userIdsByEmailPrefix(db: Conn, prefix: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} like ${`${prefix}%`}`);
  return rows.map((r) => r.id);
}

/** Every question of some external-id prefix with its choice ids and which are correct. */
export async function questionChoiceKeys(db: Conn, externalPrefix: string) {
  const result = await db.execute<{ id: number; choice_ids: number[]; correct: boolean[] }>(sql`
    select q.id, array_agg(c.id order by c."order") as choice_ids, array_agg(c.is_correct order by c."order") as correct
    from questions q join choices c on c.question_id = q.id
    where q.external_id like ${`${externalPrefix}%`}
    group by q.id order by q.id`);
  // node-postgres answers { rows }, PGlite answers { rows } too.
  return (result as unknown as { rows: { id: number; choice_ids: number[]; correct: boolean[] }[] })
    .rows;
}

/** Answer-history rows, one JSON parameter per batch (fast on PGlite). */
export async function insertHistory(
  db: Conn,
  rows: (typeof questionAnswerHistory.$inferInsert)[],
): Promise<void> {
  if (!rows.length) return;
  const json = rows.map((r) => ({
    user_id: r.userId,
    question_id: r.questionId,
    choices: r.choices,
    is_correct: r.isCorrect,
    score: r.score,
    time_spent_ms: r.timeSpentMs ?? 0,
    mode: r.mode,
    created_at: (r.createdAt ?? new Date()).toISOString(),
  }));
  await db.execute(sql`
    insert into question_answer_history (user_id, question_id, choices, is_correct, score, time_spent_ms, mode, created_at)
    select x.user_id, x.question_id, x.choices, x.is_correct, x.score, x.time_spent_ms, x.mode, x.created_at
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(
      user_id integer, question_id integer, choices jsonb, is_correct boolean, score real,
      time_spent_ms integer, mode varchar, created_at timestamptz)`);
}
