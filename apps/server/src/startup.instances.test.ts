import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './db/client';
import { startServer, type Running } from '../test/processes';
import { createServerDatabase } from '../test/server-database';

/**
 * Decision 041: instances that start at once on an empty PostgreSQL database take turns on an
 * advisory lock, so the migrations and the demo bank are applied once; WORKERS=N runs one server
 * process per worker on one port.
 */
const journal = JSON.parse(
  fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };

const running: Running[] = [];
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const run of running) if (run.process.exitCode === null) run.process.kill('SIGKILL');
  for (const drop of dropped) await drop();
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-startup-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function emptyDatabase(): Promise<string> {
  const created = await createServerDatabase({ migrated: false });
  dropped.push(created.drop);
  return created.url;
}

async function scalar(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(sql)).rows[0].n);
  } finally {
    await client.end();
  }
}

describe('start-up of several instances', () => {
  it('two instances starting at once on an empty database migrate it once and load one demo bank', async () => {
    const url = await emptyDatabase();
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      DEMO_BANK: 'on',
      MEDIA_SIGNING_KEY: 'k'.repeat(40),
    };
    const [one, two] = await Promise.all([startServer(env), startServer(env)]);
    running.push(one, two);
    const migrations = await scalar(url, 'select count(*) as n from drizzle.__drizzle_migrations');
    expect(migrations).toBe(journal.entries.length);
    const modules = await scalar(url, 'select count(*) as n from modules');
    const byName = await scalar(url, 'select count(distinct name) as n from modules');
    expect(modules).toBeGreaterThan(0);
    expect(modules).toBe(byName); // not loaded twice
    for (const run of [one, two]) {
      run.process.kill('SIGTERM');
      expect(await run.exited).toEqual({ code: 0, signal: null });
      expect(run.output()).not.toMatch(/error/i);
    }
  }, 240_000);

  it('WORKERS=2 runs two server processes on one port and stops them on SIGTERM', async () => {
    const url = await emptyDatabase();
    const server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir, WORKERS: '2' });
    running.push(server);
    const children = () =>
      execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.process.pid)], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.trim()).length;
    // The port answers as soon as the first worker listens; the second follows.
    const deadline = Date.now() + 60_000;
    while (!server.output().includes('(2 workers)') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.output()).toContain('QBank is ready');
    expect(children(), server.output()).toBe(2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${server.url}/api/health/`).then((r) => r.status)),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    server.process.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 120_000);

  it('WORKERS=2 exits with an error when its workers cannot start (no such database)', async () => {
    const missing = new URL(await emptyDatabase());
    missing.pathname = '/qbank_no_such_database';
    await expect(
      startServer({ DATABASE_URL: missing.toString(), DATA_DIR: dataDir, WORKERS: '2' }),
    ).rejects.toThrow(/the server exited at start:[\s\S]*could not start/);
  }, 60_000);

  it('refuses WORKERS above 1 on the embedded database, naming the variable', async () => {
    await expect(
      startServer({ DATABASE_URL: undefined, DATA_DIR: dataDir, WORKERS: '2' }),
    ).rejects.toThrow(/WORKERS: more than one worker needs a PostgreSQL server/);
  });
});
