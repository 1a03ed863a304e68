import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachmentItems } from '../../db/schema/index';
import { INVALID_IMAGE } from '../../lib/images';
import { setupTestApp } from '../../../test/helper';
import { buildQuestion, buildUser } from '../../../test/factories';
import { formData, jpegImage, pngImage, truncatedMultipart } from '../../../test/uploads';

const { app, database } = await setupTestApp();
const db = database.db;
const files = () => app.storage.list();
const itemCount = async () => (await db.select({ n: count() }).from(attachmentItems))[0]!.n;

async function createItem(headers: Record<string, string>, questionId: number, n = 1) {
  const png = await pngImage();
  const res = await app.inject({
    method: 'POST',
    url: '/api/attachmentsitem/',
    headers,
    payload: formData(
      { question: String(questionId) },
      Array.from({ length: n }, (_, i) => [`images[${i}]`, png] as [string, Buffer]),
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/attachmentsitem/', () => {
  it('stores the images of a question, re-encoded', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    const before = (await files()).length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/attachmentsitem/',
      headers,
      payload: formData({ question: String(question.id) }, [
        ['images[0]', await jpegImage(), 'notes.jpg'],
        ['images[1]', await pngImage(), 'notes.png'],
      ]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      question: question.id,
      images: [
        {
          id: expect.any(Number),
          url: expect.stringMatching(
            /^\/media\/attachments\/[^?]+\.jpg\?expires=\d+&signature=[\w-]+$/,
          ),
        },
        {
          id: expect.any(Number),
          url: expect.stringMatching(
            /^\/media\/attachments\/[^?]+\.png\?expires=\d+&signature=[\w-]+$/,
          ),
        },
      ],
      created_at: expect.any(String),
    });
    expect((await files()).length).toBe(before + 2);
    const served = await app.inject({ method: 'GET', url: res.json().images[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('answers 400 on each bad input and stores nothing', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    const png = await pngImage();
    const [before, itemsBefore] = [(await files()).length, await itemCount()];
    const cases: [FormData, Record<string, string[]>][] = [
      [formData({}, [['images', png]]), { question: ['This field is required.'] }],
      [
        formData({ question: '12abc' }, [['images', png]]),
        { question: ['A valid integer is required.'] },
      ],
      [
        formData({ question: '999999' }, [['images', png]]),
        { question: ['Invalid pk "999999" - object does not exist.'] },
      ],
      [formData({ question: String(question.id) }), { images: ['No file was submitted.'] }],
      [
        formData({ question: String(question.id), images: 'text' }),
        { images: ['The submitted data was not a file.'] },
      ],
      [
        formData({ question: String(question.id) }, [['photo', png]]),
        { photo: ['Unexpected file field; send images as images.'] },
      ],
      [
        formData({ question: String(question.id) }, [
          ['images[0]', png],
          ['images[1]', Buffer.from('GIF89a nope')],
        ]),
        { images: [INVALID_IMAGE] },
      ],
    ];
    for (const [payload, body] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/attachmentsitem/',
        headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
    }
    const json = await app.inject({
      method: 'POST',
      url: '/api/attachmentsitem/',
      headers,
      payload: { question: question.id },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ images: ['No file was submitted.'] });
    const broken = truncatedMultipart();
    const res = await app.inject({
      method: 'POST',
      url: '/api/attachmentsitem/',
      headers: { ...headers, ...broken.headers },
      payload: broken.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Multipart form parse error.' });
    expect((await files()).length).toBe(before);
    expect(await itemCount()).toBe(itemsBefore);
  });

  it('answers 413 for 11 files or a file over 5 MB', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    const png = await pngImage();
    const before = (await files()).length;
    const eleven = await app.inject({
      method: 'POST',
      url: '/api/attachmentsitem/',
      headers,
      payload: formData(
        { question: String(question.id) },
        Array.from({ length: 11 }, (_, i) => [`images[${i}]`, png] as [string, Buffer]),
      ),
    });
    expect(eleven.statusCode).toBe(413);
    expect(eleven.json()).toEqual({ detail: 'Too many files in request.' });
    const large = await app.inject({
      method: 'POST',
      url: '/api/attachmentsitem/',
      headers,
      payload: formData({ question: String(question.id) }, [
        ['images', Buffer.alloc(5 * 1024 * 1024 + 1)],
      ]),
    });
    expect(large.statusCode).toBe(413);
    expect((await files()).length).toBe(before);
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/attachmentsitem/' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/attachmentsitem/', () => {
  it("lists only the caller's items, newest first, filtered by question", async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const q1 = await buildQuestion(db);
    const q2 = await buildQuestion(db);
    const a = await createItem(me.headers, q1.id);
    const b = await createItem(me.headers, q2.id, 2);
    await createItem(other.headers, q1.id);
    const all = await app.inject({
      method: 'GET',
      url: '/api/attachmentsitem/',
      headers: me.headers,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ count: 2, next: null, previous: null, results: [b, a] });
    const one = await app.inject({
      method: 'GET',
      url: `/api/attachmentsitem/?question=${q1.id}`,
      headers: me.headers,
    });
    expect(one.json().results).toEqual([a]);
    const byId = await app.inject({
      method: 'GET',
      url: `/api/attachmentsitem/${b.id}/`,
      headers: me.headers,
    });
    expect(byId.json()).toEqual(b);
    const notMine = await app.inject({
      method: 'GET',
      url: `/api/attachmentsitem/${b.id}/`,
      headers: other.headers,
    });
    expect(notMine.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/attachmentsitem/?question=-1',
      headers: me.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ question: ['A valid integer is required.'] });
  });
});

describe('PATCH /api/attachmentsitem/{id}/', () => {
  it('adds and removes images, deleting the removed files', async () => {
    const { headers } = await buildUser(db);
    const item = await createItem(headers, (await buildQuestion(db)).id, 3);
    const before = (await files()).length;
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/attachmentsitem/${item.id}/`,
      headers,
      payload: formData(
        { removed_attachment_id: JSON.stringify([item.images[0].id, item.images[1].id]) },
        [['images[0]', await pngImage()]],
      ),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().images).toHaveLength(2);
    expect(res.json().images[0]).toEqual(item.images[2]);
    expect((await files()).length).toBe(before - 1);
  });

  it('refuses to remove the last image, an unknown image or to pass 10 images, changing nothing', async () => {
    const { headers } = await buildUser(db);
    const question = (await buildQuestion(db)).id;
    const item = await createItem(headers, question, 1);
    const full = await createItem(headers, question, 10);
    const before = (await files()).length;
    const png = await pngImage();
    const last = await app.inject({
      method: 'PATCH',
      url: `/api/attachmentsitem/${item.id}/`,
      headers,
      payload: { removed_attachment_id: [item.images[0].id] },
    });
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({
      removed_attachment_id: [
        'An attachment item keeps at least one image; delete the item instead.',
      ],
    });
    const unknown = await app.inject({
      method: 'PATCH',
      url: `/api/attachmentsitem/${item.id}/`,
      headers,
      payload: formData({ removed_attachment_id: String(full.images[0].id) }, [['images', png]]),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      removed_attachment_id: [`Invalid pk "${full.images[0].id}" - object does not exist.`],
    });
    const hundreds = await app.inject({
      method: 'PATCH',
      url: `/api/attachmentsitem/${item.id}/`,
      headers,
      payload: { removed_attachment_id: Array.from({ length: 101 }, (_, i) => i + 1) },
    });
    expect(hundreds.statusCode).toBe(400);
    expect(hundreds.json()).toEqual({
      removed_attachment_id: ['Ensure this field has no more than 100 elements.'],
    });
    const tooMany = await app.inject({
      method: 'PATCH',
      url: `/api/attachmentsitem/${full.id}/`,
      headers,
      payload: formData({}, [['images', png]]),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ images: ['An attachment item can hold at most 10 images.'] });
    expect((await files()).length).toBe(before);
    const unchanged = await app.inject({
      method: 'GET',
      url: `/api/attachmentsitem/${item.id}/`,
      headers,
    });
    expect(unchanged.json()).toEqual(item);
  });

  it("answers 404 for an unknown or another user's item", async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const item = await createItem(other.headers, (await buildQuestion(db)).id);
    for (const id of [item.id, 999999]) {
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/attachmentsitem/${id}/`,
        headers: me.headers,
        payload: formData({ removed_attachment_id: String(item.images[0].id) }),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('DELETE /api/attachmentsitem/{id}/', () => {
  it('deletes the item and every file of it', async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const item = await createItem(me.headers, (await buildQuestion(db)).id, 4);
    const before = (await files()).length;
    const notMine = await app.inject({
      method: 'DELETE',
      url: `/api/attachmentsitem/${item.id}/`,
      headers: other.headers,
    });
    expect(notMine.statusCode).toBe(404);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/attachmentsitem/${item.id}/`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(204);
    expect((await files()).length).toBe(before - 4);
    for (const image of item.images) {
      expect(await app.storage.exists(image.url.replace('/media/', '').split('?')[0]!)).toBe(false);
    }
    const again = await app.inject({
      method: 'GET',
      url: `/api/attachmentsitem/${item.id}/`,
      headers: me.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});
