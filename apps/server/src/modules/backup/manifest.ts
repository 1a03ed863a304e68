import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { packageRoot } from '../../lib/paths';

/**
 * What a backup holds, written last into its folder as `manifest.json` (issue 37): a folder
 * without it is an unfinished backup. Restore checks every count and checksum against it.
 */
export const MANIFEST_FILE = 'manifest.json';
/** The folder of the stored files inside a backup, one file per storage key. */
export const FILES_FOLDER = 'files';

const fileEntrySchema = z.object({ key: z.string(), size: z.number(), sha256: z.string() });
export type FileEntry = z.infer<typeof fileEntrySchema>;

export const manifestSchema = z.object({
  format: z.literal(1),
  started_at: z.string(),
  finished_at: z.string(),
  duration_ms: z.number(),
  app_version: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** pglite: the data folder as a tar (PGlite's dumpDataDir); postgres: pg_dump's custom format. */
    file: z.string(),
    size: z.number(),
    sha256: z.string(),
    /** How long other statements waited (PGlite: the counts and the copy; PostgreSQL: 0). */
    held_ms: z.number(),
  }),
  /** The newest migration applied when the backup was made. */
  migration: z.object({ tag: z.string(), applied: z.number() }),
  /** Rows per table of the public schema, read in the same snapshot as the dump. */
  tables: z.record(z.string(), z.number()),
  files: z.array(fileEntrySchema),
  /** Keys listed after the snapshot but deleted before they could be copied. */
  files_gone: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function readManifest(folder: string): Manifest {
  const file = path.join(folder, MANIFEST_FILE);
  if (!fs.existsSync(file)) {
    throw new Error(`${folder} is not a finished backup: it has no ${MANIFEST_FILE}.`);
  }
  return manifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

export function writeManifest(folder: string, manifest: Manifest): void {
  // Written beside, then renamed: a manifest is either whole or absent.
  const file = path.join(folder, MANIFEST_FILE);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(manifest, null, 2));
  fs.renameSync(`${file}.tmp`, file);
}

/** The server package's version (apps/server/package.json). */
export function appVersion(): string {
  const file = path.join(packageRoot(), 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
