/**
 * `npm run bench:backup`: how long a backup and a restore of a large bank take (issue 37), and
 * how long learners wait while the backup runs.
 *
 * 1. Generates the synthetic bank (`cli.js generate`, default 100,000 questions, 1,000,000
 *    answers, 1,000 learners) in a scratch data folder (PGlite) or, with DATABASE_URL, in the
 *    database `qbank_bench_backup` of that server. Kept for the next run with the same sizes
 *    (a marker file); --fresh makes it again.
 * 2. `cli.js backup`, then `cli.js restore` into an empty folder or database (restore runs the
 *    migrations and checks every count and checksum). Prints each time, the backup's size, and
 *    the time every other statement waited for the snapshot (the manifest's `held_ms`).
 *
 * Options: --questions N --history N --users N --fresh. Figures print; nothing is asserted.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import pg from 'pg';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const options = new Command()
  .option('--questions <n>', 'questions', '100000')
  .option('--history <n>', 'answer-history rows', '1000000')
  .option('--users <n>', 'learners', '1000')
  .option('--fresh', 'generate the data again')
  .parse()
  .opts<{ questions: string; history: string; users: string; fresh?: boolean }>();

const url = process.env.DATABASE_URL;
const sizes = `q${options.questions}-h${options.history}-u${options.users}`;
const home = path.join(os.tmpdir(), `qbank-bench-backup-${url ? 'pg' : 'pglite'}`);
const dataDir = path.join(home, 'data');
const marker = path.join(home, `generated-${sizes}`);

function cli(args: string[], env: Record<string, string>) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['dist/cli.js', ...args], {
    cwd: serverRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', DEMO_BANK: 'off', BACKUP_EVERY: 'off', ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`${args[0]} failed:\n${run.stdout}\n${run.stderr}`);
  return { seconds, output: `${run.stdout}${run.stderr}` };
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

const withDb = (name: string) => {
  const u = new URL(url!);
  u.pathname = `/${name}`;
  return u.toString();
};

const sourceEnv: Record<string, string> = {
  DATA_DIR: dataDir,
  BACKUP_DIR: path.join(home, 'backups'),
  ...(url ? { DATABASE_URL: withDb('qbank_bench_backup') } : {}),
};

if (options.fresh || !fs.existsSync(marker)) {
  fs.rmSync(home, { recursive: true, force: true });
  fs.mkdirSync(home, { recursive: true });
  if (url) {
    await admin('DROP DATABASE IF EXISTS qbank_bench_backup WITH (FORCE)');
    await admin('CREATE DATABASE qbank_bench_backup');
  }
  console.log(`Generating ${sizes} (${url ? 'PostgreSQL' : 'PGlite'})…`);
  const generated = cli(
    [
      'generate',
      `--questions=${options.questions}`,
      `--history=${options.history}`,
      `--users=${options.users}`,
    ],
    sourceEnv,
  );
  console.log(`  generated in ${generated.seconds.toFixed(0)} s`);
  fs.writeFileSync(marker, '');
}

const backup = cli(['backup'], sourceEnv);
const folder = /Backup written to (\S+)/.exec(backup.output)![1]!;
const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as {
  database: { size: number; held_ms: number };
  tables: Record<string, number>;
  files: { size: number }[];
};

const target = path.join(home, 'restored');
fs.rmSync(target, { recursive: true, force: true });
const targetEnv: Record<string, string> = { DATA_DIR: target };
if (url) {
  await admin('DROP DATABASE IF EXISTS qbank_bench_restored WITH (FORCE)');
  await admin('CREATE DATABASE qbank_bench_restored');
  targetEnv.DATABASE_URL = withDb('qbank_bench_restored');
}
const restore = cli(['restore', folder], targetEnv);
if (url) await admin('DROP DATABASE IF EXISTS qbank_bench_restored WITH (FORCE)');
fs.rmSync(target, { recursive: true, force: true });
fs.rmSync(folder, { recursive: true, force: true });

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
console.log(`\nBackup and restore, ${url ? 'PostgreSQL' : 'PGlite'}, ${sizes}`);
console.log(
  `  rows: ${rows} (questions ${manifest.tables.questions}, history ${manifest.tables.question_answer_history})`,
);
console.log(`  database file: ${mb(manifest.database.size)}, files: ${manifest.files.length}`);
console.log(`  backup:  ${backup.seconds.toFixed(1)} s (command, start to end)`);
console.log(`  statements held back during the snapshot: ${manifest.database.held_ms} ms`);
console.log(
  `  restore: ${restore.seconds.toFixed(1)} s (load, migrations, every count and checksum)`,
);
console.log(
  restore.output
    .trim()
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n'),
);
