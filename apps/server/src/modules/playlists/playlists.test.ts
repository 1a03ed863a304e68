import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildQuestion, buildUser } from '../../../test/factories';

const { app, database } = await setupTestApp();
const db = database.db;
type Headers = Record<string, string>;

async function createPlaylist(headers: Headers, name = 'Cardio review') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/playlist/',
    headers,
    payload: { name },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function addItem(headers: Headers, playlist: number, question: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/playlistitems/',
    headers,
    payload: { playlist, question },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('/api/playlist/', () => {
  it('creates, reads, renames, lists and deletes playlists with their items_count', async () => {
    const { headers } = await buildUser(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/playlist/',
      headers,
      payload: { name: '  Hard ones  ', description: 'Before the exam' },
    });
    expect(res.statusCode).toBe(201);
    const playlist = res.json();
    expect(playlist).toEqual({
      id: expect.any(Number),
      name: 'Hard ones',
      description: 'Before the exam',
      items_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    await addItem(headers, playlist.id, (await buildQuestion(db)).id);
    await addItem(headers, playlist.id, (await buildQuestion(db)).id);
    const one = await app.inject({ method: 'GET', url: `/api/playlist/${playlist.id}/`, headers });
    expect(one.json()).toMatchObject({ id: playlist.id, items_count: 2 });

    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/playlist/${playlist.id}/`,
      headers,
      payload: { name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Renamed',
      description: 'Before the exam',
      items_count: 2,
    });

    const second = await createPlaylist(headers, 'Second');
    const list = await app.inject({ method: 'GET', url: '/api/playlist/?page_size=1', headers });
    expect(list.json()).toEqual({
      count: 2,
      next: 'http://testserver/api/playlist/?page_size=1&page=2',
      previous: null,
      results: [second],
    });

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/playlist/${playlist.id}/`,
      headers,
    });
    expect(del.statusCode).toBe(204);
    const gone = await app.inject({ method: 'GET', url: `/api/playlist/${playlist.id}/`, headers });
    expect(gone.statusCode).toBe(404);
    const items = await app.inject({
      method: 'GET',
      url: `/api/playlistitemsdetail/?playlist=${playlist.id}`,
      headers,
    });
    expect(items.statusCode).toBe(404);
  });

  it('validates the name and description', async () => {
    const { headers } = await buildUser(db);
    const playlist = await createPlaylist(headers);
    const cases: [string, string, unknown, Record<string, string[]>][] = [
      ['POST', '/api/playlist/', {}, { name: ['This field is required.'] }],
      ['POST', '/api/playlist/', { name: '   ' }, { name: ['This field may not be blank.'] }],
      [
        'POST',
        '/api/playlist/',
        { name: 'x'.repeat(201) },
        { name: ['Ensure this field has no more than 200 characters.'] },
      ],
      [
        'POST',
        '/api/playlist/',
        { name: 'ok', description: 'x'.repeat(2001) },
        { description: ['Ensure this field has no more than 2000 characters.'] },
      ],
      ['POST', '/api/playlist/', { name: 5 }, { name: ['Not a valid string.'] }],
      [
        'PATCH',
        `/api/playlist/${playlist.id}/`,
        { name: '' },
        { name: ['This field may not be blank.'] },
      ],
    ];
    for (const [method, url, payload, body] of cases) {
      const res = await app.inject({
        method: method as 'POST',
        url,
        headers,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toEqual(body);
    }
  });

  it("answers 404 for another user's playlist on every route", async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const playlist = await createPlaylist(other.headers);
    for (const [method, payload] of [
      ['GET'],
      ['PATCH', { name: 'mine now' }],
      ['DELETE'],
    ] as const) {
      const res = await app.inject({
        method,
        url: `/api/playlist/${playlist.id}/`,
        headers: me.headers,
        payload,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    const list = await app.inject({ method: 'GET', url: '/api/playlist/', headers: me.headers });
    expect(list.json().count).toBe(0);
  });
});

describe('/api/playlistitems/ and /api/playlistitemsdetail/', () => {
  it('appends questions at the end and lists them in order with their summary', async () => {
    const { headers } = await buildUser(db);
    const playlist = await createPlaylist(headers);
    const q1 = await buildQuestion(db, { stem: 'First question' });
    const q2 = await buildQuestion(db);
    const a = await addItem(headers, playlist.id, q1.id);
    expect(a).toEqual({
      id: expect.any(Number),
      playlist: playlist.id,
      question: q1.id,
      order: 0,
      created_at: expect.any(String),
    });
    const b = await addItem(headers, playlist.id, q2.id);
    expect(b.order).toBe(1);
    const res = await app.inject({
      method: 'GET',
      url: `/api/playlistitemsdetail/?playlist=${playlist.id}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        ...a,
        question_detail: {
          id: q1.id,
          stem: 'First question',
          course: q1.courseId,
          module: expect.any(Number),
        },
      },
      { ...b, question_detail: expect.objectContaining({ id: q2.id }) },
    ]);
  });

  it('gives concurrent appends distinct places', async () => {
    const { headers } = await buildUser(db);
    const playlist = await createPlaylist(headers);
    const questions = [];
    for (let i = 0; i < 5; i++) questions.push(await buildQuestion(db));
    const answers = await Promise.all(
      questions.map((q) =>
        app.inject({
          method: 'POST',
          url: '/api/playlistitems/',
          headers,
          payload: { playlist: playlist.id, question: q.id },
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(answers.map((a) => a.json().order).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('answers 400 for a duplicate, an unknown question, a playlist that is not the caller’s and bad ids', async () => {
    const { headers } = await buildUser(db);
    const other = await buildUser(db);
    const playlist = await createPlaylist(headers);
    const foreign = await createPlaylist(other.headers);
    const q = await buildQuestion(db);
    await addItem(headers, playlist.id, q.id);
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { playlist: playlist.id, question: q.id },
        { question: ['This question is already in the playlist.'] },
      ],
      [
        { playlist: playlist.id, question: 999999 },
        { question: ['Invalid pk "999999" - object does not exist.'] },
      ],
      [
        { playlist: foreign.id, question: q.id },
        { playlist: [`Invalid pk "${foreign.id}" - object does not exist.`] },
      ],
      [{ question: q.id }, { playlist: ['This field is required.'] }],
      [{ playlist: 'abc', question: q.id }, { playlist: ['A valid integer is required.'] }],
    ];
    for (const [payload, body] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/playlistitems/',
        headers,
        payload: payload as object,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
    }
    const missing = await app.inject({ method: 'GET', url: '/api/playlistitemsdetail/', headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ playlist: ['This field is required.'] });
    const notMine = await app.inject({
      method: 'GET',
      url: `/api/playlistitemsdetail/?playlist=${foreign.id}`,
      headers,
    });
    expect(notMine.statusCode).toBe(404);
  });

  it("deletes an item of the caller's playlist only", async () => {
    const { headers } = await buildUser(db);
    const other = await buildUser(db);
    const playlist = await createPlaylist(headers);
    const item = await addItem(headers, playlist.id, (await buildQuestion(db)).id);
    const notMine = await app.inject({
      method: 'DELETE',
      url: `/api/playlistitems/${item.id}/`,
      headers: other.headers,
    });
    expect(notMine.statusCode).toBe(404);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/playlistitems/${item.id}/`,
      headers,
    });
    expect(res.statusCode).toBe(204);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/playlistitems/${item.id}/`,
      headers,
    });
    expect(again.statusCode).toBe(404);
    const after = await app.inject({
      method: 'GET',
      url: `/api/playlist/${playlist.id}/`,
      headers,
    });
    expect(after.json().items_count).toBe(0);
  });
});

describe('PATCH /api/playlistitems/', () => {
  async function playlistWithItems(headers: Headers, n: number) {
    const playlist = await createPlaylist(headers);
    const items = [];
    for (let i = 0; i < n; i++)
      items.push(await addItem(headers, playlist.id, (await buildQuestion(db)).id));
    return { playlist, ids: items.map((i) => i.id as number) };
  }
  const orderOf = async (headers: Headers, playlist: number) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/playlistitemsdetail/?playlist=${playlist}`,
        headers,
      })
    )
      .json()
      .map((i: { id: number }) => i.id);

  it('reorders the items', async () => {
    const { headers } = await buildUser(db);
    const { playlist, ids } = await playlistWithItems(headers, 3);
    const order = [ids[2]!, ids[0]!, ids[1]!];
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/playlistitems/',
      headers,
      payload: { playlist: playlist.id, order },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ playlist: playlist.id, order });
    expect(await orderOf(headers, playlist.id)).toEqual(order);
    const next = await addItem(headers, playlist.id, (await buildQuestion(db)).id);
    expect((await orderOf(headers, playlist.id)).at(-1)).toBe(next.id);
  });

  it('answers 200 and changes nothing for an empty body, with or without a JSON content type', async () => {
    const { headers } = await buildUser(db);
    const { playlist, ids } = await playlistWithItems(headers, 2);
    for (const extra of [{}, { 'content-type': 'application/json' }]) {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/playlistitems/',
        headers: { ...headers, ...extra },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ playlist: null, order: [] });
    }
    const braces = await app.inject({
      method: 'PATCH',
      url: '/api/playlistitems/',
      headers,
      payload: {},
    });
    expect(braces.statusCode).toBe(200);
    expect(await orderOf(headers, playlist.id)).toEqual(ids);
    const broken = await app.inject({
      method: 'PATCH',
      url: '/api/playlistitems/',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"playlist":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'JSON parse error.' });
  });

  it('refuses an order that is not every item exactly once, and a foreign playlist', async () => {
    const { headers } = await buildUser(db);
    const other = await buildUser(db);
    const { playlist, ids } = await playlistWithItems(headers, 3);
    const foreign = await playlistWithItems(other.headers, 1);
    const once = 'Send every item id of the playlist exactly once.';
    const cases: [unknown, Record<string, string[]>][] = [
      [{ playlist: playlist.id, order: [ids[0], ids[1]] }, { order: [once] }],
      [{ playlist: playlist.id, order: [ids[0], ids[1], ids[1]] }, { order: [once] }],
      [
        { playlist: playlist.id, order: [ids[0], ids[1], ids[2], foreign.ids[0]] },
        { order: [once] },
      ],
      [{ playlist: playlist.id, order: [ids[0], ids[1], foreign.ids[0]] }, { order: [once] }],
      [
        { playlist: foreign.playlist.id, order: foreign.ids },
        { playlist: [`Invalid pk "${foreign.playlist.id}" - object does not exist.`] },
      ],
      [{ playlist: playlist.id }, { order: ['This field is required.'] }],
      [{ order: ids }, { playlist: ['This field is required.'] }],
      [{ playlist: playlist.id, order: 'x' }, { order: ['Expected a list of items.'] }],
      [
        { playlist: playlist.id, order: Array.from({ length: 1001 }, (_, i) => i + 1) },
        { order: ['Ensure this field has no more than 1000 elements.'] },
      ],
      [{ playlist: playlist.id, order: ['x'] }, { 'order.0': ['A valid integer is required.'] }],
    ];
    for (const [payload, body] of cases) {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/playlistitems/',
        headers,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(body);
    }
    expect(await orderOf(headers, playlist.id)).toEqual(ids);
    expect(await orderOf(other.headers, foreign.playlist.id)).toEqual(foreign.ids);
  });
});
