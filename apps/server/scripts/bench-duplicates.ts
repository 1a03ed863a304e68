/**
 * `npm run bench:dup`: near-duplicate detection (issue 34, decision 051) — the import dry run's
 * check of a 1,000-question file against a 100,000-question bank, on both databases.
 *
 * 1. A bank of distinct questions (random sentences over a 3,000-word vocabulary, so texts share
 *    no more than real ones do), imported with the importer (which builds the trigram index).
 * 2. A file of 1,000 questions: 100 near-copies of bank questions (one word changed) and 900 new.
 * 3. Times `duplicatesInImport` (one statement, the trigram index) and prints the seconds, the
 *    questions flagged and how many of the 100 copies were found, at the default threshold.
 *
 * Databases: PGlite in memory, and the PostgreSQL server of DATABASE_URL (or
 * postgres://postgres@127.0.0.1:5432) in the database `qbank_bench_dup`, dropped and created.
 * Options: --bank N --file N --only pglite|postgres --runs N --explain
 *
 * Figures (2 shared cores), 200 questions against 20,000: whole-text lookup, PostgreSQL 21.4 s
 * and PGlite 29.3 s (load ≈ 9); stem-key lookup confirmed on the text (decision 051, second
 * pass), PostgreSQL 1.96 s and PGlite 10.8 s (load ≈ 16); 20 of 20 copies found each time.
 */
import os from 'node:os';
import { Command } from 'commander';
import { freshPostgres } from './bench-postgres';
import { sql } from 'drizzle-orm';
import {
  contentDocumentSchema,
  DUPLICATE_THRESHOLD_DEFAULT,
  type ContentDocument,
} from '@qbank/contract';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/client';
import { createStorage } from '../src/lib/object-storage';
import { comparisonText, importContent } from '../src/modules/content/content.service';
import { duplicatesInImport } from '../src/modules/backoffice/duplicates.service';
import { atThreshold, nearDuplicatesQuery } from '../src/modules/backoffice/duplicates.repository';

const BENCH_DB = 'qbank_bench_dup';
const options = new Command()
  .option('--bank <n>', 'questions in the bank', '100000')
  .option('--file <n>', 'questions in the checked file', '1000')
  .option('--only <kind>', 'pglite or postgres (default: both)')
  .option('--runs <n>', 'checks per database (the best is kept)', '3')
  .option('--explain', "print EXPLAIN ANALYZE of the check of the file's first 20 questions")
  .parse()
  .opts<{ bank: string; file: string; only?: string; runs: string; explain?: boolean }>();

/** A small deterministic generator: the same bank on every run and database. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const next = random(34);
// Words of 4–9 letters: trigrams as varied as a real vocabulary's (a few syllables recombined
// would make every text share most trigrams, and no index could narrow anything).
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const VOCABULARY = Array.from({ length: 3000 }, () =>
  Array.from({ length: 4 + Math.floor(next() * 6) }, () =>
    LETTERS.charAt(Math.floor(next() * LETTERS.length)),
  ).join(''),
);
const words = (n: number) =>
  Array.from({ length: n }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]).join(' ');

function question(i: number, prefix: string, stem = `${words(28)}?`) {
  return {
    external_id: `${prefix}:${i}`,
    course: 'dup:c',
    type: 'qcs' as const,
    stem,
    explanation: words(12),
    choices: [0, 1, 2, 3].map((k) => ({ text: words(3), is_correct: k === 0, explanation: '' })),
  };
}

/** Through the file schema, so every default (images, tags, order…) is filled as on import. */
function documentOf(questions: ReturnType<typeof question>[]): ContentDocument {
  return contentDocumentSchema.parse({
    format: 'qbank',
    version: 1,
    modules: [
      {
        external_id: 'dup:m',
        name: 'Duplicates bench',
        courses: [{ external_id: 'dup:c', name: 'Bench course' }],
        sources: [],
      },
    ],
    clinical_cases: [],
    questions,
  });
}

/** Where the time goes: the plan of one check statement, with its timings and buffers. */
async function explain(db: Db, document: ContentDocument) {
  const probes = document.questions.map((q, n) => ({
    n,
    stem: q.stem,
    text: comparisonText(q.stem, q.choices, q.explanation),
    ext: null,
    self: null,
  }));
  const threshold = DUPLICATE_THRESHOLD_DEFAULT;
  const plan = await atThreshold(db, threshold, (tx) =>
    tx.execute(sql`explain (analyze, buffers) ${nearDuplicatesQuery(probes, threshold, 5)}`),
  );
  for (const row of (plan as unknown as { rows: Record<string, string>[] }).rows)
    console.log(Object.values(row)[0]);
}

async function main() {
  const bankSize = Number(options.bank);
  const fileSize = Number(options.file);
  const bank = Array.from({ length: bankSize }, (_, i) => question(i, 'bank'));
  const copies = Math.round(fileSize / 10);
  // A copy: a bank question with one word of its stem changed, under a new external id.
  const file = Array.from({ length: fileSize }, (_, i) => {
    if (i >= copies) return question(i, 'file');
    const original = bank[Math.floor((i * bankSize) / copies)]!;
    const stem = original.stem.split(' ');
    stem[3] = words(1);
    return { ...original, external_id: `file:${i}`, stem: stem.join(' ') };
  });
  const config = loadConfig({ ...process.env, DEMO_BANK: 'off' });
  const storage = createStorage(config);
  const kinds = options.only ? [options.only] : ['pglite', 'postgres'];
  const lines: string[] = [];
  for (const kind of kinds) {
    const database = await openDatabase(
      kind === 'postgres'
        ? { url: await freshPostgres(BENCH_DB), poolSize: 2 }
        : { dataDir: undefined },
    );
    try {
      await database.migrate();
      console.log(`${kind}: migrated; importing the bank…`);
      let started = performance.now();
      await importContent(database.db, storage, documentOf(bank), { batchSize: 2000 });
      const built = (performance.now() - started) / 1000;
      // Fresh statistics, as autovacuum would give a real bank: the planner picks the index.
      await database.db.execute(sql`analyze questions`);
      const runs: number[] = [];
      let found = { flagged: 0, copies: 0 };
      for (let run = 0; run < Number(options.runs); run++) {
        started = performance.now();
        const { duplicates } = await duplicatesInImport(database, documentOf(file));
        runs.push((performance.now() - started) / 1000);
        found = {
          flagged: duplicates.length,
          copies: duplicates.filter((d) => d.index < copies).length,
        };
      }
      if (options.explain) await explain(database.db, documentOf(file.slice(0, 20)));
      const best = Math.min(...runs);
      lines.push(
        `${kind.padEnd(8)} bank built in ${built.toFixed(1)} s; check of ${fileSize} questions: ` +
          `${runs.map((s) => s.toFixed(2)).join(' / ')} s (best ${best.toFixed(2)} s, ` +
          `${((best * 1000) / fileSize).toFixed(2)} ms per question); flagged ${found.flagged}, ` +
          `${found.copies} of ${copies} copies found (load average ${os.loadavg()[0]!.toFixed(1)})`,
      );
      console.log(lines.at(-1));
    } finally {
      await database.close();
    }
  }
  console.log(
    `\nNear-duplicate check, ${fileSize.toLocaleString('en')} questions against ` +
      `${bankSize.toLocaleString('en')} (pg_trgm, threshold default):`,
  );
  for (const line of lines) console.log(line);
}

await main();
