import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  questionQueries,
  rows,
  scopeWhere,
  type Access,
  type QuestionScope,
} from '../questions/questions.repository';

/**
 * The learner's search and "similar questions" (decision 053). Both read `questions.search_text`
 * (stem, choices and explanation as plain text, kept by every writer): words through the
 * `qbank_search` configuration (simple parser, accents folded by unaccent), likeness through
 * pg_trgm. Both stay inside what the caller may read in full.
 */

const query = (words: string) => sql`websearch_to_tsquery('qbank_search', ${words})`;

/** Published, not hidden by the caller, readable in full, matching the words. */
const searchScope = (userId: number, words: string, access: Access): QuestionScope => ({
  userId,
  search: words,
  accessibleOnly: access,
});

export async function countMatches(db: Db, userId: number, words: string, access: Access) {
  const [row] = await rows<{ n: number }>(
    db,
    questionQueries.count(searchScope(userId, words, access)),
  );
  return row?.n ?? 0;
}

/** Ids of a page of matches, best first (words found more often and closer together). */
export async function pageOfMatches(
  db: Db,
  userId: number,
  words: string,
  access: Access,
  window: { limit: number; offset: number },
): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`select q.id from questions q join courses c on c.id = q.course_id
      where ${scopeWhere(searchScope(userId, words, access))}
      order by ts_rank_cd(to_tsvector('qbank_search', q.search_text), ${query(words)}) desc, q.id
      limit ${window.limit} offset ${window.offset}`,
  );
  return found.map((r) => r.id);
}

export interface MatchPlace {
  id: number;
  module_name: string;
  course_name: string;
  excerpt: string;
}

/** Catalogue names and an excerpt around the matched words, for the ids of one page. */
export async function matchPlaces(db: Db, ids: number[], words: string): Promise<MatchPlace[]> {
  if (!ids.length) return [];
  const options =
    'StartSel=' +
    '\u0002, StopSel=\u0003, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "';
  return rows<MatchPlace>(
    db,
    sql`select q.id, m.name as module_name, c.name as course_name,
        ts_headline('qbank_search', q.search_text, ${query(words)}, ${options}) as excerpt
      from questions q join courses c on c.id = q.course_id join modules m on m.id = c.module_id
      where q.id = any(${sql.param(ids)}::int[])`,
  );
}

/** Below this trigram similarity two texts share little more than their language. */
export const SIMILARITY_FLOOR = 0.3;

/**
 * Questions whose text is closest to question `id`'s, among those the caller may read (not
 * the question itself). The threshold is set for this transaction so the `%` operator can use
 * the trigram index (`questions_search_trgm_idx`).
 */
export async function similarTo(
  db: Db,
  userId: number,
  id: number,
  access: Access,
  limit: number,
): Promise<{ id: number; excerpt: string; course_name: string; similarity: number }[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(SIMILARITY_FLOOR)}, true)`,
    );
    return rows(
      tx as unknown as Db,
      sql`with target as (select search_text from questions where id = ${id})
        select q.id, left(q.search_text, 160) as excerpt, c.name as course_name,
          round(similarity(q.search_text, target.search_text)::numeric, 3)::float8 as similarity
        from target, questions q join courses c on c.id = q.course_id
        where q.search_text % target.search_text and q.id <> ${id}
          and ${scopeWhere({ userId, accessibleOnly: access })}
        order by similarity desc, q.id
        limit ${limit}`,
    );
  });
}
