import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../../test/processes';

/**
 * Issue 17: the embedded database has one owner. An operator command beside the running app on
 * the same DATA_DIR refuses and writes nothing; a lock left by a killed process does not block
 * the next start. Always PGlite (DATABASE_URL removed): there is no lock on a PostgreSQL server.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-lock-'));
const env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const busy = `The app is running on ${dataDir}: stop it first, or use the API.`;

async function login(url: string, email: string, password: string) {
  const res = await fetch(`${url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe('the lock on DATA_DIR', () => {
  it('refuses a second process while the app runs, and lets it in once the app stops', async () => {
    const password = 'Violet-Harbour-917';
    const server = await startServer(env);
    try {
      for (const args of [
        ['create-admin', '--email', 'beside@example.com', '--password', password],
        ['migrate'],
      ]) {
        const run = await runCli(args, env);
        expect(run.code, run.output).toBe(1);
        expect(run.output).toContain(`Using the embedded database in ${dataDir}.`);
        expect(run.output).toContain(busy);
      }
      // A second server refuses too, before it listens.
      await expect(startServer(env)).rejects.toThrow(busy);
      expect(await login(server.url, 'beside@example.com', password)).toBe(400);
    } finally {
      server.process.kill('SIGTERM');
      expect((await server.exited).code, server.output()).toBe(0);
    }

    const after = await runCli(
      ['create-admin', '--email', 'after@example.com', '--password', password],
      env,
    );
    expect(after.code, after.output).toBe(0);
    expect(after.output).toContain(
      `Staff user after@example.com created in the embedded database in ${dataDir}.`,
    );

    // A killed app leaves its lock behind: the next start takes it over at once.
    const killed = await startServer(env);
    killed.process.kill('SIGKILL');
    await killed.exited;
    expect(fs.existsSync(path.join(dataDir, 'qbank.lock'))).toBe(true);
    const next = await startServer(env);
    try {
      expect(await login(next.url, 'after@example.com', password)).toBe(200);
      expect(await login(next.url, 'beside@example.com', password)).toBe(400);
    } finally {
      next.process.kill('SIGTERM');
      expect((await next.exited).code, next.output()).toBe(0);
    }
    expect(fs.existsSync(path.join(dataDir, 'qbank.lock'))).toBe(false);
  }, 180_000);
});
