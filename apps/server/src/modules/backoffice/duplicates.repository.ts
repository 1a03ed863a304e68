import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, stemKey } from '../../db/schema/index';

/** One question to check: its position, its stem, its whole text (as `questions.search_text`). */
export interface Probe {
  n: number;
  stem: string;
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

const bankKey = stemKey(sql`q.stem`);
const probeKey = stemKey(sql`p.stem`);

/**
 * The bank's questions at least `threshold` similar (pg_trgm) to each probe, the closest
 * `perProbe` of each. Candidates come from the stem keys' trigram index (`%` at the threshold,
 * set for this transaction only): few, rare trigrams, so a lookup reads short posting lists.
 * Each candidate is then confirmed and scored on the whole text, so that two generic stems
 * ("Which statement is true?") with other choices are not taken for copies. The probes travel
 * as one JSON parameter: a 1,000-question file is one statement.
 */
export async function nearDuplicates(
  db: Db,
  probes: Probe[],
  threshold: number,
  perProbe: number,
): Promise<MatchRow[]> {
  if (!probes.length) return [];
  const result = await atThreshold(db, threshold, (tx) =>
    tx.execute(nearDuplicatesQuery(probes, threshold, perProbe)),
  );
  return (result as unknown as { rows: MatchRow[] }).rows;
}

/** Runs `work` in a transaction whose `%` means "at least `threshold` similar". */
export function atThreshold<T>(
  db: Db,
  threshold: number,
  work: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true)`,
    );
    return work(tx);
  });
}

/** The statement of `nearDuplicates` (the duplicates bench explains it). */
export const nearDuplicatesQuery = (probes: Probe[], threshold: number, perProbe: number) => sql`
  select p.n, d.id, d.stem, d.status, d.similarity
  from jsonb_to_recordset(${JSON.stringify(probes)}::jsonb)
    as p(n int, stem text, text text, ext text, self int)
  cross join lateral (
    select c.id, left(c.stem, 160) as stem, c.status, c.similarity
    from (
      select q.id, q.stem, q.status,
        similarity(q.search_text, p.text)::float8 as similarity
      from questions q
      where ${bankKey} % ${probeKey}
        and (p.ext is null or q.external_id is distinct from p.ext)
        and (p.self is null or q.id <> p.self)
    ) c
    where c.similarity >= ${threshold}
    order by c.similarity desc, c.id
    limit ${perProbe}
  ) d
  order by p.n, d.similarity desc, d.id`;

/** A question's stem and whole comparison text, or undefined. */
export async function textsOf(
  db: Db,
  id: number,
): Promise<{ stem: string; text: string } | undefined> {
  const result = await db.execute(
    sql`select stem, search_text as text from questions where id = ${id}`,
  );
  return (result as unknown as { rows: { stem: string; text: string }[] }).rows[0];
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
