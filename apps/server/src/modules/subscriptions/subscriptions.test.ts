import { termsOf } from './subscriptions.repository';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildModule, buildUser } from '../../../test/factories';
import { setupTestApp } from '../../../test/helper';
import { buildApp } from '../../app';
import { purchases } from '../../db/schema/index';
import { INVALID_IMAGE } from '../../lib/images';
import type { Storage } from '../../lib/storage';
import { buildPlan, buy } from '../../../test/factories';
import { pngImage } from '../../../test/uploads';

const { app, database, config } = await setupTestApp();
const db = database.db;
const DAY = 24 * 60 * 60 * 1000;

const get = (url: string, headers?: { authorization: string }) =>
  app.inject({ method: 'GET', url, headers });
const fileCount = async () => (await app.storage.list()).length;

describe('GET /api/subs/', () => {
  it('lists plans with their modules, price as text, filtered by is_archived', async () => {
    const { headers } = await buildUser(db);
    const cardio = await buildModule(db, { name: 'Cardiology' });
    const open = await buildPlan(db, { name: 'Cardio', price: '12.5', moduleIds: [cardio.id] });
    const archived = await buildPlan(db, { name: 'Old', isArchived: true });

    const res = await get('/api/subs/?is_archived=false', headers);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { id: number }) => p.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(archived.id);
    expect(res.json().find((p: { id: number }) => p.id === open.id)).toEqual({
      id: open.id,
      name: 'Cardio',
      description: '',
      price: '12.50',
      currency: 'EUR',
      duration_days: 30,
      all_modules: false,
      modules: [{ id: cardio.id, name: 'Cardiology' }],
      is_archived: false,
    });

    const onlyArchived = await get('/api/subs/?is_archived=true', headers);
    expect(onlyArchived.json().map((p: { id: number }) => p.id)).toEqual([archived.id]);
    for (const url of ['/api/subs/', '/api/subs/?is_archived=']) {
      const all = (await get(url, headers)).json().map((p: { id: number }) => p.id);
      expect(all).toEqual(expect.arrayContaining([open.id, archived.id]));
    }
  });

  it('rejects a bad is_archived value and anonymous callers', async () => {
    const { headers } = await buildUser(db);
    const bad = await get('/api/subs/?is_archived=maybe', headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ is_archived: ['Must be true or false.'] });
    const anonymous = await get('/api/subs/?is_archived=false');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('POST /api/buysubscription/', () => {
  it('creates a pending purchase with a re-encoded receipt', async () => {
    const { headers } = await buildUser(db);
    const plan = await buildPlan(db);
    const before = await fileCount();
    const res = await buy(app, headers, { plan: String(plan.id), payment_reference: ' TRX-001 ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      plan: { id: plan.id, name: plan.name, price: '12.00' },
      payment_reference: 'TRX-001',
      status: 'pending',
      staff_note: '',
      starts_at: null,
      ends_at: null,
      is_archived: false,
    });
    expect(body.receipt).toMatch(
      /^\/media\/receipts\/[0-9a-f-]+\.png\?expires=\d+&signature=[\w-]+$/,
    );
    expect(Date.now() - Date.parse(body.created_at)).toBeLessThan(60_000);
    expect(await fileCount()).toBe(before + 1);
    const served = await app.inject({ method: 'GET', url: body.receipt });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses a second pending purchase of the same plan, but not of another plan', async () => {
    const { headers } = await buildUser(db);
    const plan = await buildPlan(db);
    const other = await buildPlan(db);
    expect(
      (await buy(app, headers, { plan: String(plan.id), payment_reference: 'A' })).statusCode,
    ).toBe(201);
    const before = await fileCount();
    const again = await buy(app, headers, { plan: String(plan.id), payment_reference: 'B' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      plan: ['You already have a pending purchase of this plan; wait for it to be reviewed.'],
    });
    expect(await fileCount()).toBe(before);
    expect(
      (await buy(app, headers, { plan: String(other.id), payment_reference: 'C' })).statusCode,
    ).toBe(201);
  });

  it('serializes concurrent purchases of the same plan: exactly one is created', async () => {
    const { headers } = await buildUser(db);
    const plan = await buildPlan(db);
    const before = await fileCount();
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        buy(app, headers, { plan: String(plan.id), payment_reference: `R${n}` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await fileCount()).toBe(before + 1);
  });

  it.each([
    ['missing plan', { payment_reference: 'X' }, { plan: ['This field is required.'] }],
    [
      'non-numeric plan',
      { plan: 'abc', payment_reference: 'X' },
      { plan: ['Incorrect type. Expected pk value.'] },
    ],
    [
      'unknown plan',
      { plan: '999999', payment_reference: 'X' },
      { plan: ['Invalid pk "999999" - object does not exist.'] },
    ],
    ['missing reference', { plan: 'PLAN' }, { payment_reference: ['This field is required.'] }],
    [
      'blank reference',
      { plan: 'PLAN', payment_reference: '  ' },
      { payment_reference: ['This field may not be blank.'] },
    ],
    [
      'long reference',
      { plan: 'PLAN', payment_reference: 'x'.repeat(201) },
      { payment_reference: ['Ensure this field has no more than 200 characters.'] },
    ],
  ])('answers 400 for a %s and stores nothing', async (_name, fields, errors) => {
    const { headers } = await buildUser(db);
    const plan = await buildPlan(db);
    const resolved = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v === 'PLAN' ? String(plan.id) : v]),
    );
    const before = await fileCount();
    const res = await buy(app, headers, resolved);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
    expect(await fileCount()).toBe(before);
  });

  it('refuses an archived plan', async () => {
    const { headers } = await buildUser(db);
    const plan = await buildPlan(db, { isArchived: true });
    const res = await buy(app, headers, { plan: String(plan.id), payment_reference: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ plan: ['This plan is no longer available.'] });
  });

  it('requires the receipt file', async () => {
    const { headers } = await buildUser(db);
    const plan = await buildPlan(db);
    const res = await buy(app, headers, { plan: String(plan.id), payment_reference: 'X' }, []);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ receipt: ['No file was submitted.'] });
    const json = await app.inject({
      method: 'POST',
      url: '/api/buysubscription/',
      headers,
      payload: { plan: plan.id, payment_reference: 'X' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ receipt: ['No file was submitted.'] });
  });

  it('refuses a text file named .png and leaves no file behind', async () => {
    const { headers } = await buildUser(db);
    const plan = await buildPlan(db);
    const before = await fileCount();
    const res = await buy(app, headers, { plan: String(plan.id), payment_reference: 'X' }, [
      { field: 'receipt', filename: 'receipt.png', data: Buffer.from('not an image at all') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ receipt: [INVALID_IMAGE] });
    expect(await fileCount()).toBe(before);
    const [row] = await db.select().from(purchases).where(eq(purchases.planId, plan.id));
    expect(row).toBeUndefined();
  });

  it('refuses a file over 5 MB with 413 and leaves no file behind', async () => {
    const { headers } = await buildUser(db);
    const plan = await buildPlan(db);
    const before = await fileCount();
    const big = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await buy(app, headers, { plan: String(plan.id), payment_reference: 'X' }, [
      { field: 'receipt', filename: 'big.png', data: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Uploaded file is too large.' });
    expect(await fileCount()).toBe(before);
  });

  it('rolls the purchase back and removes the file when writing the receipt fails', async () => {
    const { headers, user } = await buildUser(db);
    const plan = await buildPlan(db);
    // A disk that fills up halfway through the write.
    const failing: Storage = {
      put: async (key, data) => {
        await app.storage.put(key, data.subarray(0, 10));
        throw new Error('ENOSPC: no space left on device');
      },
      read: (key) => app.storage.read(key),
      delete: (key) => app.storage.delete(key),
      exists: (key) => app.storage.exists(key),
      list: () => app.storage.list(),
      url: (key) => app.storage.url(key),
    };
    const broken = await buildApp({ config, database, storage: failing });
    try {
      const before = await fileCount();
      const res = await buy(broken, headers, { plan: String(plan.id), payment_reference: 'X' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'A server error occurred.' });
      expect(await fileCount()).toBe(before);
      expect(await db.select().from(purchases).where(eq(purchases.userId, user.id))).toEqual([]);
    } finally {
      await broken.close();
    }
  });

  it('answers 401 to anonymous callers', async () => {
    const plan = await buildPlan(db);
    const res = await buy(
      app,
      { authorization: '' },
      { plan: String(plan.id), payment_reference: 'X' },
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('GET and PATCH /api/mysubscriptions/', () => {
  it('lists only the caller’s purchases, newest first, with their status', async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const first = await buildPlan(db, { name: 'First' });
    const second = await buildPlan(db, { name: 'Second' });
    const a = (
      await buy(app, me.headers, { plan: String(first.id), payment_reference: 'A' })
    ).json();
    const b = (
      await buy(app, me.headers, { plan: String(second.id), payment_reference: 'B' })
    ).json();
    await buy(app, other.headers, { plan: String(first.id), payment_reference: 'O' });

    const res = await get('/api/mysubscriptions/?is_archived=false', me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([b.id, a.id]);
    expect(res.json()[0]).toEqual(b);
  });

  it('computes active and expired from the dates of an approved purchase', async () => {
    const me = await buildUser(db);
    const plan = await buildPlan(db);
    const bought = (
      await buy(app, me.headers, { plan: String(plan.id), payment_reference: 'A' })
    ).json();
    const now = Date.now();
    await db
      .update(purchases)
      .set({ status: 'approved', startsAt: new Date(now - 10 * DAY), endsAt: new Date(now + DAY) })
      .where(eq(purchases.id, bought.id));
    expect((await get('/api/mysubscriptions/', me.headers)).json()[0].status).toBe('active');
    await db
      .update(purchases)
      .set({ startsAt: new Date(now - 40 * DAY), endsAt: new Date(now - 10 * DAY) })
      .where(eq(purchases.id, bought.id));
    const expired = (await get('/api/mysubscriptions/', me.headers)).json()[0];
    expect(expired.status).toBe('expired');
    expect(expired.ends_at).toBe(new Date(now - 10 * DAY).toISOString());
    expect((await get('/api/check_sub/', me.headers)).json().has_subscription).toBe(false);
  });

  it('archives an old purchase so that is_archived=false leaves it out', async () => {
    const me = await buildUser(db);
    const plan = await buildPlan(db);
    const bought = (
      await buy(app, me.headers, { plan: String(plan.id), payment_reference: 'A' })
    ).json();
    const patch = (body: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/mysubscriptions/${bought.id}/`,
        headers: me.headers,
        payload: body,
      });

    const pending = await patch({ is_archived: true });
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toEqual({ is_archived: ['A pending purchase cannot be archived.'] });

    await db.update(purchases).set({ status: 'rejected' }).where(eq(purchases.id, bought.id));
    const res = await patch({ is_archived: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: bought.id, is_archived: true, status: 'rejected' });
    expect((await get('/api/mysubscriptions/?is_archived=false', me.headers)).json()).toEqual([]);
    expect((await get('/api/mysubscriptions/?is_archived=true', me.headers)).json()).toHaveLength(
      1,
    );

    const bad = await patch({ is_archived: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ is_archived: ['Must be a valid boolean.'] });
    const missing = await patch({});
    expect(missing.json()).toEqual({ is_archived: ['This field is required.'] });
  });

  it('answers 404 for another user’s purchase and for an unknown id', async () => {
    const owner = await buildUser(db);
    const stranger = await buildUser(db);
    const plan = await buildPlan(db);
    const bought = (
      await buy(app, owner.headers, { plan: String(plan.id), payment_reference: 'A' })
    ).json();
    await db.update(purchases).set({ status: 'rejected' }).where(eq(purchases.id, bought.id));
    for (const url of [`/api/mysubscriptions/${bought.id}/`, '/api/mysubscriptions/999999/']) {
      const res = await app.inject({
        method: 'PATCH',
        url,
        headers: stranger.headers,
        payload: { is_archived: true },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await get('/api/mysubscriptions/', stranger.headers)).json()).toEqual([]);
  });
});

describe('GET and DELETE /api/mysubscriptions/{id}/, GET /api/subs/{id}/', () => {
  it('shows one purchase and one plan', async () => {
    const me = await buildUser(db);
    const plan = await buildPlan(db, { name: 'Solo' });
    const bought = (
      await buy(app, me.headers, { plan: String(plan.id), payment_reference: 'A' })
    ).json();
    const one = await get(`/api/mysubscriptions/${bought.id}/`, me.headers);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(bought);
    const shown = await get(`/api/subs/${plan.id}/`, me.headers);
    expect(shown.json()).toEqual(bought.plan);
    expect((await get('/api/subs/999999/', me.headers)).statusCode).toBe(404);
    const stranger = await buildUser(db);
    const hidden = await get(`/api/mysubscriptions/${bought.id}/`, stranger.headers);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: 'Not found.' });
  });

  it('cancels a pending purchase with its receipt, so the plan can be bought again', async () => {
    const me = await buildUser(db);
    const stranger = await buildUser(db);
    const plan = await buildPlan(db);
    const bought = (
      await buy(app, me.headers, { plan: String(plan.id), payment_reference: 'Wrong' })
    ).json();
    const remove = (headers: { authorization: string }) =>
      app.inject({ method: 'DELETE', url: `/api/mysubscriptions/${bought.id}/`, headers });
    const before = await fileCount();

    const notMine = await remove(stranger.headers);
    expect(notMine.statusCode).toBe(404);
    const res = await remove(me.headers);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await fileCount()).toBe(before - 1);
    expect((await get('/api/mysubscriptions/', me.headers)).json()).toEqual([]);
    expect((await remove(me.headers)).statusCode).toBe(404);
    expect(
      (await buy(app, me.headers, { plan: String(plan.id), payment_reference: 'Right' }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses to cancel a decided purchase', async () => {
    const me = await buildUser(db);
    const plan = await buildPlan(db);
    const bought = (
      await buy(app, me.headers, { plan: String(plan.id), payment_reference: 'A' })
    ).json();
    await db.update(purchases).set({ status: 'rejected' }).where(eq(purchases.id, bought.id));
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/mysubscriptions/${bought.id}/`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Only a pending purchase can be cancelled.'] });
  });
});

describe('GET /api/check_sub/', () => {
  it('answers no subscription for a new user and for a pending purchase', async () => {
    const me = await buildUser(db);
    const empty = {
      has_subscription: false,
      expires_at: null,
      plan: null,
      modules: [],
      free_questions_per_course: config.freeQuestionsPerCourse,
    };
    expect((await get('/api/check_sub/', me.headers)).json()).toEqual(empty);
    const plan = await buildPlan(db);
    await buy(app, me.headers, { plan: String(plan.id), payment_reference: 'A' });
    expect((await get('/api/check_sub/', me.headers)).json()).toEqual(empty);
    expect((await get('/api/check_sub/')).statusCode).toBe(401);
  });

  it('unites the modules of every active purchase, or answers "all"', async () => {
    const me = await buildUser(db);
    const [m1, m2] = [await buildModule(db), await buildModule(db)];
    const p1 = await buildPlan(db, { name: 'One', moduleIds: [m2.id] });
    const p2 = await buildPlan(db, { name: 'Two', moduleIds: [m1.id, m2.id] });
    const now = Date.now();
    const insert = (plan: typeof p1, moduleIds: number[], endsIn: number) =>
      db.insert(purchases).values({
        userId: me.user.id,
        planId: plan.id,
        ...termsOf(plan, moduleIds),
        status: 'approved',
        startsAt: new Date(now - DAY),
        endsAt: new Date(now + endsIn),
      });
    await insert(p1, [m2.id], 5 * DAY);
    await insert(p2, [m1.id, m2.id], 9 * DAY);
    expect((await get('/api/check_sub/', me.headers)).json()).toEqual({
      has_subscription: true,
      expires_at: new Date(now + 9 * DAY).toISOString(),
      plan: { id: p2.id, name: 'Two' },
      modules: [m1.id, m2.id].sort((a, b) => a - b),
      free_questions_per_course: config.freeQuestionsPerCourse,
    });
    const everything = await buildPlan(db, { name: 'All' });
    await insert(everything, [], 2 * DAY);
    const check = (await get('/api/check_sub/', me.headers)).json();
    expect(check.modules).toBe('all');
    expect(check.plan).toEqual({ id: p2.id, name: 'Two' });
  });
});

describe('OpenAPI', () => {
  it('documents the subscription routes', async () => {
    const paths = (await get('/api/schema/')).json().paths;
    for (const path of [
      '/api/subs/',
      '/api/mysubscriptions/',
      '/api/buysubscription/',
      '/api/check_sub/',
    ]) {
      expect(paths).toHaveProperty([path]);
    }
    expect(paths['/api/buysubscription/'].post.requestBody.content).toHaveProperty([
      'multipart/form-data',
    ]);
  });
});
