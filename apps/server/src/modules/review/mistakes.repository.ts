import { sql, type SQL } from 'drizzle-orm';
import { LEECH_LAPSES, LEECH_MISSES, type Scope } from '@qbank/contract';
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
  misses: number;
  suspended: boolean | null;
}

/** Which part of the shelf: leeches only, and one module or course. */
export interface ShelfFilter extends Scope {
  leechOnly: boolean;
}

/** The leech thresholds as literals, so the planner uses the partial indexes on leeches. */
const LEECH = sql.raw(String(LEECH_LAPSES));
const MISSES = sql.raw(String(LEECH_MISSES));

/** Rows `r` of the scope's questions only. */
function scopeCondition({ module, course }: Scope): SQL {
  if (module === undefined && course === undefined) return sql``;
  return sql`AND EXISTS (SELECT 1 FROM questions sq JOIN courses sc ON sc.id = sq.course_id
    WHERE sq.id = r.question_id
      ${course !== undefined ? sql`AND sq.course_id = ${course}` : sql``}
      ${module !== undefined ? sql`AND sc.module_id = ${module}` : sql``})`;
}

/**
 * The mistakes shelf (decision 038): every question with a wrong answer (or a leech) that has
 * not yet been answered right `streak` times in a row since its last wrong answer, published.
 * Reads the maintained `question_streaks` rows and their partial indexes (runs after a wrong
 * answer, leeches, unpublished questions): never the history, never every question. A leech
 * has 8 lapses or 8 misses in a row (`isLeech`).
 */
function shelf(userId: number, streak: number, filter: ShelfFilter): SQL {
  return sql`
    WITH leeches AS (
      SELECT question_id FROM question_evaluations WHERE user_id = ${userId} AND lapses >= ${LEECH}
    ), rows AS (
      SELECT s.question_id, s.last_answered_at, s.last_wrong_at, s.streak,
        (l.question_id IS NOT NULL OR s.misses >= ${MISSES}) AS leech
      FROM question_streaks s LEFT JOIN leeches l ON l.question_id = s.question_id
      WHERE s.user_id = ${userId} AND s.last_wrong_at IS NOT NULL AND s.streak < ${streak}
        ${filter.leechOnly ? sql`AND (l.question_id IS NOT NULL OR s.misses >= ${MISSES})` : sql``}
      UNION ALL
      -- Leeches never answered wrong (lapses from the buttons) are pinned too.
      SELECT s.question_id, s.last_answered_at, s.last_wrong_at, s.streak, true
      FROM leeches l JOIN question_streaks s ON s.user_id = ${userId} AND s.question_id = l.question_id
      WHERE s.last_wrong_at IS NULL AND s.streak < ${streak}
    )
    SELECT r.* FROM rows r
    WHERE NOT EXISTS (SELECT 1 FROM questions u WHERE u.id = r.question_id AND NOT u.is_published)
      ${scopeCondition(filter)}`;
}

export async function countShelf(db: Db, userId: number, streak: number, filter: ShelfFilter) {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (${shelf(userId, streak, filter)}) shelf`,
  );
  return row?.n ?? 0;
}

const ORDER = sql`leech DESC, last_wrong_at DESC NULLS LAST, question_id`;

/**
 * Leeches pinned first, then the most recent mistakes. The page is cut from the shelf's rows
 * first; only its rows read their question and card.
 */
export async function listShelf(
  db: Db,
  userId: number,
  streak: number,
  filter: ShelfFilter,
  window: { limit: number; offset: number },
): Promise<(ShelfRow & { total: number })[]> {
  return rows<ShelfRow & { total: number }>(
    db,
    sql`WITH page AS (
        SELECT shelf.*, (count(*) OVER ())::int AS total FROM (${shelf(userId, streak, filter)}) shelf
        ORDER BY ${ORDER} LIMIT ${window.limit} OFFSET ${window.offset}
      )
      SELECT p.question_id, left(q.stem, 200) AS stem, q.course_id, c.module_id, q.clinical_case_id,
        p.last_answered_at, p.last_wrong_at, p.streak, coalesce(e.lapses, 0) AS lapses,
        coalesce(s.misses, 0) AS misses, e.suspended, p.total
      FROM page p
      JOIN questions q ON q.id = p.question_id
      JOIN courses c ON c.id = q.course_id
      LEFT JOIN question_evaluations e ON e.user_id = ${userId} AND e.question_id = p.question_id
      LEFT JOIN question_streaks s ON s.user_id = ${userId} AND s.question_id = p.question_id
      ORDER BY p.leech DESC, p.last_wrong_at DESC NULLS LAST, p.question_id`,
  );
}
