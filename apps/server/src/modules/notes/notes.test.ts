import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { noteItems } from '../../db/schema/index';
import { INVALID_IMAGE } from '../../lib/images';
import { setupTestApp } from '../../../test/helper';
import { buildQuestion, buildUser } from '../../../test/factories';
import { formData, jpegImage, pngImage, truncatedMultipart } from '../../../test/uploads';

const { app, database } = await setupTestApp();
const db = database.db;
const files = () => app.storage.list();
const noteCount = async () => (await db.select({ n: count() }).from(noteItems))[0]!.n;

async function createNote(
  headers: Record<string, string>,
  questionId: number,
  content = 'My **note**',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/noteitemsdetail/',
    headers,
    payload: { question: questionId, content },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function createNoteWithImages(
  headers: Record<string, string>,
  questionId: number,
  n: number,
) {
  const png = await pngImage();
  const attachments = Array.from(
    { length: n },
    (_, i) => [`noteItem_attachments[${i}]`, png] as [string, Buffer],
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/noteitemsdetail/',
    headers,
    payload: formData({ question: String(questionId), content: 'with images' }, attachments),
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('POST /api/noteitemsdetail/', () => {
  it('creates a note from JSON, with its question summary and no images', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db, { stem: 'x'.repeat(300) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/noteitemsdetail/',
      headers,
      payload: { question: question.id, content: '# Title\n\n$E=mc^2$ <b>kept as written</b>' },
    });
    expect(res.statusCode).toBe(201);
    const note = res.json();
    expect(note).toMatchObject({
      question: question.id,
      content: '# Title\n\n$E=mc^2$ <b>kept as written</b>',
      images: [],
    });
    expect(note.question_detail).toEqual({
      id: question.id,
      stem: 'x'.repeat(200),
      course: question.courseId,
      module: expect.any(Number),
    });
    expect(typeof note.created_at).toBe('string');
  });

  it('creates a note from multipart with images, re-encoded and stored', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    const before = (await files()).length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/noteitemsdetail/',
      headers,
      payload: formData({ question: String(question.id), content: 'photo' }, [
        ['noteItem_attachments[0]', await pngImage(), 'a.png'],
        ['noteItem_attachments[1]', await jpegImage(), 'b.jpg'],
      ]),
    });
    expect(res.statusCode).toBe(201);
    const note = res.json();
    expect(note.images).toHaveLength(2);
    expect(note.images[0].url).toMatch(
      /^\/media\/notes\/[^?]+\.png\?expires=\d+&signature=[\w-]+$/,
    );
    expect((await files()).length).toBe(before + 2);
    const stored = await app.inject({ method: 'GET', url: note.images[1].url });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('accepts an image-only note with blank content', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/noteitemsdetail/',
      headers,
      payload: formData({ question: String(question.id), content: '' }, [
        ['noteItem_attachments', await pngImage()],
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('answers 400 on each bad field', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ content: 'x' }, { question: ['This field is required.'] }],
      [{ question: 'abc', content: 'x' }, { question: ['A valid integer is required.'] }],
      [
        { question: 999999, content: 'x' },
        { question: ['Invalid pk "999999" - object does not exist.'] },
      ],
      [{ question: question.id }, { content: ['This field is required.'] }],
      [{ question: question.id, content: '   ' }, { content: ['This field may not be blank.'] }],
      [
        { question: question.id, content: 'x'.repeat(20_001) },
        { content: ['Ensure this field has no more than 20000 characters.'] },
      ],
      [
        { question: question.id, content: 'x', noteItem_attachments: ['text'] },
        { noteItem_attachments: ['The submitted data was not a file.'] },
      ],
      [[1, 2], { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
    ];
    for (const [payload, body] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/noteitemsdetail/',
        headers,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual(body);
    }
  });

  it('refuses an unpublished question as unknown', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db, { isPublished: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/noteitemsdetail/',
      headers,
      payload: { question: question.id, content: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      question: [`Invalid pk "${question.id}" - object does not exist.`],
    });
  });

  it('leaves no file and no note behind when a file is not an image', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    const [before, notesBefore] = [(await files()).length, await noteCount()];
    const res = await app.inject({
      method: 'POST',
      url: '/api/noteitemsdetail/',
      headers,
      payload: formData({ question: String(question.id), content: 'x' }, [
        ['noteItem_attachments[0]', await pngImage()],
        ['noteItem_attachments[1]', Buffer.from('%PDF-1.4 not an image'), 'evil.png'],
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ noteItem_attachments: [INVALID_IMAGE] });
    expect((await files()).length).toBe(before);
    expect(await noteCount()).toBe(notesBefore);
  });

  it('answers 400 for a file under another field name and for a broken multipart body', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/noteitemsdetail/',
      headers,
      payload: formData({ question: String(question.id), content: 'x' }, [
        ['images[0]', await pngImage()],
      ]),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      images: ['Unexpected file field; send images as noteItem_attachments.'],
    });
    const broken = truncatedMultipart();
    const res = await app.inject({
      method: 'POST',
      url: '/api/noteitemsdetail/',
      headers: { ...headers, ...broken.headers },
      payload: broken.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ detail: 'Multipart form parse error.' });
  });

  it('answers 413 for 11 files or a file over 5 MB, leaving nothing behind', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    const [before, notesBefore] = [(await files()).length, await noteCount()];
    const png = await pngImage();
    const eleven = await app.inject({
      method: 'POST',
      url: '/api/noteitemsdetail/',
      headers,
      payload: formData(
        { question: String(question.id), content: 'x' },
        Array.from(
          { length: 11 },
          (_, i) => [`noteItem_attachments[${i}]`, png] as [string, Buffer],
        ),
      ),
    });
    expect(eleven.statusCode).toBe(413);
    expect(eleven.json()).toEqual({ detail: 'Too many files in request.' });
    const large = await app.inject({
      method: 'POST',
      url: '/api/noteitemsdetail/',
      headers,
      payload: formData({ question: String(question.id), content: 'x' }, [
        ['noteItem_attachments', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)])],
      ]),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ detail: 'Uploaded file is too large.' });
    expect((await files()).length).toBe(before);
    expect(await noteCount()).toBe(notesBefore);
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/noteitemsdetail/', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('GET /api/noteitems/, /api/noteitemsdetail/, /api/questnotesitems/', () => {
  it("lists only the caller's notes, newest first, paginated and filtered by question", async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const q1 = await buildQuestion(db);
    const q2 = await buildQuestion(db);
    const a = await createNote(me.headers, q1.id, 'first');
    const b = await createNote(me.headers, q2.id, 'second');
    await createNote(other.headers, q1.id, 'not mine');

    const all = await app.inject({ method: 'GET', url: '/api/noteitems/', headers: me.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(all.json().results.map((n: { id: number }) => n.id)).toEqual([b.id, a.id]);
    expect(all.json().results[0]).toEqual({
      id: b.id,
      question: q2.id,
      content: 'second',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const page = await app.inject({
      method: 'GET',
      url: '/api/noteitems/?page_size=1&page=2',
      headers: me.headers,
    });
    expect(page.json()).toMatchObject({
      count: 2,
      next: null,
      previous: 'http://testserver/api/noteitems/?page_size=1&page=1',
    });
    const past = await app.inject({
      method: 'GET',
      url: '/api/noteitems/?page=3&page_size=1',
      headers: me.headers,
    });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });

    const filtered = await app.inject({
      method: 'GET',
      url: `/api/noteitemsdetail/?question=${q1.id}`,
      headers: me.headers,
    });
    expect(filtered.json().count).toBe(1);
    expect(filtered.json().results[0]).toMatchObject({
      id: a.id,
      images: [],
      question_detail: { id: q1.id },
    });

    const one = await app.inject({
      method: 'GET',
      url: `/api/questnotesitems/?question=${q1.id}`,
      headers: me.headers,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().map((n: { id: number }) => n.id)).toEqual([a.id]);
  });

  it('searches the notes and their questions, case-insensitively, literal % and _', async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const q1 = await buildQuestion(db, { stem: 'Which drug treats Kawasaki disease?' });
    const q2 = await buildQuestion(db, { stem: 'Plain stem' });
    const byStem = await createNote(me.headers, q1.id, 'aspirin');
    const byContent = await createNote(me.headers, q2.id, 'Remember 100%_sure KAWASAKI');
    await createNote(other.headers, q1.id, 'kawasaki too');
    const search = async (words: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/noteitemsdetail/?search=${encodeURIComponent(words)}`,
        headers: me.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json().results.map((n: { id: number }) => n.id);
    };
    expect(await search('kawasaki')).toEqual([byContent.id, byStem.id]);
    expect(await search('ASPIRIN')).toEqual([byStem.id]);
    expect(await search('100%_')).toEqual([byContent.id]);
    expect(await search('%')).toEqual([byContent.id]);
    expect(await search('_')).toEqual([byContent.id]);
    expect(await search('nothing like it')).toEqual([]);
    expect(await search('  ')).toHaveLength(2);
    const long = await app.inject({
      method: 'GET',
      url: `/api/noteitemsdetail/?search=${'a'.repeat(201)}`,
      headers: me.headers,
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(['search']);
  });

  it('validates the query parameters', async () => {
    const { headers } = await buildUser(db);
    const missing = await app.inject({ method: 'GET', url: '/api/questnotesitems/', headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ question: ['This field is required.'] });
    const bad = await app.inject({ method: 'GET', url: '/api/noteitems/?question=x', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ question: ['A valid integer is required.'] });
    const size = await app.inject({
      method: 'GET',
      url: '/api/noteitemsdetail/?page_size=1000',
      headers,
    });
    // DRF caps a page size above the maximum (issue 32).
    expect(size.statusCode).toBe(200);
  });

  it("answers 404 for an unknown or another user's note", async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const note = await createNote(other.headers, (await buildQuestion(db)).id);
    for (const id of [note.id, 999999]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/noteitemsdetail/${id}/`,
        headers: me.headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    const mine = await app.inject({
      method: 'GET',
      url: `/api/noteitemsdetail/${note.id}`,
      headers: other.headers,
    });
    expect(mine.statusCode).toBe(200);
  });
});

describe('PATCH /api/noteitems/{id}/', () => {
  it('changes the content only', async () => {
    const { headers } = await buildUser(db);
    const note = await createNote(headers, (await buildQuestion(db)).id, 'old');
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/noteitems/${note.id}/`,
      headers,
      payload: { content: 'new', question: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: note.id, question: note.question, content: 'new' });
    const multipart = await app.inject({
      method: 'PATCH',
      url: `/api/noteitems/${note.id}/`,
      headers,
      payload: formData({ content: 'from a form' }),
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json()).toMatchObject({ id: note.id, content: 'from a form' });
  });

  it('refuses blank or missing content on a note without images', async () => {
    const { headers } = await buildUser(db);
    const note = await createNote(headers, (await buildQuestion(db)).id);
    const blank = await app.inject({
      method: 'PATCH',
      url: `/api/noteitems/${note.id}/`,
      headers,
      payload: { content: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ content: ['This field may not be blank.'] });
    const missing = await app.inject({
      method: 'PATCH',
      url: `/api/noteitems/${note.id}/`,
      headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ content: ['This field is required.'] });
  });
});

describe('PATCH /api/noteitemsdetail/{id}/', () => {
  it('adds images and removes others in every accepted form of removed_attachment_id', async () => {
    const { headers } = await buildUser(db);
    const note = await createNoteWithImages(headers, (await buildQuestion(db)).id, 4);
    const ids: number[] = note.images.map((i: { id: number }) => i.id);
    const before = (await files()).length;

    const repeated = await app.inject({
      method: 'PATCH',
      url: `/api/noteitemsdetail/${note.id}/`,
      headers,
      payload: formData(
        { content: 'edited', removed_attachment_id: [String(ids[0]), String(ids[1])] },
        [['noteItem_attachments', await pngImage()]],
      ),
    });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().content).toBe('edited');
    expect(
      repeated
        .json()
        .images.map((i: { id: number }) => i.id)
        .slice(0, 2),
    ).toEqual([ids[2], ids[3]]);
    expect(repeated.json().images).toHaveLength(3);
    expect((await files()).length).toBe(before - 1);

    const json = await app.inject({
      method: 'PATCH',
      url: `/api/noteitemsdetail/${note.id}/`,
      headers,
      payload: formData({ removed_attachment_id: JSON.stringify([ids[2]]) }),
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().content).toBe('edited');
    const comma = await app.inject({
      method: 'PATCH',
      url: `/api/noteitemsdetail/${note.id}/`,
      headers,
      payload: { removed_attachment_id: `${ids[3]}` },
    });
    expect(comma.statusCode).toBe(200);
    expect(comma.json().images).toHaveLength(1);
    expect((await files()).length).toBe(before - 3);
  });

  it('reads a comma list and refuses an image of another note, changing nothing', async () => {
    const { headers } = await buildUser(db);
    const question = (await buildQuestion(db)).id;
    const note = await createNoteWithImages(headers, question, 2);
    const otherNote = await createNoteWithImages(headers, question, 1);
    const before = (await files()).length;
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/noteitemsdetail/${note.id}/`,
      headers,
      payload: formData(
        {
          content: 'changed',
          removed_attachment_id: `${note.images[0].id},${otherNote.images[0].id}`,
        },
        [['noteItem_attachments', await pngImage()]],
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      removed_attachment_id: [`Invalid pk "${otherNote.images[0].id}" - object does not exist.`],
    });
    expect((await files()).length).toBe(before);
    const after = await app.inject({
      method: 'GET',
      url: `/api/noteitemsdetail/${note.id}/`,
      headers,
    });
    expect(after.json()).toMatchObject({ content: 'with images', images: note.images });

    const garbage = await app.inject({
      method: 'PATCH',
      url: `/api/noteitemsdetail/${note.id}/`,
      headers,
      payload: formData({ removed_attachment_id: '1,x' }),
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({
      removed_attachment_id: ['Invalid pk "x" - object does not exist.'],
    });
  });

  it('keeps a note at 10 images at most', async () => {
    const { headers } = await buildUser(db);
    const note = await createNoteWithImages(headers, (await buildQuestion(db)).id, 10);
    const before = (await files()).length;
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/noteitemsdetail/${note.id}/`,
      headers,
      payload: formData({}, [['noteItem_attachments[0]', await pngImage()]]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ noteItem_attachments: ['A note can hold at most 10 images.'] });
    expect((await files()).length).toBe(before);
  });

  it("answers 404 for another user's note and leaves no file", async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const note = await createNote(other.headers, (await buildQuestion(db)).id);
    const before = (await files()).length;
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/noteitemsdetail/${note.id}/`,
      headers: me.headers,
      payload: formData({ content: 'hijack' }, [['noteItem_attachments', await pngImage()]]),
    });
    expect(res.statusCode).toBe(404);
    expect((await files()).length).toBe(before);
  });
});

describe('DELETE /api/noteitems/{id}/', () => {
  it('deletes the note and its files', async () => {
    const { headers } = await buildUser(db);
    const note = await createNoteWithImages(headers, (await buildQuestion(db)).id, 3);
    const before = (await files()).length;
    const res = await app.inject({ method: 'DELETE', url: `/api/noteitems/${note.id}/`, headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await files()).length).toBe(before - 3);
    expect(await db.select().from(noteItems).where(eq(noteItems.id, note.id))).toEqual([]);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/noteitems/${note.id}/`,
      headers,
    });
    expect(again.statusCode).toBe(404);
  });
});
