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
/** How many of the question's words look for candidates: its rarest in the bank. */
const PROBE_WORDS = 8;
/** At most this many candidates are ranked, so a question of common words stays quick. */
const CANDIDATES_MAX = 1000;

/**
 * The question's rarest words as a tsquery ('a' | 'b' | …), rarest first by the planner's
 * statistics of the word index (its most common words and their shares, kept by ANALYZE); words
 * outside those statistics are rarer than any in them, longer first. Without statistics (a bank
 * never analysed) the longest words are taken. Null for a question without words.
 */
export async function rarestWords(db: Db, id: number): Promise<string | null> {
  const [row] = await rows<{ probe: string | null }>(
    db,
    sql`with common as (
        select e.word, e.share from pg_stats s,
          unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(word, share)
        where s.schemaname = current_schema() and s.tablename = 'questions_search_idx'
          and e.word is not null),
      words as (
        select w.lexeme from questions q,
          unnest(to_tsvector('qbank_search', q.search_text)) as w
          left join common on common.word = w.lexeme
        where q.id = ${id} and length(w.lexeme) >= 3 and w.lexeme !~ '^[0-9]+$'
        order by common.share nulls first, length(w.lexeme) desc, w.lexeme
        limit ${PROBE_WORDS})
      select string_agg(quote_literal(lexeme), ' | ') as probe from words`,
  );
  return row?.probe ?? null;
}

/**
 * Questions whose text is closest to question `id`'s, among those the caller may read (not the
 * question itself). Trigram likeness over the whole bank read thousands of rows on a large bank
 * (seconds at 200,000 questions); the candidates are now the questions sharing one of its rarest
 * words (the word index), at most CANDIDATES_MAX, then ranked by trigram similarity.
 */
export async function similarTo(
  db: Db,
  userId: number,
  id: number,
  access: Access,
  limit: number,
): Promise<{ id: number; excerpt: string; course_name: string; similarity: number }[]> {
  // Two statements: with the words as a literal, the planner sees how rare they are.
  const probe = await rarestWords(db, id);
  if (!probe) return [];
  return rows(
    db,
    sql`with candidates as (
        select q.id, q.search_text, c.name as course_name
        from questions q join courses c on c.id = q.course_id
        where to_tsvector('qbank_search', q.search_text) @@ ${probe}::tsquery and q.id <> ${id}
          and ${scopeWhere({ userId, accessibleOnly: access })}
        limit ${CANDIDATES_MAX}),
      ranked as (
        select k.id, left(k.search_text, 160) as excerpt, k.course_name,
          similarity(k.search_text, target.search_text) as likeness
        from candidates k, questions target where target.id = ${id})
      select id, excerpt, course_name, round(likeness::numeric, 3)::float8 as similarity
      from ranked where likeness >= ${SIMILARITY_FLOOR}
      order by likeness desc, id
      limit ${limit}`,
  );
}
