import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import {
  buildCourse,
  buildModule,
  buildQuestion,
  buildSource,
  buildUser,
} from '../../../test/factories';

const { app, database } = await setupTestApp();
const db = database.db;

describe('/api/favorites/', () => {
  it('marks a module and a course, lists and filters them, and removes one', async () => {
    const { headers } = await buildUser(db);
    const other = await buildUser(db);
    const mod = await buildModule(db);
    const course = await buildCourse(db);
    const m = await app.inject({
      method: 'POST',
      url: '/api/favorites/',
      headers,
      payload: { module: mod.id },
    });
    expect(m.statusCode).toBe(201);
    expect(m.json()).toEqual({
      id: expect.any(Number),
      module: mod.id,
      course: null,
      created_at: expect.any(String),
    });
    const c = await app.inject({
      method: 'POST',
      url: '/api/favorites/',
      headers,
      payload: { course: String(course.id) },
    });
    expect(c.statusCode).toBe(201);
    await app.inject({
      method: 'POST',
      url: '/api/favorites/',
      headers: other.headers,
      payload: { module: mod.id },
    });

    const all = await app.inject({ method: 'GET', url: '/api/favorites/', headers });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual([c.json(), m.json()]);
    const byModule = await app.inject({
      method: 'GET',
      url: `/api/favorites/?module=${mod.id}`,
      headers,
    });
    expect(byModule.json()).toEqual([m.json()]);
    const byCourse = await app.inject({
      method: 'GET',
      url: `/api/favorites?course=${course.id}`,
      headers,
    });
    expect(byCourse.json()).toEqual([c.json()]);

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/favorites/${m.json().id}/`,
      headers,
    });
    expect(del.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/favorites/', headers });
    expect(after.json()).toEqual([c.json()]);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/favorites/${m.json().id}/`,
      headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 400 for a duplicate, an unknown target, both or neither target and bad ids', async () => {
    const { headers } = await buildUser(db);
    const mod = await buildModule(db);
    const course = await buildCourse(db);
    await app.inject({
      method: 'POST',
      url: '/api/favorites/',
      headers,
      payload: { course: course.id },
    });
    const cases: [unknown, Record<string, string[]>][] = [
      [{ course: course.id }, { course: ['This course is already in your favourites.'] }],
      [{ module: 999999 }, { module: ['Invalid pk "999999" - object does not exist.'] }],
      [
        { module: mod.id, course: course.id },
        { non_field_errors: ['Provide exactly one of module or course.'] },
      ],
      [{}, { non_field_errors: ['Provide exactly one of module or course.'] }],
      [{ module: 'x' }, { module: ['A valid integer is required.'] }],
      [{ module: 0 }, { module: ['Invalid pk "0" - object does not exist.'] }],
      [{ module: 1.5 }, { module: ['A valid integer is required.'] }],
      ['text', { non_field_errors: ['Invalid data. Expected a dictionary, but got string.'] }],
    ];
    for (const [payload, body] of cases) {
      const sent = await app.inject({
        method: 'POST',
        url: '/api/favorites/',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(sent.statusCode, JSON.stringify(payload)).toBe(400);
      expect(sent.json()).toEqual(body);
    }
    const bad = await app.inject({ method: 'GET', url: '/api/favorites/?module=abc', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ module: ['A valid integer is required.'] });
  });

  it('keeps one favourite when the same one is posted concurrently', async () => {
    const { headers } = await buildUser(db);
    const mod = await buildModule(db);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/favorites/',
          headers,
          payload: { module: mod.id },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    const list = await app.inject({ method: 'GET', url: '/api/favorites/', headers });
    expect(list.json()).toHaveLength(1);
  });

  it("answers 404 for another user's favourite and 401 without a token", async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const fav = await app.inject({
      method: 'POST',
      url: '/api/favorites/',
      headers: other.headers,
      payload: { module: (await buildModule(db)).id },
    });
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/favorites/${fav.json().id}/`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(404);
    const anon = await app.inject({ method: 'GET', url: '/api/favorites/' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const badId = await app.inject({
      method: 'DELETE',
      url: '/api/favorites/abc/',
      headers: me.headers,
    });
    // A path id that is not an id names no object (issue 17): 404, decided before the database.
    expect(badId.statusCode).toBe(404);
  });
});

describe('/api/hides/', () => {
  it('hides a module, a course or a source and removes a hide', async () => {
    const { headers } = await buildUser(db);
    const mod = await buildModule(db);
    const course = await buildCourse(db);
    const source = await buildSource(db);
    const created = [];
    for (const payload of [{ module: mod.id }, { course: course.id }, { source: source.id }]) {
      const res = await app.inject({ method: 'POST', url: '/api/hides/', headers, payload });
      expect(res.statusCode).toBe(201);
      created.push(res.json());
    }
    expect(created[2]).toEqual({
      id: expect.any(Number),
      module: null,
      course: null,
      source: source.id,
      created_at: expect.any(String),
    });
    const list = await app.inject({ method: 'GET', url: '/api/hides/', headers });
    expect(list.json()).toEqual([...created].reverse());
    const bySource = await app.inject({
      method: 'GET',
      url: `/api/hides/?source=${source.id}`,
      headers,
    });
    expect(bySource.json()).toEqual([created[2]]);
    const dup = await app.inject({
      method: 'POST',
      url: '/api/hides/',
      headers,
      payload: { source: source.id },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ source: ['This source is already hidden.'] });
    const two = await app.inject({
      method: 'POST',
      url: '/api/hides/',
      headers,
      payload: { module: mod.id, source: source.id },
    });
    expect(two.json()).toEqual({
      non_field_errors: ['Provide exactly one of module, course or source.'],
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/hides/',
      headers,
      payload: { source: 999999 },
    });
    expect(unknown.json()).toEqual({ source: ['Invalid pk "999999" - object does not exist.'] });
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/hides/${created[0].id}/`,
      headers,
    });
    expect(del.statusCode).toBe(204);
    const other = await buildUser(db);
    const notMine = await app.inject({
      method: 'DELETE',
      url: `/api/hides/${created[1].id}/`,
      headers: other.headers,
    });
    expect(notMine.statusCode).toBe(404);
  });
});

describe.each([
  ['/api/favorite_questions/', 'This question is already in your favourites.'],
  ['/api/hide_questions/', 'This question is already hidden.'],
])('%s', (url, duplicate) => {
  it('marks questions, pages through them, filters by question and removes a mark', async () => {
    const { headers } = await buildUser(db);
    const other = await buildUser(db);
    const questions = [await buildQuestion(db), await buildQuestion(db), await buildQuestion(db)];
    const marks = [];
    for (const q of questions) {
      const res = await app.inject({ method: 'POST', url, headers, payload: { question: q.id } });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        question: q.id,
        created_at: expect.any(String),
      });
      marks.push(res.json());
    }
    await app.inject({
      method: 'POST',
      url,
      headers: other.headers,
      payload: { question: questions[0]!.id },
    });

    const page1 = await app.inject({ method: 'GET', url: `${url}?page_size=2`, headers });
    expect(page1.json()).toEqual({
      count: 3,
      next: `http://testserver${url}?page_size=2&page=2`,
      previous: null,
      results: [marks[2], marks[1]],
    });
    const page2 = await app.inject({ method: 'GET', url: `${url}?page_size=2&page=2`, headers });
    expect(page2.json().results).toEqual([marks[0]]);
    const past = await app.inject({ method: 'GET', url: `${url}?page_size=2&page=3`, headers });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
    const one = await app.inject({
      method: 'GET',
      url: `${url}?question=${questions[1]!.id}`,
      headers,
    });
    expect(one.json()).toMatchObject({ count: 1, results: [marks[1]] });

    const del = await app.inject({ method: 'DELETE', url: `${url}${marks[1].id}/`, headers });
    expect(del.statusCode).toBe(204);
    const gone = await app.inject({
      method: 'GET',
      url: `${url}?question=${questions[1]!.id}`,
      headers,
    });
    expect(gone.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    const notMine = await app.inject({
      method: 'DELETE',
      url: `${url}${marks[0].id}/`,
      headers: other.headers,
    });
    expect(notMine.statusCode).toBe(404);
  });

  it('answers 400 for a duplicate, an unknown or unpublished question and a missing one', async () => {
    const { headers } = await buildUser(db);
    const q = await buildQuestion(db);
    const hidden = await buildQuestion(db, { isPublished: false });
    await app.inject({ method: 'POST', url, headers, payload: { question: q.id } });
    const cases: [unknown, Record<string, string[]>][] = [
      [{ question: q.id }, { question: [duplicate] }],
      [{ question: 999999 }, { question: ['Invalid pk "999999" - object does not exist.'] }],
      [
        { question: hidden.id },
        { question: [`Invalid pk "${hidden.id}" - object does not exist.`] },
      ],
      [{}, { question: ['This field is required.'] }],
      [{ question: [1] }, { question: ['A valid integer is required.'] }],
    ];
    for (const [payload, body] of cases) {
      const res = await app.inject({ method: 'POST', url, headers, payload: payload as object });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
    }
  });
});
