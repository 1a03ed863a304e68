import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPglite, migrationsFolder, type Database } from '../../db/client';
import type { Manifest } from './manifest';

/**
 * The database half of a backup (issue 37, decision 047): a consistent snapshot and, read in
 * that same snapshot, the rows per table and the newest migration.
 */
type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Dumped {
  kind: Manifest['database']['kind'];
  file: string;
  tables: Manifest['tables'];
  migration: Manifest['migration'];
  /** How long every other statement waited for the snapshot. */
  heldMs: number;
}

/** Writes the database into `folder` (database.tar or database.dump). */
export async function dumpDatabase(
  database: Database,
  databaseUrl: string | undefined,
  folder: string,
): Promise<Dumped> {
  if (database.kind === 'postgres') {
    if (!databaseUrl) throw new Error('A PostgreSQL backup needs DATABASE_URL.');
    return dumpPostgres(databaseUrl, path.join(folder, 'database.dump'));
  }
  return dumpPglite(pgliteOf(database), path.join(folder, 'database.tar'));
}

/** The PGlite instance under the Drizzle database. */
export function pgliteOf(database: Database): PGlite {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error('Not an embedded database.');
  return client;
}

/**
 * PGlite has one connection: `transaction` holds every other statement back while it runs.
 * On disk (the app's DATA_DIR/pglite), learners wait only while the files changed since a first,
 * unheld copy are copied again after a checkpoint (`copyDataFolder`); a second PGlite opened on
 * that copy then counts the rows and makes the tar, while the app goes on. In memory (tests),
 * the counts and PGlite's own dumpDataDir run inside the hold.
 */
async function dumpPglite(client: PGlite, file: string): Promise<Dumped> {
  const folder = client.dataDir && !client.dataDir.includes('://') ? client.dataDir : undefined;
  if (!folder) return dumpPgliteInMemory(client, file);
  const scratch = fs.mkdtempSync(path.join(path.dirname(file), '.database-'));
  // Named as the app's folder: dumpDataDir names the tar's root after it.
  const copyPath = path.join(scratch, path.basename(folder));
  try {
    const heldMs = await copyDataFolder(client, folder, copyPath);
    const copy = await createPglite(copyPath);
    try {
      const query: Query = (text) => copy.query(text);
      const tables = await countTables(query);
      const migration = await migrationState(query);
      const tar = await copy.dumpDataDir('none');
      await fs.promises.writeFile(file, Buffer.from(await tar.arrayBuffer()));
      return { kind: 'pglite', file, tables, migration, heldMs };
    } finally {
      await copy.close();
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The running server's lock files (as pg_basebackup leaves them): the copy is no server's. */
const NOT_COPIED = new Set(['postmaster.pid', 'postmaster.opts']);

/**
 * Copies a live PGlite folder consistently, as rsync's two passes would: every file while
 * learners go on (each file's size and mtime noted before it is read), then, holding every
 * statement back after a checkpoint (all written to the files), only the files that changed or
 * appeared since, and without those that went. Answers how long statements were held back.
 */
async function copyDataFolder(client: PGlite, from: string, to: string): Promise<number> {
  await client.exec('CHECKPOINT');
  const copied = new Map<string, string>();
  const copyChanged = async () => {
    const present = new Set<string>();
    for (const name of fs.readdirSync(from, { recursive: true, encoding: 'utf8' })) {
      const source = path.join(from, name);
      const stat = fs.statSync(source, { throwIfNoEntry: false });
      // Empty folders too: PostgreSQL expects pg_wal/archive_status, pg_tblspc and the like.
      if (stat?.isDirectory()) fs.mkdirSync(path.join(to, name), { recursive: true });
      if (!stat?.isFile() || NOT_COPIED.has(path.basename(name))) continue;
      present.add(name);
      const version = `${stat.size}:${stat.mtimeMs}`;
      if (copied.get(name) === version) continue;
      fs.mkdirSync(path.dirname(path.join(to, name)), { recursive: true });
      await fs.promises.copyFile(source, path.join(to, name));
      copied.set(name, version);
    }
    for (const name of copied.keys()) {
      if (!present.has(name)) fs.rmSync(path.join(to, name), { force: true });
    }
  };
  await copyChanged();
  return client.transaction(async (tx) => {
    const held = performance.now();
    await tx.exec('CHECKPOINT');
    await copyChanged();
    return Math.round(performance.now() - held);
  });
}

/** A database in memory: the counts and the dump inside one hold (a checkpoint first). */
async function dumpPgliteInMemory(client: PGlite, file: string): Promise<Dumped> {
  await client.exec('CHECKPOINT');
  let held = 0;
  const { tables, migration, tar } = await client.transaction(async (tx) => {
    held = performance.now();
    const query: Query = (text) => tx.query(text);
    return {
      tables: await countTables(query),
      migration: await migrationState(query),
      tar: await client.dumpDataDir('none'),
    };
  });
  const heldMs = Math.round(performance.now() - held);
  await fs.promises.writeFile(file, Buffer.from(await tar.arrayBuffer()));
  return { kind: 'pglite', file, tables, migration, heldMs };
}

/**
 * A REPEATABLE READ transaction exports its snapshot; the counts read it and pg_dump dumps
 * exactly it (`--snapshot`). Nothing is locked beyond what pg_dump always takes (ACCESS SHARE):
 * learners' reads and writes go on.
 */
async function dumpPostgres(url: string, file: string): Promise<Dumped> {
  const client = new pg.Client({ connectionString: url, application_name: 'qbank-backup' });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const query: Query = (text) => client.query(text);
    const tables = await countTables(query);
    const migration = await migrationState(query);
    await runPgTool('pg_dump', url, [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${rows[0]!.id}`,
      `--file=${file}`,
    ]);
    await client.query('COMMIT');
    return { kind: 'postgres', file, tables, migration, heldMs: 0 };
  } finally {
    await client.end();
  }
}

/** Loads a PostgreSQL backup into the (empty) database at `url`. */
export async function restorePostgres(url: string, file: string): Promise<void> {
  await runPgTool('pg_restore', url, ['--no-owner', '--no-privileges', '--exit-on-error', file]);
}

/** Tables, views and sequences outside PostgreSQL's own schemas: 0 means an empty database. */
export async function countRelations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
       WHERE s.nspname NOT IN ('pg_catalog', 'information_schema')
         AND s.nspname NOT LIKE 'pg\\_%' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Empties a database for a forced restore: the app's schemas go, an empty public comes back. */
export async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public',
    );
  } finally {
    await client.end();
  }
}

/** Rows per table of the public schema, in one statement (one snapshot). */
export async function countTables(query: Query): Promise<Record<string, number>> {
  const listed = await query(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const names = listed.rows.map((row) => String(row.name));
  if (names.length === 0) return {};
  const counts = names.map((name, i) => `(SELECT count(*) FROM public."${name}") AS c${i}`);
  const row = (await query(`SELECT ${counts.join(', ')}`)).rows[0]!;
  return Object.fromEntries(names.map((name, i) => [name, Number(row[`c${i}`])]));
}

/** The newest applied migration, named by its tag in the journal (drizzle/meta). */
export async function migrationState(query: Query): Promise<Manifest['migration']> {
  const applied = await query(
    'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at',
  );
  const last = applied.rows.at(-1)?.created_at;
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number; tag: string }[] };
  const tag = journal.entries.find((entry) => entry.when === Number(last))?.tag;
  return { tag: tag ?? `unknown (${String(last)})`, applied: applied.rows.length };
}

/**
 * Runs pg_dump or pg_restore against `url`; the password goes in the environment, not on the
 * command line (where `ps` would show it). Fails with the tool's own message.
 */
async function runPgTool(tool: string, url: string, args: string[]): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const child = spawn(tool, [...args, `--dbname=${target.toString()}`], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', (error) =>
      reject(new Error(`${tool} could not be run (${error.message}): install postgresql-client.`)),
    );
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`);
}
