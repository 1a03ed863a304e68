import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './databases';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  dataDir: string;
}

/**
 * Builds the real app on a fresh database and data folder, once per test file; closed after
 * the file. `env` overrides configuration variables (e.g. SMTP_URL).
 */
export async function setupTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO_BANK: 'off',
    PUBLIC_URL: 'http://testserver',
    ...env,
  });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, database, config, dataDir };
}
