import fs from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import type { Config } from '../../config';
import { openConfiguredDatabase } from '../../db/open';
import type { Db } from '../../db/client';
import { createStorage } from '../../lib/object-storage';
import type { Storage } from '../../lib/storage';
import { exportContent } from './content.export';
import { CONTENT_FORMATS, type ContentFormat } from './content.parse';
import { importFile, type ImportCounts } from './content.service';
import { formatProblem } from './content.validate';

/**
 * `npm run import -w …` runs in apps/server; file names and DATA_DIR given by the caller are
 * relative to where they typed the command (npm passes it as INIT_CWD).
 */
export function useCallerDirectory(): void {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
}

const mediaStorage = (config: Config) => createStorage(config);
const counts = (c: ImportCounts) => `${c.created} created, ${c.updated} updated`;

export interface ImportCommandOptions {
  format?: string;
  dryRun?: boolean;
  module?: string;
  encoding?: string;
}

/** Where the commands write: the console, or a collector in tests. */
export interface Output {
  log(line: string): void;
  error(line: string): void;
}
const consoleOutput: Output = { log: (l) => console.log(l), error: (l) => console.error(l) };

/** `npm run import -- FILE…`: exit code 1 when a file is refused. */
export async function importCommand(
  config: Config,
  files: string[],
  options: ImportCommandOptions,
): Promise<number> {
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  try {
    return await runImport(
      database.db,
      mediaStorage(config),
      files,
      options,
      consoleOutput,
      process.stdout.isTTY,
    );
  } finally {
    await database.close();
  }
}

/** Imports files one after the other, printing problems and a summary per file. */
export async function runImport(
  db: Db,
  storage: Storage,
  files: string[],
  options: ImportCommandOptions,
  out: Output,
  progressBar = false,
): Promise<number> {
  if (options.format && !CONTENT_FORMATS.includes(options.format as ContentFormat)) {
    out.error(`Unknown format "${options.format}": use one of ${CONTENT_FORMATS.join(', ')}.`);
    return 1;
  }
  let failed = false;
  for (const file of files) {
    if (!fs.existsSync(file)) {
      out.error(`${file}: no such file.`);
      failed = true;
      continue;
    }
    const bar = new cliProgress.SingleBar(
      { format: `${path.basename(file)} [{bar}] {value}/{total} questions`, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    const result = await importFile(db, storage, file, {
      format: options.format as ContentFormat | undefined,
      dryRun: options.dryRun,
      defaultModule: options.module,
      encoding: options.encoding,
      onProgress: (done, total) => {
        if (!progressBar) return;
        if (!started) bar.start(total, 0);
        started = true;
        bar.update(done);
      },
    });
    if (started) bar.stop();
    for (const p of result.skipped) out.log(formatProblem(file, p));
    for (const p of result.warnings) out.log(formatProblem(file, p));
    if (!result.ok) {
      failed = true;
      for (const p of result.errors) out.error(formatProblem(file, p));
      out.error(`${file}: refused, ${result.errors.length} problem(s); nothing was imported.`);
      continue;
    }
    const seconds = (result.ms / 1000).toFixed(1);
    if (!result.summary) {
      out.log(
        `${file}: valid (${result.format}): ${result.questions} question(s) to import, ` +
          `${result.skipped.length} skipped. Dry run: nothing written. ${seconds} s`,
      );
      continue;
    }
    const s = result.summary;
    out.log(
      `${file}: questions ${counts(s.questions)}, ${result.skipped.length} skipped; ` +
        `modules ${counts(s.modules)}; courses ${counts(s.courses)}; sources ${counts(s.sources)}; ` +
        `clinical cases ${counts(s.clinicalCases)}. ${seconds} s`,
    );
  }
  return failed ? 1 : 0;
}

/** `npm run export -- FILE [--module id]`. */
export async function exportCommand(
  config: Config,
  file: string,
  options: { module?: string },
): Promise<number> {
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  try {
    return await runExport(database.db, mediaStorage(config), file, options, consoleOutput);
  } finally {
    await database.close();
  }
}

export async function runExport(
  db: Db,
  storage: Storage,
  file: string,
  options: { module?: string },
  out: Output,
): Promise<number> {
  const moduleId = options.module === undefined ? undefined : Number(options.module);
  if (moduleId !== undefined && !(Number.isInteger(moduleId) && moduleId > 0)) {
    out.error(`--module takes a module id (a positive integer), not "${options.module}".`);
    return 1;
  }
  const started = performance.now();
  let document;
  try {
    document = await exportContent(db, storage, { moduleId });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
    out.error(`No module has the id ${moduleId}.`);
    return 1;
  }
  await fs.promises.writeFile(file, JSON.stringify(document, null, 1));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  out.log(
    `${file}: ${document.modules.length} module(s), ${document.questions.length} question(s) exported. ${seconds} s`,
  );
  return 0;
}
