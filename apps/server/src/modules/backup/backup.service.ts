import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { pruneBucket, uploadBackup } from './backup-bucket';
import { recordRun, type BackupRun } from './backup.repository';
import { dumpDatabase } from './database-dump';
import { appVersion, MANIFEST_FILE, writeManifest, type Manifest } from './manifest';
import { copyStoredFiles } from './stored-files';

export interface BackupDeps {
  config: Config;
  database: Database;
  storage: Storage;
}

export type BackupTrigger = 'command' | 'schedule' | 'staff';

export interface BackupResult {
  /** Where the backup is: its folder, or `s3://bucket/…` with BACKUP_BUCKET. */
  folder: string;
  manifest: Manifest;
  sizeBytes: number;
  run: BackupRun;
}

export class BackupBusyError extends Error {
  constructor() {
    super('A backup is already running.');
  }
}

/** Folders of finished and unfinished backups start with this. */
const PREFIX = 'qbank-backup-';

/** The backup this process is making: one at a time (the schedule, staff and the command). */
let running: Promise<BackupResult> | undefined;

/**
 * Makes one backup (issue 37, decision 047): the database snapshot, then every stored file, then
 * the manifest, into a new folder of BACKUP_DIR; records the run for the back office, and keeps
 * the BACKUP_KEEP newest. A failed backup leaves no folder, only its failed run.
 */
export function createBackup(deps: BackupDeps, trigger: BackupTrigger): Promise<BackupResult> {
  if (running) return Promise.reject(new BackupBusyError());
  running = backUp(deps, trigger).finally(() => (running = undefined));
  return running;
}

async function backUp(deps: BackupDeps, trigger: BackupTrigger): Promise<BackupResult> {
  const { config, database, storage } = deps;
  const startedAt = new Date();
  const started = performance.now();
  const folder = path.join(
    config.backup.dir,
    PREFIX + startedAt.toISOString().replace(/[:.]/g, '-'),
  );
  try {
    fs.mkdirSync(folder, { recursive: true });
    const dumped = await dumpDatabase(database, config.databaseUrl, folder);
    const { files, gone } = await copyStoredFiles(storage, folder);
    const finishedAt = new Date();
    const manifest: Manifest = {
      format: 1,
      started_at: startedAt.toISOString(),
      finished_at: finishedAt.toISOString(),
      duration_ms: Math.round(performance.now() - started),
      app_version: appVersion(),
      database: {
        kind: dumped.kind,
        file: path.basename(dumped.file),
        size: fs.statSync(dumped.file).size,
        sha256: await sha256File(dumped.file),
        held_ms: dumped.heldMs,
      },
      migration: dumped.migration,
      tables: dumped.tables,
      files,
      files_gone: gone,
    };
    writeManifest(folder, manifest);
    const location = await keep(config, folder);
    const sizeBytes = manifest.database.size + files.reduce((sum, file) => sum + file.size, 0);
    const run = await recordRun(database.db, {
      startedAt,
      finishedAt,
      status: 'succeeded',
      trigger,
      location,
      sizeBytes,
      fileCount: files.length,
    });
    return { folder: location, manifest, sizeBytes, run };
  } catch (error) {
    // What was written of it goes; the folder may never have been made.
    try {
      fs.rmSync(folder, { recursive: true, force: true });
    } catch {
      /* nothing to remove */
    }
    await recordRun(database.db, {
      startedAt,
      finishedAt: new Date(),
      status: 'failed',
      trigger,
      error: (error as Error).message,
    }).catch(() => undefined); // the database itself may be what failed
    throw error;
  }
}

/**
 * Keeps the finished folder where backups are kept, and the `BACKUP_KEEP` newest there: in the
 * bucket when there is one (the folder, only put together locally, goes), else in BACKUP_DIR.
 */
async function keep(config: Config, folder: string): Promise<string> {
  const { bucket, dir, keep: count } = config.backup;
  if (!bucket) {
    pruneBackups(dir, count);
    return folder;
  }
  const location = await uploadBackup(bucket, folder);
  fs.rmSync(folder, { recursive: true, force: true });
  await pruneBucket(bucket, count, (name) => name.startsWith(PREFIX));
  return location;
}

/** Deletes the finished backups beyond the `keep` newest (names sort by time). */
export function pruneBackups(dir: string, keep: number): string[] {
  const finished = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX) && fs.existsSync(path.join(dir, name, MANIFEST_FILE)))
    .sort();
  const old = finished.slice(0, Math.max(0, finished.length - keep));
  for (const name of old) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  return old;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}
