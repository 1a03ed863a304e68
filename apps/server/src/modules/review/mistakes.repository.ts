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
 * not yet been answered right `streak` times in a row since its last wrong answer.
 */
function shelf(userId: number, streak: number, leechOnly: boolean): SQL {
  // One pass over the learner's history (window, then group): no per-question subquery.
  return sql`
    WITH answers AS (
      SELECT h.question_id, h.created_at, h.is_correct,
        max(h.created_at) FILTER (WHERE NOT h.is_correct)
          OVER (PARTITION BY h.question_id) AS last_wrong_at
      FROM question_answer_history h
      WHERE h.user_id = ${userId}
    ), counted AS (
      SELECT a.question_id,
        max(a.created_at) AS last_answered_at,
        max(a.last_wrong_at) AS last_wrong_at,
        (count(*) FILTER (WHERE a.is_correct
          AND (a.last_wrong_at IS NULL OR a.created_at > a.last_wrong_at)))::int AS streak
      FROM answers a
      GROUP BY a.question_id
    ), shelf AS (
      SELECT c.*, coalesce(e.lapses, 0) AS lapses
      FROM counted c
      LEFT JOIN question_evaluations e ON e.user_id = ${userId} AND e.question_id = c.question_id
      WHERE c.streak < ${streak}
        AND (c.last_wrong_at IS NOT NULL OR coalesce(e.lapses, 0) >= ${LEECH_LAPSES})
        ${leechOnly ? sql`AND coalesce(e.lapses, 0) >= ${LEECH_LAPSES}` : sql``}
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
