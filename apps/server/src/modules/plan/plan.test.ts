import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import {
  buildCourse,
  buildModule,
  buildQuestion,
  buildUser,
  subscribe,
  type TestUser,
} from '../../../test/factories';
import { clock } from '../../lib/clock';
import { unsubscribeToken } from '../notifications/unsubscribe';
import { sendReminders } from './plan.service';

const { app, database, dataDir } = await setupTestApp();
const db = database.db;
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
const setNow = (iso: string) => {
  clock.now = () => new Date(iso);
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/${url}`,
    headers: user?.headers ?? {},
    ...(payload ? { payload } : {}),
  });

type Built = Awaited<ReturnType<typeof buildQuestion>>;
const right = (q: Built) => q.choices.filter((c) => c.isCorrect).map((c) => c.id);
const answer = (user: TestUser, q: Built) =>
  call(user, 'POST', 'question_answer_history/', {
    question: q.id,
    choices: right(q),
    mode: 'study',
    time_spent_ms: 20_000,
  });

/** A learner subscribed to a module of `n` questions (and a module they may not read). */
async function learnerWithBank(n = 20) {
  const module = await buildModule(db);
  const course = await buildCourse(db, { moduleId: module.id });
  const qs: Built[] = [];
  for (let i = 0; i < n; i++) qs.push(await buildQuestion(db, { courseId: course.id, order: i }));
  const closed = await buildModule(db);
  const learner = await buildUser(db);
  await subscribe(db, learner.user.id, { moduleIds: [module.id] });
  return { module, closed, qs, learner };
}

// Monday 2 March 2026; the exam on the 12th leaves 2–11 March, Sundays and the 5th off.
const MONDAY = '2026-03-02T10:00:00Z';
const plan = (extra = {}) => ({
  exam_date: '2026-03-12',
  weekdays_off: [7],
  dates_off: ['2026-03-05'],
  ...extra,
});

const outbox = (to: string) => {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((raw) => raw.includes(`To: ${to}`));
};

describe('the plan to the exam date', () => {
  it('divides the unanswered questions over the study days, days off left out', async () => {
    const { learner, module } = await learnerWithBank();
    setNow(MONDAY);
    expect((await call(learner, 'GET', 'plan/')).statusCode).toBe(404);
    const res = await call(learner, 'PUT', 'plan/', plan());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      exam_date: '2026-03-12',
      covered_modules: [module.id],
      today: '2026-03-02',
      day_off: false,
      study_days_left: 8,
      remaining: 20,
      quota: 3,
      new_done: 0,
      behind: 0,
      reminder: false,
    });
    expect(body.days).toHaveLength(10);
    const offDays = body.days.filter((d: { day_off: boolean }) => d.day_off);
    expect(offDays.map((d: { date: string }) => d.date)).toEqual(['2026-03-05', '2026-03-08']);
    expect(body.days.reduce((s: number, d: { new: number }) => s + d.new, 0)).toBe(20);
  });

  it('says how far behind or ahead the learner is, and the quota follows', async () => {
    // Answers are stamped by the database's clock: "Tuesday" is the real today.
    const DAY = 86_400_000;
    const on = (days: number) => {
      const at = Date.now() + days * DAY;
      clock.now = () => new Date(at);
      return new Date(at).toISOString().slice(0, 10);
    };
    const { learner, qs } = await learnerWithBank();
    const monday = on(-1);
    const exam = new Date(Date.parse(monday) + 10 * DAY).toISOString().slice(0, 10);
    // 20 questions over 10 study days: 2 a day.
    const set = await call(learner, 'PUT', 'plan/', { exam_date: exam });
    expect(set.json()).toMatchObject({ quota: 2, behind: 0, study_days_left: 10 });
    // Nothing done on Monday: on Tuesday 2 behind, 20 over 9 days.
    on(0);
    expect((await call(learner, 'GET', 'plan/')).json()).toMatchObject({ quota: 3, behind: 2 });
    for (const q of qs.slice(0, 8)) expect((await answer(learner, q)).statusCode).toBe(201);
    // Today's quota holds through the day; the answers count as done.
    expect((await call(learner, 'GET', 'plan/')).json()).toMatchObject({
      quota: 3,
      new_done: 8,
      remaining: 12,
    });
    // Wednesday: 12 left where the line expects 16: 4 ahead, 12 over 8 days.
    on(1);
    expect((await call(learner, 'GET', 'plan/')).json()).toMatchObject({
      quota: 2,
      behind: -4,
      new_done: 0,
      study_days_left: 8,
    });
    // Turning the reminder on keeps the line; a new date starts it again.
    const kept = await call(learner, 'PUT', 'plan/', { exam_date: exam, reminder: true });
    expect(kept.json()).toMatchObject({ behind: -4, reminder: true });
    const later = new Date(Date.parse(exam) + 2 * DAY).toISOString().slice(0, 10);
    const fresh = await call(learner, 'PUT', 'plan/', { exam_date: later });
    expect(fresh.json()).toMatchObject({ behind: 0, remaining: 12 });
  });

  it('counts a question answered before today as done, not as new today', async () => {
    const { learner, qs } = await learnerWithBank(3);
    await answer(learner, qs[0]!);
    const exam = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await call(learner, 'PUT', 'plan/', { exam_date: exam });
    expect((await call(learner, 'GET', 'plan/')).json()).toMatchObject({ new_done: 1 });
    // Tomorrow its second answer is no new question.
    const tomorrow = Date.now() + 86_400_000;
    clock.now = () => new Date(tomorrow);
    expect((await call(learner, 'GET', 'plan/')).json()).toMatchObject({
      new_done: 0,
      remaining: 2,
    });
  });

  it('shows the reviews due each day as the review forecast does, and today’s reviews', async () => {
    const { learner, qs } = await learnerWithBank(4);
    setNow(MONDAY);
    for (const q of qs.slice(0, 3)) await answer(learner, q);
    await call(learner, 'PUT', 'plan/', plan());
    const body = (await call(learner, 'GET', 'plan/')).json();
    const forecast = (await call(learner, 'GET', 'review/forecast/')).json();
    const byDate = new Map(forecast.days.map((d: { date: string; count: number }) => [d.date, d]));
    for (const day of body.days)
      expect(day.reviews).toBe((byDate.get(day.date) as { count: number }).count);
    const planned = body.days.reduce((s: number, d: { reviews: number }) => s + d.reviews, 0);
    expect(planned).toBeGreaterThan(0);
    const due = (await call(learner, 'GET', 'review/due/')).json();
    expect(body.reviews_due - body.reviews_done).toBe(due.count);
  });

  it('refuses bad input with the field named', async () => {
    const { learner, closed } = await learnerWithBank(1);
    setNow(MONDAY);
    const bad = async (payload: object) => {
      const res = await call(learner, 'PUT', 'plan/', payload);
      expect(res.statusCode).toBe(400);
      // A list item's error is keyed by its index (the API's nested-field convention).
      return [...new Set(Object.keys(res.json()).map((key) => key.split('.')[0]))];
    };
    expect(await bad(plan({ exam_date: '2026-03-02' }))).toEqual(['exam_date']);
    expect(await bad(plan({ exam_date: '2029-01-01' }))).toEqual(['exam_date']);
    expect(await bad(plan({ exam_date: 'soon' }))).toEqual(['exam_date']);
    expect(await bad(plan({ weekdays_off: [8] }))).toEqual(['weekdays_off']);
    expect(await bad(plan({ weekdays_off: [1, 2, 3, 4, 5, 6, 7] }))).toEqual(['weekdays_off']);
    expect(await bad(plan({ dates_off: ['2026-02-30'] }))).toEqual(['dates_off']);
    expect(await bad(plan({ modules: [closed.id] }))).toEqual(['modules']);
    expect(await bad(plan({ modules: [0] }))).toEqual(['modules']);
    expect(await bad(plan({ reminder: 'yes' }))).toEqual(['reminder']);
    expect((await call(learner, 'POST', 'plan/block/', { size: 0 })).statusCode).toBe(400);
  });

  it('is its owner’s only', async () => {
    const { learner } = await learnerWithBank(2);
    const other = await buildUser(db);
    setNow(MONDAY);
    await call(learner, 'PUT', 'plan/', plan());
    expect((await call(null, 'GET', 'plan/')).statusCode).toBe(401);
    expect((await call(null, 'PUT', 'plan/', plan())).statusCode).toBe(401);
    expect((await call(other, 'GET', 'plan/')).statusCode).toBe(404);
    expect((await call(other, 'POST', 'plan/block/', {})).statusCode).toBe(404);
    expect((await call(other, 'DELETE', 'plan/')).statusCode).toBe(404);
    expect((await call(learner, 'GET', 'plan/')).statusCode).toBe(200);
    expect((await call(learner, 'DELETE', 'plan/')).statusCode).toBe(204);
    expect((await call(learner, 'GET', 'plan/')).statusCode).toBe(404);
  });

  it('starts a block of the unanswered questions, today’s quota left', async () => {
    const { learner, qs } = await learnerWithBank(6);
    setNow(MONDAY);
    await answer(learner, qs[0]!);
    await call(learner, 'PUT', 'plan/', plan({ exam_date: '2026-03-04' }));
    // 6 questions over Monday and Tuesday: 3 a day, 1 already done today.
    const run = await call(learner, 'POST', 'plan/block/', {});
    expect(run.statusCode).toBe(200);
    expect(run.json().session).toEqual(expect.any(Number));
    expect(run.json().questions.map((q: { id: number }) => q.id)).toEqual([qs[1]!.id, qs[2]!.id]);
    const more = await call(learner, 'POST', 'plan/block/', { size: 10 });
    expect(more.json().questions).toHaveLength(5);
  });
});

describe('the daily reminder', () => {
  it('goes once a day per learner in their morning, even with two sweeps at once', async () => {
    const { learner } = await learnerWithBank(24);
    const quiet = (await learnerWithBank(1)).learner;
    setNow(MONDAY);
    await call(learner, 'PATCH', 'review/settings/', { time_zone: 'Asia/Tokyo' });
    await call(learner, 'PUT', 'plan/', plan({ reminder: true }));
    await call(quiet, 'PUT', 'plan/', plan());
    const email = learner.user.email;
    // 21:30 UTC on Monday is 06:30 on Tuesday in Tokyo: not yet.
    setNow('2026-03-02T21:30:00Z');
    await sendReminders(app);
    expect(outbox(email)).toHaveLength(0);
    // 23:00 UTC is 08:00 in Tokyo: two sweeps at once send one mail.
    setNow('2026-03-02T23:00:00Z');
    await Promise.all([sendReminders(app), sendReminders(app)]);
    await sendReminders(app);
    const mails = outbox(email);
    expect(mails).toHaveLength(1);
    // Headers unfolded (RFC 5322: a long header continues on lines starting with a space).
    const head = mails[0]!.split('\n\n')[0]!.replace(/\n /g, ' ');
    expect(head).toMatch(
      /^List-Unsubscribe: <http[^>]+\/api\/mail_lists\/plan_reminder\/unsubscribe\/\?token=/m,
    );
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Tuesday in Tokyo: 24 over 7 study days, 3 behind Monday's line of 3 a day.
    expect(head).toMatch(/^Subject: Today's plan: 4 new, 0 to review$/m);
    expect(mails[0]!.replace(/=\n/g, '')).toContain(
      "You are 3 questions behind; today's quota is 4.",
    );
    // Off by default: the other learner got nothing.
    expect(outbox(quiet.user.email)).toHaveLength(0);
    // The next Tokyo morning, one more.
    setNow('2026-03-03T23:00:00Z');
    await sendReminders(app);
    expect(outbox(email)).toHaveLength(2);
  });

  it('unsubscribes in one click, signed out; GET only asks', async () => {
    const { learner } = await learnerWithBank(1);
    setNow(MONDAY);
    await call(learner, 'PUT', 'plan/', plan({ reminder: true }));
    const token = unsubscribeToken(app, 'plan_reminder', learner.user.id);
    const url = `/api/mail_lists/plan_reminder/unsubscribe/?token=${encodeURIComponent(token)}`;
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post"');
    expect((await call(learner, 'GET', 'plan/')).json().reminder).toBe(true);
    // RFC 8058: the mail client posts the form.
    const posted = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ list: 'plan_reminder', subscribed: false });
    expect((await call(learner, 'GET', 'plan/')).json().reminder).toBe(false);
    // A browser gets a page; a forged or foreign token is refused.
    const again = await app.inject({ method: 'POST', url, headers: { accept: 'text/html' } });
    expect(again.body).toContain('You will no longer get the daily reminder of your plan');
    const other = await buildUser(db);
    const forged = token.replace(/^\d+/, String(other.user.id));
    const refused = await app.inject({
      method: 'POST',
      url: `/api/mail_lists/plan_reminder/unsubscribe/?token=${encodeURIComponent(forged)}`,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: 'This unsubscribe link is not valid.' });
    const missing = await app.inject({
      method: 'GET',
      url: '/api/mail_lists/plan_reminder/unsubscribe/',
    });
    expect(missing.statusCode).toBe(400);
  });
});
