import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildModule, buildUser } from '../../../test/factories';
import { setupTestApp } from '../../../test/helper';
import { purchases } from '../../db/schema/index';
import { buildPlan, buy, type Headers } from '../../../test/factories';

const { app, database } = await setupTestApp();
const db = database.db;
const DAY = 24 * 60 * 60 * 1000;
const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };

const staff = await buildUser(db, { isStaff: true });
const inject = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers?: Headers,
  payload?: object,
) => app.inject({ method, url, headers, payload });

/** A learner with one pending purchase of a new plan. */
async function pendingPurchase(planOverrides: Parameters<typeof buildPlan>[1] = {}) {
  const learner = await buildUser(db);
  const plan = await buildPlan(db, planOverrides);
  const res = await buy(app, learner.headers, {
    plan: String(plan.id),
    payment_reference: 'TRX-42',
  });
  expect(res.statusCode).toBe(201);
  return { learner, plan, purchase: res.json() as { id: number } };
}

describe('staff routes refuse learners and anonymous callers', () => {
  it.each([
    ['GET', '/api/staff/purchases/'],
    ['POST', '/api/staff/purchases/1/approve/'],
    ['POST', '/api/staff/purchases/1/reject/'],
    ['POST', '/api/staff/plans/'],
    ['PATCH', '/api/staff/plans/1/'],
  ] as const)(
    '%s %s: 403 to a learner (even with a bad body), 401 anonymous',
    async (method, url) => {
      const learner = await buildUser(db);
      const res = await inject(
        method,
        url,
        learner.headers,
        method === 'GET' ? undefined : { bad: true },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
      const anonymous = await inject(method, url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    },
  );
});

describe('GET /api/staff/purchases/', () => {
  it('pages through pending purchases, oldest first, with the buyer', async () => {
    const first = await pendingPurchase();
    const second = await pendingPurchase();
    const res = await inject(
      'GET',
      '/api/staff/purchases/?status=pending&page_size=100',
      staff.headers,
    );
    expect(res.statusCode).toBe(200);
    const ids = res.json().results.map((p: { id: number }) => p.id);
    expect(ids.indexOf(first.purchase.id)).toBeLessThan(ids.indexOf(second.purchase.id));
    const item = res.json().results.find((p: { id: number }) => p.id === first.purchase.id);
    expect(item).toMatchObject({
      status: 'pending',
      payment_reference: 'TRX-42',
      plan: { id: first.plan.id },
      decided_at: null,
      user: {
        id: first.learner.user.id,
        email: first.learner.user.email,
        first_name: 'Test',
        last_name: 'User',
      },
    });
    expect(item.receipt).toMatch(/^\/media\/receipts\//);

    const page = await inject(
      'GET',
      '/api/staff/purchases/?status=pending&page_size=1',
      staff.headers,
    );
    expect(page.json()).toMatchObject({
      count: ids.length,
      previous: null,
      next: 'http://testserver/api/staff/purchases/?status=pending&page_size=1&page=2',
    });
    expect(page.json().results).toHaveLength(1);
  });

  it('finds purchases by e-mail or payment reference', async () => {
    const { learner, purchase } = await pendingPurchase();
    const res = await inject(
      'GET',
      `/api/staff/purchases/?search=${encodeURIComponent(learner.user.email)}`,
      staff.headers,
    );
    expect(res.json().results.map((p: { id: number }) => p.id)).toEqual([purchase.id]);
    const none = await inject(
      'GET',
      '/api/staff/purchases/?search=no-such-reference%25',
      staff.headers,
    );
    expect(none.json()).toMatchObject({ count: 0, results: [] });
  });

  it('rejects an unknown status and a page past the end', async () => {
    const bad = await inject('GET', '/api/staff/purchases/?status=paid', staff.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      status: ['Select a valid choice. paid is not one of the available choices.'],
    });
    const past = await inject('GET', '/api/staff/purchases/?page=999', staff.headers);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
  });
});

describe('approving and rejecting', () => {
  it('approval starts the purchase now for the plan’s duration and opens its modules', async () => {
    const cardio = await buildModule(db);
    const { learner, plan, purchase } = await pendingPurchase({
      durationDays: 30,
      moduleIds: [cardio.id],
    });
    const before = await inject('GET', '/api/check_sub/', learner.headers);
    expect(before.json().has_subscription).toBe(false);

    const res = await inject('POST', `/api/staff/purchases/${purchase.id}/approve/`, staff.headers);
    expect(res.statusCode).toBe(200);
    const approved = res.json();
    expect(approved.status).toBe('active');
    expect(Math.abs(Date.parse(approved.starts_at) - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(approved.ends_at) - Date.parse(approved.starts_at)).toBe(30 * DAY);
    expect(approved.decided_at).toBe(approved.starts_at);

    expect((await inject('GET', '/api/check_sub/', learner.headers)).json()).toEqual({
      has_subscription: true,
      expires_at: approved.ends_at,
      plan: { id: plan.id, name: plan.name },
      modules: [cardio.id],
      free_questions_per_course: app.config.freeQuestionsPerCourse,
    });
    const mine = (
      await inject('GET', '/api/mysubscriptions/?is_archived=false', learner.headers)
    ).json();
    expect(mine[0]).toMatchObject({ id: purchase.id, status: 'active', ends_at: approved.ends_at });

    const again = await inject(
      'POST',
      `/api/staff/purchases/${purchase.id}/approve/`,
      staff.headers,
      {},
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      non_field_errors: ['Only a pending purchase can be approved or rejected.'],
    });
    const reject = await inject(
      'POST',
      `/api/staff/purchases/${purchase.id}/reject/`,
      staff.headers,
      {
        staff_note: 'Too late',
      },
    );
    expect(reject.statusCode).toBe(400);
  });

  it('a plan edited after the purchase changes neither the price shown nor what approval grants', async () => {
    const [cardio, neuro] = [await buildModule(db), await buildModule(db)];
    const { learner, plan, purchase } = await pendingPurchase({
      price: '900.00',
      currency: 'DZD',
      durationDays: 30,
      moduleIds: [cardio.id],
    });
    const edit = await inject('PATCH', `/api/staff/plans/${plan.id}/`, staff.headers, {
      price: '990.00',
      duration_days: 90,
      modules: [neuro.id],
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const bought = { price: '900.00', currency: 'DZD', duration_days: 30, all_modules: false };
    const queue = await inject(
      'GET',
      '/api/staff/purchases/?status=pending&page_size=100',
      staff.headers,
    );
    const card = queue.json().results.find((p: { id: number }) => p.id === purchase.id);
    expect(card.plan).toMatchObject({ ...bought, modules: [{ id: cardio.id, name: cardio.name }] });

    const res = await inject('POST', `/api/staff/purchases/${purchase.id}/approve/`, staff.headers);
    expect(res.statusCode).toBe(200);
    const approved = res.json();
    expect(Date.parse(approved.ends_at) - Date.parse(approved.starts_at)).toBe(30 * DAY);
    expect(approved.plan).toMatchObject(bought);
    const access = (await inject('GET', '/api/check_sub/', learner.headers)).json();
    expect(access.modules).toEqual([cardio.id]);
    const mine = (await inject('GET', '/api/mysubscriptions/', learner.headers)).json();
    expect(mine[0].plan).toMatchObject(bought);
  });

  it('approval keeps an optional note for the learner', async () => {
    const { purchase } = await pendingPurchase();
    const res = await inject(
      'POST',
      `/api/staff/purchases/${purchase.id}/approve/`,
      staff.headers,
      {
        staff_note: ' Welcome! ',
      },
    );
    expect(res.json()).toMatchObject({ status: 'active', staff_note: 'Welcome!' });
  });

  it('rejection needs a note, which the learner sees', async () => {
    const { learner, purchase } = await pendingPurchase();
    const url = `/api/staff/purchases/${purchase.id}/reject/`;
    const missing = await inject('POST', url, staff.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ staff_note: ['This field is required.'] });
    const blank = await inject('POST', url, staff.headers, { staff_note: '   ' });
    expect(blank.json()).toEqual({ staff_note: ['This field may not be blank.'] });

    const res = await inject('POST', url, staff.headers, {
      staff_note: 'No payment received for TRX-42.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', starts_at: null, ends_at: null });
    const mine = (await inject('GET', '/api/mysubscriptions/', learner.headers)).json();
    expect(mine[0]).toMatchObject({
      status: 'rejected',
      staff_note: 'No payment received for TRX-42.',
    });
    expect((await inject('GET', '/api/check_sub/', learner.headers)).json().has_subscription).toBe(
      false,
    );
    // Rejected: the learner may try again with the same plan.
    const plan = mine[0].plan.id;
    expect(
      (await buy(app, learner.headers, { plan: String(plan), payment_reference: 'TRX-43' }))
        .statusCode,
    ).toBe(201);
  });

  it('answers 404 for an unknown purchase and for a bad id', async () => {
    const res = await inject('POST', '/api/staff/purchases/999999/approve/', staff.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    const reject = await inject('POST', '/api/staff/purchases/999999/reject/', staff.headers, {
      staff_note: 'x',
    });
    expect(reject.statusCode).toBe(404);
    const bad = await inject('POST', '/api/staff/purchases/abc/approve/', staff.headers);
    // A path id that is not an id names no object (issue 17): 404, decided before the database.
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ detail: 'Not found.' });
  });

  it('filters by the computed status: active and expired', async () => {
    const { purchase } = await pendingPurchase();
    await inject('POST', `/api/staff/purchases/${purchase.id}/approve/`, staff.headers);
    const ids = async (status: string) =>
      (await inject('GET', `/api/staff/purchases/?status=${status}&page_size=100`, staff.headers))
        .json()
        .results.map((p: { id: number }) => p.id);
    expect(await ids('active')).toContain(purchase.id);
    expect(await ids('expired')).not.toContain(purchase.id);
    const now = Date.now();
    await db
      .update(purchases)
      .set({ startsAt: new Date(now - 60 * DAY), endsAt: new Date(now - 30 * DAY) })
      .where(eq(purchases.id, purchase.id));
    expect(await ids('active')).not.toContain(purchase.id);
    expect(await ids('expired')).toContain(purchase.id);
    expect(await ids('pending')).not.toContain(purchase.id);
  });
});

describe('POST /api/staff/plans/', () => {
  it('creates a plan, normalising price and currency', async () => {
    const [m1, m2] = [
      await buildModule(db, { name: 'Cardiology' }),
      await buildModule(db, { name: 'Neurology' }),
    ];
    const res = await inject('POST', '/api/staff/plans/', staff.headers, {
      name: ' Residency pack ',
      description: 'Two modules',
      price: '1500.5',
      currency: 'dzd',
      duration_days: 90,
      modules: [m2.id, m1.id, m2.id],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Residency pack',
      description: 'Two modules',
      price: '1500.50',
      currency: 'DZD',
      duration_days: 90,
      all_modules: false,
      modules: [
        { id: m1.id, name: 'Cardiology' },
        { id: m2.id, name: 'Neurology' },
      ],
      is_archived: false,
    });
    const listed = (await inject('GET', '/api/subs/?is_archived=false', staff.headers)).json();
    expect(listed.map((p: { id: number }) => p.id)).toContain(res.json().id);
  });

  it('creates an all-modules plan from a numeric price', async () => {
    const res = await inject('POST', '/api/staff/plans/', staff.headers, {
      name: 'Everything',
      price: 20,
      currency: 'EUR',
      duration_days: 365,
      all_modules: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: '20.00', all_modules: true, modules: [] });
  });

  const valid = { name: 'P', price: '10', currency: 'EUR', duration_days: 30, all_modules: true };
  it.each([
    ['no fields', {}, ['name', 'price', 'currency', 'duration_days']],
    ['a blank name', { ...valid, name: ' ' }, { name: ['This field may not be blank.'] }],
    [
      'a price with 3 decimals',
      { ...valid, price: '1.234' },
      { price: ['Ensure that there are no more than 2 decimal places.'] },
    ],
    [
      'a negative price',
      { ...valid, price: -1 },
      { price: ['Ensure this value is greater than or equal to 0.'] },
    ],
    ['a text price', { ...valid, price: 'free' }, { price: ['A valid number is required.'] }],
    [
      'a huge price',
      { ...valid, price: '123456789' },
      { price: ['Ensure that there are no more than 8 digits before the decimal point.'] },
    ],
    [
      'a bad currency',
      { ...valid, currency: 'EURO' },
      { currency: ['Enter a 3-letter ISO 4217 currency code, e.g. "EUR".'] },
    ],
    [
      'zero days',
      { ...valid, duration_days: 0 },
      { duration_days: ['Ensure this value is greater than or equal to 1.'] },
    ],
    [
      'fractional days',
      { ...valid, duration_days: 1.5 },
      { duration_days: ['A valid integer is required.'] },
    ],
    [
      'too many days',
      { ...valid, duration_days: 4000 },
      { duration_days: ['Ensure this value is less than or equal to 3650.'] },
    ],
    [
      'no modules',
      { ...valid, all_modules: false },
      { modules: ['Choose at least one module, or open all modules.'] },
    ],
    [
      'an unknown module',
      { ...valid, modules: [999999] },
      { modules: ['Invalid pk "999999" - object does not exist.'] },
    ],
    [
      'a module list of text',
      { ...valid, modules: 'all' },
      { modules: ['Expected a list of items.'] },
    ],
  ])('answers 400 for %s', async (_name, body, errors) => {
    const res = await inject('POST', '/api/staff/plans/', staff.headers, body);
    expect(res.statusCode).toBe(400);
    if (Array.isArray(errors)) {
      expect(Object.keys(res.json()).sort()).toEqual([...errors].sort());
      for (const field of errors) expect(res.json()[field]).toEqual(['This field is required.']);
    } else {
      expect(res.json()).toEqual(errors);
    }
  });
});

describe('PATCH /api/staff/plans/{id}/', () => {
  it('edits fields, replaces modules and archives a plan', async () => {
    const [m1, m2] = [await buildModule(db), await buildModule(db)];
    const plan = await buildPlan(db, { moduleIds: [m1.id] });
    const url = `/api/staff/plans/${plan.id}/`;
    const res = await inject('PATCH', url, staff.headers, { price: '9.99', modules: [m2.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price: '9.99', name: plan.name, modules: [{ id: m2.id }] });

    const archived = await inject('PATCH', url, staff.headers, { is_archived: true });
    expect(archived.json()).toMatchObject({ is_archived: true, modules: [{ id: m2.id }] });
    const learner = await buildUser(db);
    const offered = (await inject('GET', '/api/subs/?is_archived=false', learner.headers)).json();
    expect(offered.map((p: { id: number }) => p.id)).not.toContain(plan.id);
    const refused = await buy(app, learner.headers, {
      plan: String(plan.id),
      payment_reference: 'X',
    });
    expect(refused.json()).toEqual({ plan: ['This plan is no longer available.'] });
  });

  it('keeps a plan opening something', async () => {
    const plan = await buildPlan(db, { allModules: true });
    const url = `/api/staff/plans/${plan.id}/`;
    const res = await inject('PATCH', url, staff.headers, { all_modules: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ modules: ['Choose at least one module, or open all modules.'] });
    const module = await buildModule(db);
    const ok = await inject('PATCH', url, staff.headers, {
      all_modules: false,
      modules: [module.id],
    });
    expect(ok.json()).toMatchObject({ all_modules: false, modules: [{ id: module.id }] });
  });

  it('validates like create and answers 404 for an unknown plan', async () => {
    const plan = await buildPlan(db);
    const bad = await inject('PATCH', `/api/staff/plans/${plan.id}/`, staff.headers, {
      duration_days: 'long',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ duration_days: ['A valid integer is required.'] });
    const missing = await inject('PATCH', '/api/staff/plans/999999/', staff.headers, { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
  });
});
