import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { createServerDatabase } from './server-database';

export interface Instances {
  apps: App[];
  /** The first instance's database handle (factories write through it). */
  db: Db;
  /** The test that calls this expects `count` logged errors (e.g. Redis unreachable). */
  expectServerErrors: (count: number) => void;
}

/**
 * `count` app instances on ONE migrated PostgreSQL database, each with its own pool, cache,
 * invalidation listener and rate-limit store, as separate servers would have (decision 041).
 * They share a data folder and the media signing key, as a deployment shares them. A logged
 * error fails the test unless announced.
 */
export async function startInstances(
  count: number,
  env: Record<string, string> = {},
): Promise<Instances> {
  const shared = await createServerDatabase({ migrated: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-instances-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    DEMO_BANK: 'off',
    PUBLIC_URL: 'http://testserver',
    MEDIA_SIGNING_KEY: 'x'.repeat(40),
    ...env,
  });
  let errors: string[] = [];
  let expected = 0;
  const logStream = { write: (line: string) => void errors.push(line) };
  const databases: Database[] = [];
  const apps: App[] = [];
  for (let i = 0; i < count; i++) {
    const database = await openDatabase({ url: shared.url, poolSize: 3 });
    databases.push(database);
    const app = await buildApp({ config, database, logStream });
    await app.ready();
    apps.push(app);
  }
  afterEach(() => {
    const logged = errors;
    const allowed = expected;
    errors = [];
    expected = 0;
    expect(logged.length, logged.join('')).toBeLessThanOrEqual(allowed);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await shared.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { apps, db: databases[0]!.db, expectServerErrors: (n) => void (expected += n) };
}

/** Polls `read` until `seen` holds of its answer: how soon another instance sees a write. */
export async function eventually<T>(
  read: () => Promise<T>,
  seen: (value: T) => boolean,
  withinMs = 2_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (seen(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
