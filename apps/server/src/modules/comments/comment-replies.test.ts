import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildQuestion, buildUser, type TestUser } from '../../../test/factories';
import { fileCount, formData as multipart, pngImage as png } from '../../../test/uploads';

const { app, database } = await setupTestApp();
const db = database.db;

async function newComment(author: TestUser) {
  const question = await buildQuestion(db);
  const res = await app.inject({
    method: 'POST',
    url: '/api/comments/',
    headers: author.headers,
    payload: { question: question.id, body: 'the comment' },
  });
  return res.json() as { id: number };
}

async function postReply(author: TestUser, comment: number, body = 'a reply') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/comments_reply/',
    headers: author.headers,
    payload: { comment, body },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('POST /api/comments_reply/', () => {
  it('replies to a comment, as JSON or multipart with attachments', async () => {
    const author = await buildUser(db);
    const replier = await buildUser(db, { firstName: 'Yacine', lastName: 'K' });
    const comment = await newComment(author);
    const reply = await postReply(replier, comment.id, 'I agree');
    expect(reply).toEqual({
      id: expect.any(Number),
      comment: comment.id,
      author: {
        id: replier.user.id,
        first_name: 'Yacine',
        last_name: 'K',
        image: null,
        is_staff: false,
      },
      body: 'I agree',
      attachments: [],
      rank: 0,
      my_reaction: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      is_mine: true,
    });

    const before = await fileCount(app);
    const withFile = await app.inject({
      method: 'POST',
      url: '/api/comments_reply/',
      headers: replier.headers,
      payload: multipart({ comment: String(comment.id), body: 'photo' }, [
        ['attachments[0]', await png()],
      ]),
    });
    expect(withFile.statusCode).toBe(201);
    expect(withFile.json().attachments[0].url).toMatch(/^\/media\/comment-replies\/.+\.png$/);
    expect(await fileCount(app)).toBe(before + 1);

    const seen = await app.inject({
      method: 'GET',
      url: `/api/comments/${comment.id}/`,
      headers: author.headers,
    });
    expect(seen.json().replies_count).toBe(2);
  });

  it('validates comment and body', async () => {
    const author = await buildUser(db);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { comment: ['This field is required.'], body: ['This field is required.'] }],
      [
        { comment: 999999, body: 'x' },
        { comment: ['Invalid pk "999999" - object does not exist.'] },
      ],
      [
        { comment: 1, body: 'x'.repeat(10_001) },
        { body: ['Ensure this field has no more than 10000 characters.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/comments_reply/',
        headers: author.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
  });
});

describe('GET /api/comments_reply/', () => {
  it("lists a comment's replies oldest first, or by rank", async () => {
    const author = await buildUser(db);
    const reader = await buildUser(db);
    const comment = await newComment(author);
    const first = await postReply(author, comment.id, 'first');
    const second = await postReply(reader, comment.id, 'second');
    await app.inject({
      method: 'POST',
      url: `/api/comments_reply/${second.id}/increase_rank/`,
      headers: author.headers,
    });

    const res = await app.inject({
      method: 'GET',
      url: `/api/comments_reply/?comment=${comment.id}`,
      headers: reader.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    expect(res.json().results.map((r: { id: number }) => r.id)).toEqual([first.id, second.id]);
    expect(res.json().results.map((r: { is_mine: boolean }) => r.is_mine)).toEqual([false, true]);

    const top = await app.inject({
      method: 'GET',
      url: `/api/comments_reply/?comment=${comment.id}&ordering=-rank`,
      headers: reader.headers,
    });
    expect(top.json().results.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);

    const missing = await app.inject({
      method: 'GET',
      url: '/api/comments_reply/',
      headers: reader.headers,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ comment: ['This field is required.'] });
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/comments_reply/999999/',
      headers: reader.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PATCH and DELETE /api/comments_reply/', () => {
  it('lets the author edit (path or body id) and remove attachments, refusing others', async () => {
    const author = await buildUser(db);
    const other = await buildUser(db);
    const comment = await newComment(author);
    const created = await app.inject({
      method: 'POST',
      url: '/api/comments_reply/',
      headers: author.headers,
      payload: multipart({ comment: String(comment.id), body: 'v1' }, [
        ['attachments', await png()],
      ]),
    });
    const reply = created.json();
    const before = await fileCount(app);

    const refused = await app.inject({
      method: 'PATCH',
      url: `/api/comments_reply/${reply.id}/`,
      headers: other.headers,
      payload: { body: 'hijacked' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You can only edit your own replies.' });

    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/comments_reply/${reply.id}/`,
      headers: author.headers,
      payload: multipart({ body: 'v2', removed_attachment_id: String(reply.attachments[0].id) }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: reply.id, body: 'v2', attachments: [] });
    expect(await fileCount(app)).toBe(before - 1);

    const viaBody = await app.inject({
      method: 'PATCH',
      url: '/api/comments_reply/',
      headers: author.headers,
      payload: { id: reply.id, body: 'v3' },
    });
    expect(viaBody.statusCode).toBe(200);
    expect(viaBody.json().body).toBe('v3');
  });

  it('lets the author or staff delete a reply with its files; others get 403', async () => {
    const author = await buildUser(db);
    const other = await buildUser(db);
    const staff = await buildUser(db, { isStaff: true });
    const comment = await newComment(author);
    const before = await fileCount(app);
    const withFile = (
      await app.inject({
        method: 'POST',
        url: '/api/comments_reply/',
        headers: author.headers,
        payload: multipart({ comment: String(comment.id), body: 'x' }, [
          ['attachments', await png()],
        ]),
      })
    ).json();
    const plain = await postReply(author, comment.id);

    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/comments_reply/${withFile.id}/`,
      headers: other.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You can only delete your own replies.' });

    const byAuthor = await app.inject({
      method: 'DELETE',
      url: `/api/comments_reply/${withFile.id}/`,
      headers: author.headers,
    });
    expect(byAuthor.statusCode).toBe(204);
    expect(await fileCount(app)).toBe(before);
    const byStaff = await app.inject({
      method: 'DELETE',
      url: `/api/comments_reply/${plain.id}/`,
      headers: staff.headers,
    });
    expect(byStaff.statusCode).toBe(204);
    const seen = await app.inject({
      method: 'GET',
      url: `/api/comments/${comment.id}/`,
      headers: author.headers,
    });
    expect(seen.json().replies_count).toBe(0);
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/comments_reply/${plain.id}/`,
      headers: author.headers,
    });
    expect(gone.statusCode).toBe(404);
  });
});
