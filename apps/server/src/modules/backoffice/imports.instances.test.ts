import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { importJobs } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { startInstances } from '../../../test/instances';
import { formData } from '../../../test/uploads';
import { IMPORT_INTERRUPTED } from './import-jobs';

/**
 * Issue 38: behind the proxy (no sticky sessions) the import page's polls reach any instance, and
 * an instance may die during an import. Two instances on one PostgreSQL database.
 */
const { apps, db } = await startInstances(2);
const [a, b] = apps as [App, App];
const staff = await buildUser(db, { isStaff: true });
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../content/fixtures');

const poll = (app: App, id: string) =>
  app.inject({ method: 'GET', url: `/api/staff/imports/${id}/`, headers: staff.headers });

async function finishedOn(app: App, id: string) {
  for (let i = 0; i < 400; i++) {
    const res = await poll(app, id);
    expect(res.statusCode).toBe(200);
    if (res.json().state !== 'running') return res.json();
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}

describe('import jobs across instances', () => {
  it('started on one instance, its progress and result are answered by the other', async () => {
    const upload = await a.inject({
      method: 'POST',
      url: '/api/staff/imports/',
      headers: staff.headers,
      payload: formData({ module: 'Cardiology', dry_run: 'false' }, [
        ['file', fs.readFileSync(path.join(fixtures, 'valves.aiken.txt')), 'valves.txt'],
      ]),
    });
    expect(upload.statusCode).toBe(202);
    const { job: id, questions } = upload.json();
    expect(await finishedOn(b, id)).toEqual({
      id,
      state: 'done',
      done: questions,
      total: questions,
      created: questions,
      updated: 0,
      error: null,
    });
    expect((await poll(a, id)).json()).toEqual((await poll(b, id)).json());
  });

  it('a job whose instance died is reported failed, with nothing written', async () => {
    const dead = randomUUID();
    const alive = randomUUID();
    await db.insert(importJobs).values([
      {
        id: dead,
        state: 'running',
        total: 40,
        done: 20,
        heartbeatAt: sql`now() - interval '1 minute'`,
      },
      { id: alive, state: 'running', total: 40, done: 20 },
    ]);
    expect((await poll(b, dead)).json()).toMatchObject({
      state: 'failed',
      done: 20,
      error: IMPORT_INTERRUPTED,
    });
    expect((await poll(a, dead)).json().state).toBe('failed');
    // Another instance still beats for this one: it is running, not failed.
    expect((await poll(b, alive)).json()).toMatchObject({ state: 'running', error: null });
  });

  it('answers 404 for a job nobody started', async () => {
    expect((await poll(b, randomUUID())).statusCode).toBe(404);
  });
});
