import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { lockDataDir } from '../../db/data-dir-lock';
import { invalidateAll } from '../../lib/cache';
import { createStorage } from '../../lib/object-storage';
import type { Storage } from '../../lib/storage';
import { downloadBackup, isBucketLocation } from './backup-bucket';
import { sha256File } from './backup.service';
import {
  countRelations,
  countTables,
  emptyPostgres,
  migrationState,
  restorePostgres,
} from './database-dump';
import { readManifest, type Manifest } from './manifest';
import { restoreStoredFiles, type FileCheck } from './stored-files';

export interface RestoreReport {
  manifest: Manifest;
  /** Where it went: the embedded database's folder, or the PostgreSQL database's name. */
  target: string;
  /** Migrations applied after loading (the ones the backup predates). */
  migrationsRun: number;
  migration: Manifest['migration'];
  tables: { matched: number; mismatched: { table: string; expected: number; found: number }[] };
  rows: number;
  files: FileCheck;
}

export class RestoreRefusedError extends Error {}

/**
 * Restores a backup folder (issue 37, decision 047) into the configured database and storage,
 * which must be empty unless `force` (then they are emptied first): loads the database, runs the
 * newer migrations, puts the files back, then checks every row count and checksum against the
 * manifest. Nothing is written before every check that could refuse has passed.
 */
export async function restoreBackup(
  config: Config,
  location: string,
  options: { force?: boolean } = {},
): Promise<RestoreReport> {
  if (!isBucketLocation(location)) return restoreFolder(config, location, options);
  // A backup in a bucket is fetched whole first, then checked and restored like a folder.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-restore-'));
  try {
    const folder = await downloadBackup(config.backup.bucket, location, scratch);
    return await restoreFolder(config, folder, options);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function restoreFolder(
  config: Config,
  folder: string,
  options: { force?: boolean },
): Promise<RestoreReport> {
  const manifest = readOrRefuse(folder);
  const dumpFile = path.join(folder, manifest.database.file);
  if (!fs.existsSync(dumpFile) || (await sha256File(dumpFile)) !== manifest.database.sha256) {
    throw new RestoreRefusedError(
      `${dumpFile} is missing or does not match the manifest's checksum: the backup is damaged.`,
    );
  }
  const wanted = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== wanted) {
    throw new RestoreRefusedError(
      manifest.database.kind === 'pglite'
        ? 'This is a backup of the embedded database: restore it with DATABASE_URL unset.'
        : 'This is a backup of a PostgreSQL database: restore it with DATABASE_URL set.',
    );
  }
  const storage = createStorage(config);
  try {
    return config.databaseUrl
      ? await intoPostgres(config.databaseUrl, storage, folder, manifest, options)
      : await intoPglite(config, storage, folder, manifest, options);
  } finally {
    (storage as { close?: () => void }).close?.();
  }
}

function readOrRefuse(folder: string): Manifest {
  try {
    return readManifest(folder);
  } catch (error) {
    throw new RestoreRefusedError((error as Error).message);
  }
}

async function intoPglite(
  config: Config,
  storage: Storage,
  folder: string,
  manifest: Manifest,
  { force = false },
): Promise<RestoreReport> {
  // Also refuses while the app runs on this data folder.
  const release = await lockDataDir(config.dataDir);
  try {
    const target = path.join(config.dataDir, 'pglite');
    const used = fs.existsSync(target) && fs.readdirSync(target).length > 0;
    await refuseUnlessEmpty(used, storage, force, `the data folder ${target}`);
    fs.rmSync(target, { recursive: true, force: true });
    const tar = fs.readFileSync(path.join(folder, manifest.database.file));
    const database = await openDatabase({ dataDir: target, snapshot: new Blob([tar]) });
    return await finish(database, storage, folder, manifest, target);
  } finally {
    await release();
  }
}

async function intoPostgres(
  url: string,
  storage: Storage,
  folder: string,
  manifest: Manifest,
  { force = false },
): Promise<RestoreReport> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  await refuseUnlessEmpty((await countRelations(url)) > 0, storage, force, `the database ${name}`);
  if (force) await emptyPostgres(url);
  await restorePostgres(url, path.join(folder, manifest.database.file));
  const database = await openDatabase({ url });
  const report = await finish(database, storage, folder, manifest, name);
  return report;
}

/** Refuses a used database or storage without `force`; with it, empties the storage. */
async function refuseUnlessEmpty(
  databaseUsed: boolean,
  storage: Storage,
  force: boolean,
  where: string,
): Promise<void> {
  const keys = await storage.list();
  if (!force && (databaseUsed || keys.length > 0)) {
    const what = databaseUsed ? where : `the file storage (${keys.length} files)`;
    throw new RestoreRefusedError(
      `Refusing to restore into ${what}: it is not empty. Use --force to replace what is there.`,
    );
  }
  for (const key of keys) await storage.delete(key);
}

/** Newer migrations, the files, then every count and checksum against the manifest. */
async function finish(
  database: Database,
  storage: Storage,
  folder: string,
  manifest: Manifest,
  target: string,
): Promise<RestoreReport> {
  try {
    await database.migrate();
    const query = async (text: string) => ({
      rows: ((await database.db.execute(text)) as unknown as { rows: Record<string, unknown>[] })
        .rows,
    });
    const migration = await migrationState(query);
    const found = await countTables(query);
    const mismatched = Object.entries(manifest.tables)
      .filter(([table, expected]) => found[table] !== expected)
      .map(([table, expected]) => ({ table, expected, found: found[table] ?? 0 }));
    const files = await restoreStoredFiles(storage, folder, manifest.files);
    // Servers already running on this PostgreSQL database drop what they cached.
    await invalidateAll(database.db);
    return {
      manifest,
      target,
      migrationsRun: migration.applied - manifest.migration.applied,
      migration,
      tables: { matched: Object.keys(manifest.tables).length - mismatched.length, mismatched },
      rows: Object.values(manifest.tables).reduce((sum, n) => sum + n, 0),
      files,
    };
  } finally {
    await database.close();
  }
}

/** The report in plain words, one fact per line; `ok` is false when anything did not match. */
export function describeRestore(report: RestoreReport): { ok: boolean; lines: string[] } {
  const { manifest, tables, files } = report;
  const ok = tables.mismatched.length === 0 && files.mismatched.length === 0;
  const lines = [
    `Restored the backup made ${manifest.started_at} (app ${manifest.app_version}, migration ${manifest.migration.tag}) into ${report.target}.`,
    report.migrationsRun > 0
      ? `Migrations run since the backup: ${report.migrationsRun} (now at ${report.migration.tag}).`
      : 'No newer migrations to run.',
    `Tables: ${tables.matched} of ${Object.keys(manifest.tables).length} match the manifest's row counts (${report.rows} rows).`,
    ...tables.mismatched.map(
      (m) => `  MISMATCH ${m.table}: ${m.expected} rows in the manifest, ${m.found} restored.`,
    ),
    `Files: ${files.restored} of ${manifest.files.length} restored with matching size and sha256 (${files.bytes} bytes).`,
    ...files.mismatched.map((key) => `  MISMATCH file ${key}: missing or different checksum.`),
    ...(manifest.files_gone.length
      ? [`Files deleted while the backup ran (not in it): ${manifest.files_gone.join(', ')}.`]
      : []),
    ok ? 'Everything matched.' : 'Some things did NOT match: see the lines above.',
  ];
  return { ok, lines };
}
