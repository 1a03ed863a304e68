import type { Config } from '../../config';
import { DataDirBusyError } from '../../db/data-dir-lock';
import { openConfiguredDatabase } from '../../db/open';
import { createStorage } from '../../lib/object-storage';
import { askRunningApp } from './backup-socket';
import { createBackup } from './backup.service';
import { describeRestore, restoreBackup, RestoreRefusedError } from './restore.service';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * `npm run backup`: on a PostgreSQL server, or on an embedded database no app holds, this
 * process makes the backup; when the app runs on the embedded database, the app makes it, asked
 * on its socket (decision 047). Exit code 1 when it failed.
 */
export async function backupCommand(config: Config): Promise<number> {
  let database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    const answer = await askRunningApp(config.dataDir);
    if (!answer.ok) return failed(answer.error);
    return wrote(
      answer.folder,
      answer.size_bytes,
      answer.files,
      answer.duration_ms,
      'the running app',
    );
  }
  const storage = createStorage(config);
  try {
    await database.migrate();
    const result = await createBackup({ config, database, storage }, 'command');
    const { manifest } = result;
    return wrote(
      result.folder,
      result.sizeBytes,
      manifest.files.length,
      manifest.duration_ms,
      'this command',
    );
  } catch (error) {
    return failed((error as Error).message);
  } finally {
    (storage as { close?: () => void }).close?.();
    await database.close();
  }
}

function wrote(folder: string, size: number, files: number, ms: number, by: string): number {
  console.log(
    `Backup written to ${folder} by ${by}: database and ${files} files, ${megabytes(size)}, in ${seconds(ms)}.`,
  );
  return 0;
}

function failed(message: string): number {
  console.error(`Backup failed: ${message}`);
  return 1;
}

/** `npm run restore -- FOLDER [--force]`: prints what matched; exit code 1 when anything did not. */
export async function restoreCommand(
  config: Config,
  folder: string,
  options: { force?: boolean },
): Promise<number> {
  const started = performance.now();
  try {
    const report = await restoreBackup(config, folder, options);
    const { ok, lines } = describeRestore(report);
    for (const line of lines) (ok ? console.log : console.error)(line);
    console.log(`Restore took ${seconds(performance.now() - started)}.`);
    return ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof RestoreRefusedError || error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    return 1;
  }
}
