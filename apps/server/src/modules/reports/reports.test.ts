import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildQuestion, buildUser } from '../../../test/factories';

const { app, database } = await setupTestApp();
const db = database.db;

async function report(headers: Record<string, string>, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/rports/', headers, payload: body });
}

describe('POST /api/rports/', () => {
  it('creates an open report on a question', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    const res = await report(headers, {
      question: question.id,
      reason: 'typo',
      message: 'Choice B: "hart"',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      question: question.id,
      reason: 'typo',
      message: 'Choice B: "hart"',
      status: 'open',
      staff_answer: '',
    });
    expect(typeof res.json().id).toBe('number');
  });

  it('defaults the message to empty', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    const res = await report(headers, { question: question.id, reason: 'outdated' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('');
  });

  it('answers 401 without a token, before validating', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/rports/', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('validates every field with DRF messages', async () => {
    const { headers } = await buildUser(db);
    const missing = await report(headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      question: ['This field is required.'],
      reason: ['This field is required.'],
    });
    const bad = await report(headers, {
      question: 'abc',
      reason: 'boring',
      message: 'x'.repeat(2001),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      question: ['A valid integer is required.'],
      reason: ['"boring" is not a valid choice.'],
      message: ['Ensure this field has no more than 2000 characters.'],
    });
  });

  it('refuses an unknown question', async () => {
    const { headers } = await buildUser(db);
    const res = await report(headers, { question: 999999, reason: 'typo' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ question: ['Invalid pk "999999" - object does not exist.'] });
  });

  it('refuses an unpublished question like an unknown one', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db, { isPublished: false });
    const res = await report(headers, { question: question.id, reason: 'typo' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      question: [`Invalid pk "${question.id}" - object does not exist.`],
    });
  });

  it('refuses a second open report of the same question by the same user', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    expect((await report(headers, { question: question.id, reason: 'typo' })).statusCode).toBe(201);
    const again = await report(headers, { question: question.id, reason: 'other' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      non_field_errors: ['You already have an open report on this question.'],
    });
    const other = await buildUser(db);
    expect(
      (await report(other.headers, { question: question.id, reason: 'typo' })).statusCode,
    ).toBe(201);
  });
});

describe('GET /api/rports/ and /api/rports/{id}/', () => {
  it("lists only the caller's reports, newest first, filtered by status and paginated", async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const q = await buildQuestion(db);
      ids.push((await report(me.headers, { question: q.id, reason: 'typo' })).json().id);
    }
    const q = await buildQuestion(db);
    await report(other.headers, { question: q.id, reason: 'typo' });

    const res = await app.inject({
      method: 'GET',
      url: '/api/rports/?page_size=2',
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.results.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(body.next).toBe('http://testserver/api/rports/?page_size=2&page=2');
    expect(body.previous).toBeNull();

    const resolved = await app.inject({
      method: 'GET',
      url: '/api/rports?status=resolved',
      headers: me.headers,
    });
    expect(resolved.json()).toEqual({ count: 0, next: null, previous: null, results: [] });

    const past = await app.inject({
      method: 'GET',
      url: '/api/rports/?page=3&page_size=2',
      headers: me.headers,
    });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });

    const badStatus = await app.inject({
      method: 'GET',
      url: '/api/rports/?status=closed',
      headers: me.headers,
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toEqual({ status: ['"closed" is not a valid choice.'] });
  });

  it("answers one's own report and 404 for another user's or an unknown id", async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const q = await buildQuestion(db);
    const id = (await report(me.headers, { question: q.id, reason: 'duplicate' })).json().id;
    const mine = await app.inject({
      method: 'GET',
      url: `/api/rports/${id}/`,
      headers: me.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id, reason: 'duplicate' });
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/rports/${id}/`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Not found.' });
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/rports/999999/',
      headers: me.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const notAnId = await app.inject({
      method: 'GET',
      url: '/api/rports/abc/',
      headers: me.headers,
    });
    // A path id that is not an id names no object (issue 17): 404, decided before the database.
    expect(notAnId.statusCode).toBe(404);
  });
});

describe('PATCH /api/rports/{id}/', () => {
  it('lets the owner edit reason and message while open, and not after', async () => {
    const me = await buildUser(db);
    const staff = await buildUser(db, { isStaff: true });
    const q = await buildQuestion(db);
    const id = (await report(me.headers, { question: q.id, reason: 'typo', message: 'a' })).json()
      .id;

    const res = await app.inject({
      method: 'PATCH',
      url: `/api/rports/${id}/`,
      headers: me.headers,
      payload: { reason: 'wrong_answer', message: 'B is right', status: 'resolved' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      reason: 'wrong_answer',
      message: 'B is right',
      status: 'open',
    });

    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/rports/${id}/`,
      headers: me.headers,
      payload: { reason: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ reason: ['"nope" is not a valid choice.'] });

    await app.inject({
      method: 'PATCH',
      url: `/api/staff/reports/${id}/`,
      headers: staff.headers,
      payload: { status: 'resolved', staff_answer: 'Fixed.' },
    });
    const closed = await app.inject({
      method: 'PATCH',
      url: `/api/rports/${id}/`,
      headers: me.headers,
      payload: { message: 'again' },
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toEqual({ non_field_errors: ['Only open reports can be edited.'] });
  });

  it('answers an empty PATCH with the report unchanged', async () => {
    const me = await buildUser(db);
    const q = await buildQuestion(db);
    const created = (
      await report(me.headers, { question: q.id, reason: 'typo', message: 'a' })
    ).json();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/rports/${created.id}/`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
  });

  it("answers 404 for another user's report and leaves it unchanged", async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const q = await buildQuestion(db);
    const id = (await report(me.headers, { question: q.id, reason: 'typo', message: 'a' })).json()
      .id;
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/rports/${id}/`,
      headers: other.headers,
      payload: { message: 'hijacked' },
    });
    expect(res.statusCode).toBe(404);
    const mine = await app.inject({
      method: 'GET',
      url: `/api/rports/${id}/`,
      headers: me.headers,
    });
    expect(mine.json().message).toBe('a');
  });
});

describe('POST /api/rports/bulk_delete', () => {
  it("deletes the caller's reports among ids and ignores others'", async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const mine: number[] = [];
    for (let i = 0; i < 3; i++) {
      const q = await buildQuestion(db);
      mine.push((await report(me.headers, { question: q.id, reason: 'typo' })).json().id);
    }
    const q = await buildQuestion(db);
    const theirs = (await report(other.headers, { question: q.id, reason: 'typo' })).json().id;

    const res = await app.inject({
      method: 'POST',
      url: '/api/rports/bulk_delete',
      headers: me.headers,
      payload: { ids: [mine[0], mine[1], mine[1], theirs, 999999] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    const left = await app.inject({ method: 'GET', url: '/api/rports/', headers: me.headers });
    expect(left.json().results.map((r: { id: number }) => r.id)).toEqual([mine[2]]);
    const still = await app.inject({
      method: 'GET',
      url: `/api/rports/${theirs}/`,
      headers: other.headers,
    });
    expect(still.statusCode).toBe(200);

    const slash = await app.inject({
      method: 'POST',
      url: '/api/rports/bulk_delete/',
      headers: me.headers,
      payload: { ids: [mine[2]] },
    });
    expect(slash.json()).toEqual({ deleted: 1 });
  });

  it('validates ids', async () => {
    const { headers } = await buildUser(db);
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { ids: ['This field is required.'] }],
      [{ ids: [] }, { ids: ['This list may not be empty.'] }],
      [{ ids: 'x' }, { ids: ['Expected a list of items.'] }],
      [{ ids: ['a'] }, { 'ids.0': ['A valid integer is required.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/rports/bulk_delete',
        headers,
        payload: payload as object,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
  });
});

describe('staff reports', () => {
  it('answers 403 to learners and 401 to anonymous callers', async () => {
    const learner = await buildUser(db);
    for (const [method, url] of [
      ['GET', '/api/staff/reports/'],
      ['GET', '/api/staff/reports/1/'],
      ['PATCH', '/api/staff/reports/1/'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: learner.headers,
        payload: method === 'PATCH' ? {} : undefined,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
      const anon = await app.inject({ method, url });
      expect(anon.statusCode).toBe(401);
    }
  });

  it('lists reports with question summary and reporter e-mail, then resolves one', async () => {
    const staff = await buildUser(db, { isStaff: true });
    const reporter = await buildUser(db);
    const q = await buildQuestion(db, { stem: 'x'.repeat(300) });
    const id = (
      await report(reporter.headers, { question: q.id, reason: 'wrong_answer', message: 'C' })
    ).json().id;

    const list = await app.inject({
      method: 'GET',
      url: '/api/staff/reports/?status=open&page_size=100',
      headers: staff.headers,
    });
    expect(list.statusCode).toBe(200);
    const item = list.json().results.find((r: { id: number }) => r.id === id);
    expect(item).toMatchObject({
      id,
      question: q.id,
      status: 'open',
      reporter_email: reporter.user.email,
      question_summary: { id: q.id, stem: 'x'.repeat(200), course: q.courseId },
    });
    expect(typeof item.question_summary.course_name).toBe('string');

    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/staff/reports/${id}/`,
      headers: staff.headers,
      payload: { status: 'rejected', staff_answer: 'C is wrong; see the 2019 guideline.' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({
      id,
      status: 'rejected',
      staff_answer: 'C is wrong; see the 2019 guideline.',
    });

    const seen = await app.inject({
      method: 'GET',
      url: `/api/rports/${id}/`,
      headers: reporter.headers,
    });
    expect(seen.json()).toMatchObject({
      status: 'rejected',
      staff_answer: 'C is wrong; see the 2019 guideline.',
    });
    const open = await app.inject({
      method: 'GET',
      url: '/api/staff/reports/?status=open&page_size=100',
      headers: staff.headers,
    });
    expect(open.json().results.some((r: { id: number }) => r.id === id)).toBe(false);
  });

  it('validates the staff update and answers 404 for an unknown report', async () => {
    const staff = await buildUser(db, { isStaff: true });
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/staff/reports/1/',
      headers: staff.headers,
      payload: { status: 'open' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: ['"open" is not a valid choice.'] });
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/staff/reports/999999/',
      headers: staff.headers,
      payload: { status: 'resolved' },
    });
    expect(missing.statusCode).toBe(404);
    const get = await app.inject({
      method: 'GET',
      url: '/api/staff/reports/999999/',
      headers: staff.headers,
    });
    expect(get.statusCode).toBe(404);
  });

  it('documents the routes in the OpenAPI schema', async () => {
    const schema = (await app.inject({ method: 'GET', url: '/api/schema/' })).json();
    expect(Object.keys(schema.paths)).toEqual(
      expect.arrayContaining([
        '/api/rports/',
        '/api/rports/{id}/',
        '/api/rports/bulk_delete',
        '/api/staff/reports/',
      ]),
    );
  });
});
