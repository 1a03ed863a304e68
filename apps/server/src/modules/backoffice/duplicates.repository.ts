import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/index';

/** One text to check: its position, its text (as `questions.search_text`), its external id. */
export interface Probe {
  n: number;
  text: string;
  /** A bank question with this external id is the same record (an update), not a duplicate. */
  ext: string | null;
  /** A bank question with this id is the probe itself (the editor's question). */
  self: number | null;
}

export interface MatchRow {
  n: number;
  id: number;
  stem: string;
  status: 'draft' | 'in_review' | 'live' | 'withdrawn';
  similarity: number;
}

/**
 * The bank's questions whose `search_text` is at least `threshold` similar (pg_trgm) to each
 * probe, the closest `perProbe` of each. `%` is what the trigram index answers
 * (`questions_search_trgm_idx`), at the threshold set for this transaction only; the probes
 * travel as one JSON parameter, so a 1,000-question file is one statement.
 */
export async function nearDuplicates(
  db: Db,
  probes: Probe[],
  threshold: number,
  perProbe: number,
): Promise<MatchRow[]> {
  if (!probes.length) return [];
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true)`,
    );
    const result = await tx.execute(sql`
      select p.n, d.id, d.stem, d.status, d.similarity
      from jsonb_to_recordset(${JSON.stringify(probes)}::jsonb)
        as p(n int, text text, ext text, self int)
      cross join lateral (
        select q.id, left(q.stem, 160) as stem, q.status,
          similarity(q.search_text, p.text)::float8 as similarity
        from questions q
        where q.search_text % p.text
          and (p.ext is null or q.external_id is distinct from p.ext)
          and (p.self is null or q.id <> p.self)
        order by similarity(q.search_text, p.text) desc, q.id
        limit ${perProbe}
      ) d
      order by p.n, d.similarity desc, d.id`);
    return (result as unknown as { rows: MatchRow[] }).rows;
  });
}

/** A question's own comparison text, or undefined. */
export async function searchTextOf(db: Db, id: number): Promise<string | undefined> {
  const result = await db.execute(sql`select search_text from questions where id = ${id}`);
  return (result as unknown as { rows: { search_text: string }[] }).rows[0]?.search_text;
}

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row?.value;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}
