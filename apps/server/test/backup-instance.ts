import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { databaseUrlFor, openTestDatabase } from './databases';
import type { TestUser } from './factories';
import { processDatabase } from './processes';
import { formData, pngImage } from './uploads';

/**
 * Backup tests need what the app's own helper hides: the PostgreSQL database's URL (pg_dump
 * connects to it) and folders of their own. Everything made here is removed after the file.
 */
export const scratchDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `qbank-${name}-`));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** The environment of a test app whose data folder is `dataDir`. */
export const testEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'error',
  DATA_DIR: dataDir,
  DEMO_BANK: 'off',
  PUBLIC_URL: 'http://testserver',
  BACKUP_EVERY: 'off',
  BACKUP_DIR: path.join(dataDir, 'backups'),
  ...extra,
});

/** A migrated app on a fresh database (a PostgreSQL copy when DATABASE_URL is set). */
export async function setupBackupApp(extra: Record<string, string> = {}) {
  const source = await processDatabase();
  const config = loadConfig(testEnv(scratchDir('backup-source'), { ...source.env, ...extra }));
  const database = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl, poolSize: 5 })
    : await openTestDatabase();
  const app = await buildApp({ config, database });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    await source.drop();
  });
  return { app, config, database };
}

/** An empty place to restore into: a data folder and, on PostgreSQL, an empty database. */
export async function emptyTarget() {
  const dataDir = scratchDir('backup-target');
  const url = process.env.DATABASE_URL;
  if (!url) return loadConfig(testEnv(dataDir));
  const name = `qbank_restore_${path.basename(dataDir).replace(/\W/g, '_').toLowerCase()}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  afterAll(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return loadConfig(testEnv(dataDir, { DATABASE_URL: databaseUrlFor(url, name) }));
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

/** A learner's note on `questionId` with one image: a row and a stored file for a backup. */
export async function noteWithImage(
  app: Awaited<ReturnType<typeof buildApp>>,
  learner: TestUser,
  questionId: number,
) {
  const note = await app.inject({
    method: 'POST',
    url: '/api/noteitemsdetail/',
    headers: learner.headers,
    payload: formData({ question: String(questionId), content: 'with an image' }, [
      ['noteItem_attachments[0]', await pngImage()],
    ]),
  });
  expect(note.statusCode, note.body).toBe(201);
}
