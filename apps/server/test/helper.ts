import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './databases';
import { clock } from '../src/lib/clock';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  dataDir: string;
  /**
   * The test that calls this expects the server to log `count` errors (level ≥ 50, e.g. a
   * mail server that is down); any other logged error fails the test (issue 17).
   */
  expectServerErrors: (count?: number) => void;
}

/** Pino's level for error: a line at this level or above is a server error. */
const ERROR_LEVEL = 50;

/**
 * Collects the app's error log lines; after each test, fails it when it logged more errors
 * than it said it expects, so a 500 can never pass unseen.
 */
function serverErrorWatch() {
  let lines: string[] = [];
  let expected = 0;
  const stream = {
    write(line: string) {
      const level = (JSON.parse(line) as { level?: number }).level ?? 0;
      if (level >= ERROR_LEVEL) lines.push(line);
    },
  };
  afterEach(() => {
    const logged = lines;
    const allowed = expected;
    lines = [];
    expected = 0;
    if (logged.length > allowed) {
      throw new Error(
        `the server logged ${logged.length} error(s), ${allowed} expected:\n${logged.join('')}`,
      );
    }
  });
  return { stream, expect: (count = 1) => (expected += count) };
}

/**
 * Builds the real app on a fresh database and data folder, once per test file; closed after
 * the file. `env` overrides configuration variables (e.g. SMTP_URL); `webRoot` serves a web build.
 */
export async function setupTestApp(
  env: Record<string, string> = {},
  { webRoot }: { webRoot?: string } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    DEMO_BANK: 'off',
    PUBLIC_URL: 'http://testserver',
    ...env,
  });
  const database = await openTestDatabase();
  const watch = serverErrorWatch();
  const app = await buildApp({ config, database, logStream: watch.stream, webRoot });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    app,
    database,
    config,
    dataDir,
    expectServerErrors: (count) => void watch.expect(count),
  };
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A JSON call to the app's API as a user (null: anonymous), e.g.
 * `call(staff, 'POST', 'staff/questions/', body)`: the one shape most route tests need.
 */
export const apiCaller =
  (app: App) =>
  (
    user: { headers: Record<string, string> } | null,
    method: ApiMethod,
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `/api/${url}`,
      headers: user?.headers ?? {},
      ...(payload ? { payload } : {}),
    });

/** Puts the real clock back after each test of a file whose tests move `clock.now`. */
export function restoreClockAfterEach(): void {
  const realNow = clock.now;
  afterEach(() => {
    clock.now = realNow;
  });
}
