import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { INVALID_IMAGE } from '../../lib/images';
import { setupTestApp } from '../../../test/helper';
import { buildQuestion, buildUser, type TestUser } from '../../../test/factories';
import { fileCount, formData as multipart, pngImage as png } from '../../../test/uploads';

const { app, database } = await setupTestApp();
const db = database.db;

async function postComment(author: TestUser, body: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/comments/',
    headers: author.headers,
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('POST /api/comments/', () => {
  it('posts a comment as JSON and answers it whole', async () => {
    const author = await buildUser(db, { firstName: 'Amina', lastName: 'Bel' });
    const question = await buildQuestion(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/comments/',
      headers: author.headers,
      payload: { question: question.id, body: '**B** is right: see `ESC 2021`' },
    });
    expect(res.statusCode).toBe(201);
    const comment = res.json();
    expect(comment).toEqual({
      id: expect.any(Number),
      question: question.id,
      author: {
        id: author.user.id,
        first_name: 'Amina',
        last_name: 'Bel',
        image: null,
        is_staff: false,
      },
      body: '**B** is right: see `ESC 2021`',
      attachments: [],
      rank: 0,
      my_reaction: null,
      replies_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      is_mine: true,
    });
  });

  it('marks a staff author so the client can show a badge', async () => {
    const staff = await buildUser(db, { isStaff: true });
    const learner = await buildUser(db);
    const question = await buildQuestion(db);
    await postComment(staff, { question: question.id, body: 'From the editors' });
    await postComment(learner, { question: question.id, body: 'From a learner' });
    const res = await app.inject({
      method: 'GET',
      url: `/api/comments/?question=${question.id}`,
      headers: learner.headers,
    });
    expect(res.statusCode).toBe(200);
    const badges = Object.fromEntries(
      (res.json().results as { body: string; author: { is_staff: boolean } }[]).map((c) => [
        c.body,
        c.author.is_staff,
      ]),
    );
    expect(badges).toEqual({ 'From the editors': true, 'From a learner': false });
  });

  it('posts a comment as multipart with image attachments stored and served', async () => {
    const author = await buildUser(db);
    const question = await buildQuestion(db);
    const before = await fileCount(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/comments/',
      headers: author.headers,
      payload: multipart({ question: String(question.id), body: 'See my drawing' }, [
        ['attachments[0]', await png()],
        ['attachments[1]', await png()],
      ]),
    });
    expect(res.statusCode).toBe(201);
    const { attachments } = res.json();
    expect(attachments).toHaveLength(2);
    expect(attachments[0].url).toMatch(/^\/media\/comments\/.+\.png$/);
    expect(await fileCount(app)).toBe(before + 2);
    const served = await app.inject({ method: 'GET', url: attachments[0].url });
    expect(served.statusCode).toBe(200);
  });

  it('refuses a file that is not an image and leaves no file behind', async () => {
    const author = await buildUser(db);
    const question = await buildQuestion(db);
    const before = await fileCount(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/comments/',
      headers: author.headers,
      payload: multipart({ question: String(question.id), body: 'x' }, [
        ['attachments', await png()],
        ['attachments', Buffer.from('not an image at all')],
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ attachments: [INVALID_IMAGE] });
    expect(await fileCount(app)).toBe(before);
  });

  it('refuses more than 10 files in one request with 413, storing none', async () => {
    const author = await buildUser(db);
    const question = await buildQuestion(db);
    const image = await png();
    const before = await fileCount(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/comments/',
      headers: author.headers,
      payload: multipart(
        { question: String(question.id), body: 'eleven' },
        Array.from({ length: 11 }, () => ['attachments', image] as [string, Buffer]),
      ),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Too many files in request.' });
    expect(await fileCount(app)).toBe(before);
  });

  it('refuses files under another field name', async () => {
    const author = await buildUser(db);
    const question = await buildQuestion(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/comments/',
      headers: author.headers,
      payload: multipart({ question: String(question.id), body: 'x' }, [['image', await png()]]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: ['Unexpected file field.'] });
  });

  it('validates question and body', async () => {
    const author = await buildUser(db);
    const question = await buildQuestion(db);
    const hidden = await buildQuestion(db, { isPublished: false });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { question: ['This field is required.'], body: ['This field is required.'] }],
      [
        { question: 'abc', body: '   ' },
        { question: ['A valid integer is required.'], body: ['This field may not be blank.'] },
      ],
      [
        { question: question.id, body: 'x'.repeat(10_001) },
        { body: ['Ensure this field has no more than 10000 characters.'] },
      ],
      [
        { question: 999999, body: 'x' },
        { question: ['Invalid pk "999999" - object does not exist.'] },
      ],
      [
        { question: hidden.id, body: 'x' },
        { question: [`Invalid pk "${hidden.id}" - object does not exist.`] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/comments/',
        headers: author.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const multi = await app.inject({
      method: 'POST',
      url: '/api/comments/',
      headers: author.headers,
      payload: multipart({ question: String(question.id), body: '' }),
    });
    expect(multi.statusCode).toBe(400);
    expect(multi.json()).toEqual({ body: ['This field may not be blank.'] });
    const longest = await app.inject({
      method: 'POST',
      url: '/api/comments/',
      headers: author.headers,
      payload: { question: question.id, body: 'x'.repeat(10_000) },
    });
    expect(longest.statusCode).toBe(201);
  });

  it('answers 401 to anonymous callers on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/comments/?question=1'],
      ['GET', '/api/comments/1/'],
      ['POST', '/api/comments/'],
      ['PATCH', '/api/comments/1/'],
      ['PATCH', '/api/comments/'],
      ['DELETE', '/api/comments/1/'],
      ['POST', '/api/comments/1/increase_rank/'],
      ['GET', '/api/comments_reaction/'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });
});

describe('GET /api/comments/', () => {
  it("lists a question's comments newest first or by rank, paginated", async () => {
    const author = await buildUser(db);
    const reader = await buildUser(db);
    const question = await buildQuestion(db);
    const other = await buildQuestion(db);
    const ids: number[] = [];
    for (const body of ['first', 'second', 'third']) {
      ids.push((await postComment(author, { question: question.id, body })).id);
    }
    await postComment(author, { question: other.id, body: 'elsewhere' });
    await app.inject({
      method: 'POST',
      url: `/api/comments/${ids[0]}/increase_rank/`,
      headers: reader.headers,
    });

    const newest = await app.inject({
      method: 'GET',
      url: `/api/comments/?question=${question.id}&page_size=2`,
      headers: reader.headers,
    });
    expect(newest.statusCode).toBe(200);
    expect(newest.json().count).toBe(3);
    expect(newest.json().results.map((c: { id: number }) => c.id)).toEqual([ids[2], ids[1]]);
    expect(newest.json().results[0].is_mine).toBe(false);
    expect(newest.json().next).toBe(
      `http://testserver/api/comments/?question=${question.id}&page_size=2&page=2`,
    );

    const top = await app.inject({
      method: 'GET',
      url: `/api/comments/?question=${question.id}&ordering=-rank`,
      headers: reader.headers,
    });
    const first = top.json().results[0];
    expect(first).toMatchObject({ id: ids[0], rank: 1, my_reaction: 1 });
    expect(top.json().results.map((c: { id: number }) => c.id)).toEqual([ids[0], ids[2], ids[1]]);

    const past = await app.inject({
      method: 'GET',
      url: `/api/comments/?question=${question.id}&page=2`,
      headers: reader.headers,
    });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('validates the query', async () => {
    const { headers } = await buildUser(db);
    const missing = await app.inject({ method: 'GET', url: '/api/comments/', headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ question: ['This field is required.'] });
    const bad = await app.inject({
      method: 'GET',
      url: '/api/comments/?question=1&ordering=rank',
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ordering: ['"rank" is not a valid choice.'] });
    const empty = await app.inject({
      method: 'GET',
      url: '/api/comments/?question=999999',
      headers,
    });
    expect(empty.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('answers one comment by id, 404 for an unknown one', async () => {
    const author = await buildUser(db);
    const reader = await buildUser(db);
    const question = await buildQuestion(db);
    const { id } = await postComment(author, { question: question.id, body: 'hello' });
    const res = await app.inject({
      method: 'GET',
      url: `/api/comments/${id}`,
      headers: reader.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, body: 'hello', is_mine: false });
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/comments/999999/',
      headers: reader.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
  });

  it('shows a deleted account as a null author', async () => {
    const author = await buildUser(db);
    const reader = await buildUser(db);
    const question = await buildQuestion(db);
    const { id } = await postComment(author, { question: question.id, body: 'stays' });
    await db.delete(users).where(eq(users.id, author.user.id));
    const res = await app.inject({
      method: 'GET',
      url: `/api/comments/${id}/`,
      headers: reader.headers,
    });
    expect(res.json()).toMatchObject({ id, author: null, body: 'stays', is_mine: false });
  });
});

describe('PATCH /api/comments/{id}/ and PATCH /api/comments/', () => {
  it('lets the author edit the body, add files and remove attachments (files deleted)', async () => {
    const author = await buildUser(db);
    const question = await buildQuestion(db);
    const created = await app.inject({
      method: 'POST',
      url: '/api/comments/',
      headers: author.headers,
      payload: multipart({ question: String(question.id), body: 'v1' }, [
        ['attachments', await png()],
        ['attachments', await png()],
      ]),
    });
    const comment = created.json();
    const before = await fileCount(app);

    const res = await app.inject({
      method: 'PATCH',
      url: `/api/comments/${comment.id}/`,
      headers: author.headers,
      payload: multipart(
        { body: 'v2', 'removed_attachment_id[0]': String(comment.attachments[0].id) },
        [['attachments[0]', await png()]],
      ),
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json();
    expect(edited.body).toBe('v2');
    expect(edited.attachments.map((a: { id: number }) => a.id)).not.toContain(
      comment.attachments[0].id,
    );
    expect(edited.attachments).toHaveLength(2);
    expect(await fileCount(app)).toBe(before);
    const gone = await app.inject({ method: 'GET', url: comment.attachments[0].url });
    expect(gone.statusCode).toBe(404);

    const viaBody = await app.inject({
      method: 'PATCH',
      url: '/api/comments/',
      headers: author.headers,
      payload: {
        id: comment.id,
        removed_attachment_id: edited.attachments.map((a: { id: number }) => a.id),
      },
    });
    expect(viaBody.statusCode).toBe(200);
    expect(viaBody.json()).toMatchObject({ body: 'v2', attachments: [] });
    expect(await fileCount(app)).toBe(before - 2);
  });

  it('refuses another user with 403, staff included, and leaves the comment as it was', async () => {
    const author = await buildUser(db);
    const other = await buildUser(db);
    const staff = await buildUser(db, { isStaff: true });
    const question = await buildQuestion(db);
    const { id } = await postComment(author, { question: question.id, body: 'mine' });
    for (const caller of [other, staff]) {
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/comments/${id}/`,
        headers: caller.headers,
        payload: { body: 'hijacked' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You can only edit your own comments.' });
    }
    const res = await app.inject({
      method: 'GET',
      url: `/api/comments/${id}/`,
      headers: author.headers,
    });
    expect(res.json().body).toBe('mine');
  });

  it('validates the edit', async () => {
    const author = await buildUser(db);
    const question = await buildQuestion(db);
    const { id } = await postComment(author, { question: question.id, body: 'x' });
    const noId = await app.inject({
      method: 'PATCH',
      url: '/api/comments/',
      headers: author.headers,
      payload: { body: 'y' },
    });
    expect(noId.statusCode).toBe(400);
    expect(noId.json()).toEqual({ id: ['This field is required.'] });
    const unknown = await app.inject({
      method: 'PATCH',
      url: '/api/comments/',
      headers: author.headers,
      payload: { id: 999999, body: 'y' },
    });
    expect(unknown.statusCode).toBe(404);
    const blank = await app.inject({
      method: 'PATCH',
      url: `/api/comments/${id}/`,
      headers: author.headers,
      payload: { body: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ body: ['This field may not be blank.'] });
    const badRemoval = await app.inject({
      method: 'PATCH',
      url: `/api/comments/${id}/`,
      headers: author.headers,
      payload: { removed_attachment_id: [424242] },
    });
    expect(badRemoval.statusCode).toBe(400);
    expect(badRemoval.json()).toEqual({
      removed_attachment_id: ['Invalid pk "424242" - object does not exist.'],
    });
  });

  it('keeps at most 10 attachments per comment', async () => {
    const author = await buildUser(db);
    const question = await buildQuestion(db);
    const image = await png();
    const created = await app.inject({
      method: 'POST',
      url: '/api/comments/',
      headers: author.headers,
      payload: multipart(
        { question: String(question.id), body: 'ten' },
        Array.from({ length: 10 }, () => ['attachments', image] as [string, Buffer]),
      ),
    });
    expect(created.statusCode).toBe(201);
    const before = await fileCount(app);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/comments/${created.json().id}/`,
      headers: author.headers,
      payload: multipart({}, [['attachments', image]]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ attachments: ['Ensure there are no more than 10 attachments.'] });
    expect(await fileCount(app)).toBe(before);
  });
});

describe('DELETE /api/comments/{id}/', () => {
  it('deletes the comment, its replies and every file; others get 403, staff may', async () => {
    const author = await buildUser(db);
    const other = await buildUser(db);
    const staff = await buildUser(db, { isStaff: true });
    const question = await buildQuestion(db);
    const before = await fileCount(app);
    const comment = (
      await app.inject({
        method: 'POST',
        url: '/api/comments/',
        headers: author.headers,
        payload: multipart({ question: String(question.id), body: 'with files' }, [
          ['attachments', await png()],
        ]),
      })
    ).json();
    const reply = await app.inject({
      method: 'POST',
      url: '/api/comments_reply/',
      headers: other.headers,
      payload: multipart({ comment: String(comment.id), body: 'reply with file' }, [
        ['attachments', await png()],
      ]),
    });
    expect(reply.statusCode).toBe(201);
    expect(await fileCount(app)).toBe(before + 2);

    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/comments/${comment.id}/`,
      headers: other.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You can only delete your own comments.' });

    const res = await app.inject({
      method: 'DELETE',
      url: `/api/comments/${comment.id}/`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await fileCount(app)).toBe(before);
    const gone = await app.inject({
      method: 'GET',
      url: `/api/comments/${comment.id}/`,
      headers: author.headers,
    });
    expect(gone.statusCode).toBe(404);
    const replyGone = await app.inject({
      method: 'GET',
      url: `/api/comments_reply/${reply.json().id}/`,
      headers: author.headers,
    });
    expect(replyGone.statusCode).toBe(404);
  });

  it('lets the author delete, and answers 404 afterwards', async () => {
    const author = await buildUser(db);
    const question = await buildQuestion(db);
    const { id } = await postComment(author, { question: question.id, body: 'bye' });
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/comments/${id}/`,
      headers: author.headers,
    });
    expect(res.statusCode).toBe(204);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/comments/${id}/`,
      headers: author.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the discussion routes', async () => {
    const schema = (await app.inject({ method: 'GET', url: '/api/schema/' })).json();
    expect(Object.keys(schema.paths)).toEqual(
      expect.arrayContaining([
        '/api/comments/',
        '/api/comments/{id}/',
        '/api/comments/{id}/increase_rank/',
        '/api/comments/{id}/remove_reaction/',
        '/api/comments_reaction/',
        '/api/comments_reply/',
        '/api/comments_reply_reaction/',
      ]),
    );
  });
});
