/**
 * `npm run bench:import`: how long `cli.js import` takes on a large file, on both databases.
 *
 * 1. Writes the synthetic bank of `generate` (default 100,000 questions, JSON format) to a file.
 * 2. For each database: a fresh one (PGlite in a new temporary data folder; on the PostgreSQL
 *    server of DATABASE_URL, or postgres://postgres@127.0.0.1:5432, the database
 *    `qbank_bench_import` dropped and created), migrated, then `node dist/cli.js import FILE`
 *    timed end to end (process start, reading, parsing, validating, writing, commit).
 * 3. Prints seconds and questions/s for each (and the machine's load average: on a shared machine
 *    the wall time follows the other processes); with --twice, also a second import of the same
 *    file (every question updated) on the same database.
 *
 * Needs `npm run build` first (`npm run bench:import` at the root builds). Options: --questions N
 * --only pglite|postgres --twice
 *
 * Figures (decision 042, 2-core machine shared with other test runs, load average 6–12):
 * before COPY and the bulk rebuild of the GIN index and foreign keys, PGlite 82.0 s and
 * PostgreSQL 51.0 s; after, PGlite 54.4 / 37.0 s and PostgreSQL 24.9 / 16.9 s (two runs). Where
 * the time goes now: PostgreSQL ≈ 9.4 s of server CPU (most of it the GIN build) + ~7 s of Node
 * CPU (parsing, validation, COPY text); PGlite ≈ 24 s of CPU in one process, the GIN build the
 * largest part. On a quiet machine (load ≈ 1): PGlite 14.6 s, PostgreSQL 9.4 s; re-import 25.1 s
 * and 17.1 s.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { freshPostgres } from './bench-postgres';
import { syntheticDocument } from '../src/modules/content/generate.cli';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(serverRoot, 'dist', 'cli.js');
const BENCH_DB = 'qbank_bench_import';

const options = new Command()
  .option('--questions <n>', 'questions in the file', '100000')
  .option('--only <kind>', 'pglite or postgres (default: both)')
  .option('--twice', 'import the same file again (updates) and time that too')
  .parse()
  .opts<{ questions: string; only?: string; twice?: boolean }>();

function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0
        ? resolve((performance.now() - started) / 1000)
        : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

async function main() {
  const count = Number(options.questions);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-bench-import-'));
  const file = path.join(work, `questions-${count}.json`);
  fs.writeFileSync(file, JSON.stringify(syntheticDocument(count)));
  console.log(`${file}: ${(fs.statSync(file).size / 1e6).toFixed(1)} MB, ${count} questions`);

  const base = { ...process.env, DEMO_BANK: 'off', LOG_LEVEL: 'warn', MEDIA_DIR: undefined };
  const kinds = options.only ? [options.only] : ['pglite', 'postgres'];
  const results: string[] = [];
  try {
    for (const kind of kinds) {
      const env: NodeJS.ProcessEnv =
        kind === 'postgres'
          ? {
              ...base,
              DATABASE_URL: await freshPostgres(BENCH_DB),
              DATA_DIR: path.join(work, 'pg-media'),
            }
          : { ...base, DATABASE_URL: undefined, DATA_DIR: path.join(work, 'pglite') };
      await run(['migrate'], env);
      const runs = options.twice ? ['first import', 'again (updates)'] : ['first import'];
      for (const label of runs) {
        const seconds = await run(['import', file], env);
        const load = os.loadavg()[0]!.toFixed(1);
        results.push(
          `${kind.padEnd(8)} ${label.padEnd(16)} ${seconds.toFixed(1).padStart(6)} s ` +
            `${Math.round(count / seconds)
              .toLocaleString('en')
              .padStart(8)} questions/s  (load average ${load})`,
        );
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`\nImport of ${count.toLocaleString('en')} questions (cli.js import, JSON):`);
  for (const line of results) console.log(line);
}

await main();
