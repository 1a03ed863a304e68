import { sql, type SQL } from 'drizzle-orm';
import { LEECH_LAPSES } from '@qbank/contract';
import type { Db } from '../../db/client';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface ShelfRow {
  question_id: number;
  stem: string;
  course_id: number;
  module_id: number;
  clinical_case_id: number | null;
  last_answered_at: Date | string;
  last_wrong_at: Date | string | null;
  streak: number;
  lapses: number;
}

/**
 * The mistakes shelf (decision 038): every question with a wrong answer (or a leech) that has
 * not yet been answered right `streak` times in a row since its last wrong answer. Reads the
 * maintained `question_streaks` rows (an index on learner and run), not the history.
 */
function shelf(userId: number, streak: number, leechOnly: boolean): SQL {
  const leech = sql`e.lapses >= ${LEECH_LAPSES}`;
  // Two index paths: runs after a wrong answer, and leeches never answered wrong.
  return sql`
    WITH shelf AS (
      SELECT s.question_id, s.last_answered_at, s.last_wrong_at, s.streak,
        coalesce(e.lapses, 0) AS lapses
      FROM question_streaks s
      LEFT JOIN question_evaluations e ON e.user_id = s.user_id AND e.question_id = s.question_id
      WHERE s.user_id = ${userId} AND s.last_wrong_at IS NOT NULL AND s.streak < ${streak}
        ${leechOnly ? sql`AND ${leech}` : sql``}
      UNION ALL
      SELECT s.question_id, s.last_answered_at, s.last_wrong_at, s.streak, e.lapses
      FROM question_evaluations e
      JOIN question_streaks s ON s.user_id = e.user_id AND s.question_id = e.question_id
      WHERE e.user_id = ${userId} AND ${leech} AND s.last_wrong_at IS NULL
        AND s.streak < ${streak}
    )
    SELECT s.question_id, left(q.stem, 200) AS stem, q.course_id, c.module_id,
      q.clinical_case_id, s.last_answered_at, s.last_wrong_at, s.streak, s.lapses
    FROM shelf s
    JOIN questions q ON q.id = s.question_id AND q.is_published
    JOIN courses c ON c.id = q.course_id`;
}

export async function countShelf(db: Db, userId: number, streak: number, leechOnly: boolean) {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (${shelf(userId, streak, leechOnly)}) shelf`,
  );
  return row?.n ?? 0;
}

/** Leeches pinned first, then the most recent mistakes. */
export async function listShelf(
  db: Db,
  userId: number,
  streak: number,
  leechOnly: boolean,
  window: { limit: number; offset: number },
): Promise<(ShelfRow & { total: number })[]> {
  return rows<ShelfRow & { total: number }>(
    db,
    sql`SELECT shelf.*, (count(*) OVER ())::int AS total FROM (${shelf(userId, streak, leechOnly)}) shelf
      ORDER BY (shelf.lapses >= ${LEECH_LAPSES}) DESC, shelf.last_wrong_at DESC NULLS LAST,
        shelf.question_id
      LIMIT ${window.limit} OFFSET ${window.offset}`,
  );
}
