import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildQuestion, buildUser, type TestUser } from '../../../test/factories';

const { app, database } = await setupTestApp();
const db = database.db;

async function newComment(author: TestUser, questionId?: number) {
  const question = questionId ?? (await buildQuestion(db)).id;
  const res = await app.inject({
    method: 'POST',
    url: '/api/comments/',
    headers: author.headers,
    payload: { question, body: 'vote on me' },
  });
  return res.json() as { id: number; question: number };
}

async function newReply(author: TestUser, commentId: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/comments_reply/',
    headers: author.headers,
    payload: { comment: commentId, body: 'a reply' },
  });
  return res.json() as { id: number };
}

const react = (path: string, id: number, action: string, user: TestUser) =>
  app.inject({
    method: action === 'remove_reaction' ? 'DELETE' : 'POST',
    url: `/api/${path}/${id}/${action}/`,
    headers: user.headers,
  });

const users = (n: number) => Promise.all(Array.from({ length: n }, () => buildUser(db)));

for (const path of ['comments', 'comments_reply'] as const) {
  const target = async (author: TestUser) => {
    const comment = await newComment(author);
    return path === 'comments' ? comment.id : (await newReply(author, comment.id)).id;
  };

  describe(`reactions on /api/${path}/`, () => {
    it('sets, repeats, switches and removes the caller’s reaction with an exact rank', async () => {
      const [author, me, other] = await users(3);
      const id = await target(author!);
      await react(path, id, 'increase_rank', other!);

      const up = await react(path, id, 'increase_rank', me!);
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ id, rank: 2, my_reaction: 1 });
      expect((await react(path, id, 'increase_rank', me!)).json()).toEqual({
        id,
        rank: 2,
        my_reaction: 1,
      });
      // Switching sides moves the rank by 2.
      expect((await react(path, id, 'decrease_rank', me!)).json()).toEqual({
        id,
        rank: 0,
        my_reaction: -1,
      });
      expect((await react(path, id, 'decrease_rank', me!)).json()).toEqual({
        id,
        rank: 0,
        my_reaction: -1,
      });
      const seen = await app.inject({
        method: 'GET',
        url: `/api/${path}/${id}/`,
        headers: me!.headers,
      });
      expect(seen.json()).toMatchObject({ rank: 0, my_reaction: -1 });
      expect((await react(path, id, 'remove_reaction', me!)).json()).toEqual({
        id,
        rank: 1,
        my_reaction: null,
      });
      // Removing a reaction that is not there changes nothing.
      expect((await react(path, id, 'remove_reaction', me!)).json()).toEqual({
        id,
        rank: 1,
        my_reaction: null,
      });
    });

    it('answers 404 for an unknown id and for a malformed one', async () => {
      const [me] = await users(1);
      for (const action of ['increase_rank', 'decrease_rank', 'remove_reaction']) {
        const res = await react(path, 999999, action, me!);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      }
      const bad = await app.inject({
        method: 'POST',
        url: `/api/${path}/abc/increase_rank/`,
        headers: me!.headers,
      });
      // A path id that is not an id names no object (issue 17): 404, decided before the database.
      expect(bad.statusCode).toBe(404);
    });

    it('counts 50 concurrent reactions from 50 users exactly', async () => {
      const [author] = await users(1);
      const id = await target(author!);
      const voters = await users(50);
      const results = await Promise.all(
        voters.map((v, i) => react(path, id, i % 5 === 0 ? 'decrease_rank' : 'increase_rank', v)),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      // 40 ups and 10 downs.
      const seen = await app.inject({
        method: 'GET',
        url: `/api/${path}/${id}/`,
        headers: author!.headers,
      });
      expect(seen.json().rank).toBe(30);
      // Every voter switches at once: the rank flips exactly.
      await Promise.all(
        voters.map((v, i) => react(path, id, i % 5 === 0 ? 'increase_rank' : 'decrease_rank', v)),
      );
      const flipped = await app.inject({
        method: 'GET',
        url: `/api/${path}/${id}/`,
        headers: author!.headers,
      });
      expect(flipped.json().rank).toBe(-30);
    });

    it('counts 20 concurrent identical reactions from one user once', async () => {
      const [author, me] = await users(2);
      const id = await target(author!);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => react(path, id, 'increase_rank', me!)),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(results.map((r) => r.json().rank)).toEqual(Array(20).fill(1));
      const mixed = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          react(path, id, i % 2 ? 'remove_reaction' : 'decrease_rank', me!),
        ),
      );
      expect(mixed.every((r) => r.statusCode === 200)).toBe(true);
      const seen = await app.inject({
        method: 'GET',
        url: `/api/${path}/${id}/`,
        headers: me!.headers,
      });
      // Whatever order they ran in, the rank is that of the reaction left behind.
      const expected = seen.json().my_reaction ?? 0;
      expect(seen.json().rank).toBe(expected);
    });
  });
}

describe('GET /api/comments_reaction/', () => {
  it("lists the caller's reactions, by question or by comment", async () => {
    const [author, me, other] = await users(3);
    const question = await buildQuestion(db);
    const a = await newComment(author!, question.id);
    const b = await newComment(author!, question.id);
    const elsewhere = await newComment(author!);
    await react('comments', a.id, 'increase_rank', me!);
    await react('comments', b.id, 'decrease_rank', me!);
    await react('comments', elsewhere.id, 'increase_rank', me!);
    await react('comments', a.id, 'decrease_rank', other!);

    const byQuestion = await app.inject({
      method: 'GET',
      url: `/api/comments_reaction/?question=${question.id}`,
      headers: me!.headers,
    });
    expect(byQuestion.statusCode).toBe(200);
    expect(byQuestion.json()).toEqual([
      { id: expect.any(Number), comment: a.id, value: 1 },
      { id: expect.any(Number), comment: b.id, value: -1 },
    ]);
    const byComment = await app.inject({
      method: 'GET',
      url: `/api/comments_reaction/?comment=${b.id}`,
      headers: me!.headers,
    });
    expect(byComment.json()).toEqual([{ id: expect.any(Number), comment: b.id, value: -1 }]);
    const all = await app.inject({
      method: 'GET',
      url: '/api/comments_reaction/',
      headers: me!.headers,
    });
    expect(all.json()).toHaveLength(3);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/comments_reaction/?question=x',
      headers: me!.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ question: ['A valid integer is required.'] });
  });
});

describe('GET /api/comments_reply_reaction/', () => {
  it("lists the caller's reactions on replies, by comment or by reply", async () => {
    const [author, me] = await users(2);
    const comment = await newComment(author!);
    const r1 = await newReply(author!, comment.id);
    const r2 = await newReply(author!, comment.id);
    await react('comments_reply', r1.id, 'increase_rank', me!);
    await react('comments_reply', r2.id, 'decrease_rank', me!);
    const byComment = await app.inject({
      method: 'GET',
      url: `/api/comments_reply_reaction/?comment=${comment.id}`,
      headers: me!.headers,
    });
    expect(byComment.json()).toEqual([
      { id: expect.any(Number), reply: r1.id, value: 1 },
      { id: expect.any(Number), reply: r2.id, value: -1 },
    ]);
    const byReply = await app.inject({
      method: 'GET',
      url: `/api/comments_reply_reaction/?reply=${r2.id}`,
      headers: me!.headers,
    });
    expect(byReply.json()).toEqual([{ id: expect.any(Number), reply: r2.id, value: -1 }]);
    const theirs = await app.inject({
      method: 'GET',
      url: '/api/comments_reply_reaction/',
      headers: author!.headers,
    });
    expect(theirs.json()).toEqual([]);
  });
});
