import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OWN_CONNECTION_NAME } from '../db/client';
import type { App } from '../app';
import { definedCaches } from './cache';
import { buildCourse, buildQuestion, buildUser } from '../../test/factories';
import { eventually, startInstances } from '../../test/instances';
import { freshEmail, freshIp, startMailbox } from '../modules/auth/auth.test-support';
import { buildPlan, buy } from '../../test/factories';

/**
 * Decision 041: two instances on one PostgreSQL database keep their caches (question pages,
 * tokens, access) coherent through LISTEN/NOTIFY: a write through A is seen through B on its
 * next reads, within milliseconds, never after a cache lifetime.
 */
const mailbox = await startMailbox();
const { apps, db } = await startInstances(2, {
  SMTP_URL: mailbox.url,
  FREE_QUESTIONS_PER_COURSE: '1',
});
const [a, b] = apps as [App, App];
/** How long B may take to see A's write: a NOTIFY round trip on one host, with a margin. */
const AT_ONCE_MS = 1_000;

type Headers = { authorization: string };
const get = (app: App, url: string, headers: Headers) =>
  app.inject({ method: 'GET', url, headers });

/** A learner and a course of two questions (the second locked without a subscription). */
async function learnerAndCourse() {
  const learner = await buildUser(db);
  const course = await buildCourse(db);
  const first = await buildQuestion(db, { courseId: course.id, order: 1 });
  const second = await buildQuestion(db, { courseId: course.id, order: 2 });
  const flags = async (app: App) => {
    const res = await get(app, `/api/questns/?course=${course.id}`, learner.headers);
    expect(res.statusCode).toBe(200);
    return res.json().results[0] as { is_favorite: boolean; has_note: boolean };
  };
  return { learner, first, second, flags };
}

/** Times B's reads until they show the write; fails past AT_ONCE_MS. */
async function seenThroughB<T>(read: () => Promise<T>, seen: (value: T) => boolean) {
  const started = Date.now();
  const value = await eventually(read, seen, AT_ONCE_MS);
  expect(seen(value), `not seen within ${AT_ONCE_MS} ms`).toBe(true);
  return Date.now() - started;
}

describe('two instances on one PostgreSQL database', () => {
  it('a favourite and a note written through A show on B’s cached question page', async () => {
    const { learner, first, flags } = await learnerAndCourse();
    expect(await flags(b)).toMatchObject({ is_favorite: false, has_note: false });
    expect(await flags(b)).toMatchObject({ is_favorite: false, has_note: false }); // warm
    const favourite = await a.inject({
      method: 'POST',
      url: '/api/favorite_questions/',
      headers: learner.headers,
      payload: { question: first.id },
    });
    expect(favourite.statusCode).toBe(201);
    await seenThroughB(
      () => flags(b),
      (f) => f.is_favorite,
    );
    const note = await a.inject({
      method: 'POST',
      url: '/api/noteitemsdetail/',
      headers: learner.headers,
      payload: { question: first.id, content: 'written on A' },
    });
    expect(note.statusCode).toBe(201);
    await seenThroughB(
      () => flags(b),
      (f) => f.has_note,
    );
  });

  it('an answer through A shows on B’s cached page, and B forgets the card it remembered', async () => {
    const { learner, first } = await learnerAndCourse();
    const answer = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/question_answer_history/',
        headers: learner.headers,
        payload: { question: first.id, choices: [first.choices[0]!.id], mode: 'study' },
      });
    const shown = async (app: App) => {
      const res = await get(app, `/api/questns/?course=${first.courseId}`, learner.headers);
      return res.json().results[0] as { correction: unknown };
    };
    expect((await shown(b)).correction).toBeNull();
    expect((await shown(b)).correction).toBeNull(); // warm
    expect((await answer(a)).statusCode).toBe(201);
    // The answer's own statement sent the notice as it committed (no NOTIFY of its own).
    await seenThroughB(
      () => shown(b),
      (q) => q.correction !== null,
    );

    const remembered = () =>
      definedCaches()
        .get('answer-cards')!
        .peek(b.db)
        ?.list()
        .some(([key]) => key === `${learner.user.id}:${first.id}`);
    expect((await answer(b)).statusCode).toBe(201);
    expect(remembered()).toBe(true);
    expect((await answer(a)).statusCode).toBe(201);
    await seenThroughB(
      async () => remembered(),
      (kept) => !kept,
    );
  });

  it('answers go on when the database closes the connection they are written on', async () => {
    const { learner, first } = await learnerAndCourse();
    const answer = () =>
      a.inject({
        method: 'POST',
        url: '/api/question_answer_history/',
        headers: learner.headers,
        payload: { question: first.id, choices: [first.choices[0]!.id], mode: 'study' },
      });
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const ownConnections = async () =>
      (
        await rows<{ pid: number }>(sql`select pid from pg_stat_activity
          where application_name = ${OWN_CONNECTION_NAME}`)
      ).map((r) => r.pid);
    expect((await answer()).statusCode).toBe(201);
    const before = await ownConnections();
    expect(before.length).toBeGreaterThan(0);
    // As a restarted database or an operator's pg_terminate_backend would.
    await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${OWN_CONNECTION_NAME}`);
    await eventually(ownConnections, (pids) => pids.every((pid) => !before.includes(pid)));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the instance hears of it
    expect((await answer()).statusCode).toBe(201);
    expect((await answer()).statusCode).toBe(201);
    const answers = await rows<{ n: number }>(sql`select count(*)::int as n
      from question_answer_history where user_id = ${learner.user.id}`);
    expect(answers).toEqual([{ n: 3 }]);
  });

  it('a purchase approved through A opens the locked question through B', async () => {
    const { learner, second } = await learnerAndCourse();
    const staff = await buildUser(db, { isStaff: true });
    const read = () => get(b, `/api/questns/${second.id}/`, learner.headers);
    expect((await read()).statusCode).toBe(403);
    const plan = await buildPlan(db);
    const bought = await buy(a, learner.headers, { plan: String(plan.id), payment_reference: 'T' });
    expect(bought.statusCode).toBe(201);
    expect((await read()).statusCode).toBe(403); // pending: still locked, and cached
    const approved = await a.inject({
      method: 'POST',
      url: `/api/staff/purchases/${bought.json().id}/approve/`,
      headers: staff.headers,
    });
    expect(approved.statusCode).toBe(200);
    await seenThroughB(read, (res) => res.statusCode === 200);
  });

  it('a password reset through A revokes the token on B at once', async () => {
    const learner = await buildUser(db, { email: freshEmail('instances') });
    const me = () => get(b, '/api/auth/user/', learner.headers);
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200); // B has the token cached
    const email = learner.user.email;
    const post = (url: string, payload: object) =>
      a.inject({ method: 'POST', url, payload, remoteAddress: freshIp() });
    expect((await post('/api/password-reset/request/', { email })).statusCode).toBe(200);
    const reset = await post('/api/password-reset/verify_email/', {
      code: mailbox.lastCode(email),
      new_password1: 'Quartz-Lantern-683',
      new_password2: 'Quartz-Lantern-683',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await seenThroughB(me, (res) => res.statusCode === 401);
  });
});
