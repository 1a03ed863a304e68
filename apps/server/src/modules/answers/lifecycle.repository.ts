import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DerivedTable } from './effects/effect';

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Deletes one of the learner's history entries: its learner and question, or undefined. */
export async function deleteEntry(db: Db, userId: number, id: number) {
  const [row] = await rowsOf<{ question_id: number }>(
    db,
    sql`delete from question_answer_history where id = ${id} and user_id = ${userId}
      returning question_id`,
  );
  return row?.question_id;
}

/** Every history entry of a question, to re-score. */
export const answersTo = (db: Db, questionId: number) =>
  rowsOf<{ id: number; userId: number; choices: number[]; score: number }>(
    db,
    sql`select id, user_id as "userId", choices, score from question_answer_history
      where question_id = ${questionId}`,
  );

/** The learners who answered a question, in the history or in a session. */
export async function learnersOf(db: Db, questionId: number): Promise<number[]> {
  const rows = await rowsOf<{ user_id: number }>(
    db,
    sql`select user_id from question_answer_history where question_id = ${questionId}
      union select user_id from session_questions where question_id = ${questionId}
      order by 1`,
  );
  return rows.map((r) => r.user_id);
}

/** Deletes a learner's whole history; the questions it answered. */
export async function deleteLearnerHistory(db: Db, userId: number): Promise<number[]> {
  const rows = await rowsOf<{ question_id: number }>(
    db,
    sql`with gone as (delete from question_answer_history where user_id = ${userId}
        returning question_id)
      select distinct question_id from gone order by 1`,
  );
  return rows.map((r) => r.question_id);
}

export async function runAll(db: Db, statements: SQL[]): Promise<void> {
  for (const statement of statements) await db.execute(statement);
}

/** A copy of `table` as it is now, gone at the end of the transaction. */
export const keepCopy = (db: Db, table: string) =>
  db.execute(sql.raw(`create temp table before_${table} on commit drop as select * from ${table}`));

export interface TableDiff {
  table: string;
  /** Rows the history calls for that were missing. */
  added: number;
  /** Rows nothing in the history calls for. */
  removed: number;
  /** Rows whose figures differed. */
  changed: number;
}

/** How `table` now differs from its copy taken by `keepCopy`, by key. */
export async function diffWithCopy(db: Db, { name, key }: DerivedTable): Promise<TableDiff> {
  const keys = key.join(', ');
  const [row] = await rowsOf<{ added: number; removed: number; changed: number }>(
    db,
    sql.raw(`with gone as (select * from before_${name} except select * from ${name}),
      came as (select * from ${name} except select * from before_${name})
      select
        (select count(*) from came where (${keys}) not in (select ${keys} from gone))::int as added,
        (select count(*) from gone where (${keys}) not in (select ${keys} from came))::int as removed,
        (select count(*) from came where (${keys}) in (select ${keys} from gone))::int as changed`),
  );
  return { table: name, ...row! };
}

/** Fresh planner statistics after a bulk rewrite (the percentile's index needs them). */
export const analyze = (db: Db, table: string) => db.execute(sql.raw(`analyze ${table}`));
