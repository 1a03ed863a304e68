import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupTestApp, apiCaller, restoreClockAfterEach } from '../../../test/helper';
import {
  buildCourse,
  buildModule,
  buildPlan,
  buildQuestion,
  buildUser,
  subscribe,
  type TestUser,
} from '../../../test/factories';
import { notifications, purchases, questionStats } from '../../db/schema/index';
import { clock } from '../../lib/clock';
import { announceOpenings, announceResults } from './mock-exams.service';
import { sweepOverdue } from './papers.service';
import { termsOf } from '../subscriptions/subscriptions.repository';

const { app, database, dataDir } = await setupTestApp();
const db = database.db;
restoreClockAfterEach();

const call = apiCaller(app);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const setNow = (iso: string, plus = 0) => {
  clock.now = () => new Date(Date.parse(iso) + plus);
};

/** A module with two courses: 4 qcs in A, 2 qcs + 2 qcm in B. */
async function bank() {
  const module = await buildModule(db);
  const a = await buildCourse(db, { moduleId: module.id });
  const b = await buildCourse(db, { moduleId: module.id });
  const qs = [];
  for (let i = 0; i < 4; i++) qs.push(await buildQuestion(db, { courseId: a.id }));
  for (let i = 0; i < 2; i++) qs.push(await buildQuestion(db, { courseId: b.id }));
  for (let i = 0; i < 2; i++)
    qs.push(
      await buildQuestion(db, {
        courseId: b.id,
        choiceList: [
          { text: 'A', isCorrect: true },
          { text: 'B', isCorrect: true },
          { text: 'C', isCorrect: false },
        ],
      }),
    );
  return { module, a, b, qs };
}

async function schedule(staff: TestUser, body: object) {
  const res = await call(staff, 'POST', 'staff/mock_exams/', {
    title: 'National mock #1',
    opens_at: at(-MINUTE),
    closes_at: at(2 * HOUR),
    duration_minutes: 60,
    results_at: at(3 * HOUR),
    ...body,
  });
  return res;
}

describe('staff schedule a mock exam', () => {
  it('from a blueprint with live eligible counts, or by hand; bad input is 400', async () => {
    const staff = await buildUser(db, { isStaff: true });
    const { module, a, b, qs } = await bank();
    const blueprint = [
      { course: a.id, count: 3 },
      { course: b.id, type: 'qcm', count: 2 },
    ];
    const eligible = await call(staff, 'POST', 'staff/mock_exams/eligible/', { blueprint });
    expect(eligible.json()).toEqual({
      rows: [
        { eligible: 4, count: 3 },
        { eligible: 2, count: 2 },
      ],
    });
    const drawn = await schedule(staff, { blueprint, audience_modules: [module.id] });
    expect(drawn.statusCode).toBe(201);
    const ids: number[] = drawn.json().question_ids;
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(ids.filter((id) => qs.slice(6).some((q) => q.id === id))).toHaveLength(2);

    const short = await schedule(staff, { blueprint: [{ course: b.id, type: 'qcm', count: 3 }] });
    expect(short.statusCode).toBe(400);
    expect(short.json().blueprint[0]).toMatch(/only 2 are eligible/);
    const both = await schedule(staff, { blueprint, question_ids: [qs[0]!.id] });
    expect(both.statusCode).toBe(400);
    const window = await schedule(staff, {
      question_ids: [qs[0]!.id],
      opens_at: at(HOUR),
      closes_at: at(MINUTE),
    });
    expect(window.statusCode).toBe(400);
    expect(window.json()).toHaveProperty('closes_at');
    const unknown = await schedule(staff, { question_ids: [999_999] });
    expect(unknown.statusCode).toBe(400);

    const learner = await buildUser(db);
    expect((await schedule(learner, { question_ids: [qs[0]!.id] })).statusCode).toBe(403);
    expect((await call(learner, 'GET', 'staff/mock_exams/')).statusCode).toBe(403);
  });
});

describe('learners sit a mock exam once, in its window, on the server’s clock', () => {
  it('lists it, refuses it outside its audience, window or a second time', async () => {
    const staff = await buildUser(db, { isStaff: true });
    const { module, qs } = await bank();
    const plan = await buildPlan(db, { moduleIds: [module.id] });
    const exam = (
      await schedule(staff, {
        question_ids: qs.map((q) => q.id),
        opens_at: at(HOUR),
        closes_at: at(3 * HOUR),
        results_at: at(4 * HOUR),
        audience_plan: plan.id,
      })
    ).json();
    const member = await buildUser(db);
    const now = new Date();
    await db.insert(purchases).values({
      userId: member.user.id,
      planId: plan.id,
      ...termsOf(plan, [module.id]),
      status: 'approved',
      startsAt: new Date(now.getTime() - HOUR),
      endsAt: new Date(now.getTime() + 30 * 24 * HOUR),
    });
    const outsider = await buildUser(db);

    const listed = (await call(member, 'GET', 'mock_exams/')).json();
    expect(listed.find((e: { id: number }) => e.id === exam.id)).toMatchObject({
      status: 'upcoming',
      results_out: false,
      attempt: null,
      questions_count: 8,
    });
    expect(
      (await call(outsider, 'GET', 'mock_exams/'))
        .json()
        .some((e: { id: number }) => e.id === exam.id),
    ).toBe(false);
    expect((await call(outsider, 'POST', `mock_exams/${exam.id}/attempts/`)).statusCode).toBe(403);
    const early = await call(member, 'POST', `mock_exams/${exam.id}/attempts/`);
    expect(early.statusCode).toBe(400);
    expect(early.json().non_field_errors[0]).toMatch(/opens at/);
    expect((await call(member, 'POST', 'mock_exams/999999/attempts/')).statusCode).toBe(404);

    // In the window: one sitting; a reload resumes it with the time left.
    setNow(exam.opens_at, 10 * MINUTE);
    const start = await call(member, 'POST', `mock_exams/${exam.id}/attempts/`);
    expect(start.statusCode).toBe(201);
    const attempt = start.json();
    expect(attempt.paper).toMatchObject({ kind: 'mock_exam', name: 'National mock #1' });
    expect(Date.parse(attempt.deadline) - Date.parse(attempt.started_at)).toBe(60 * MINUTE);
    await call(member, 'PUT', `paper_attempts/${attempt.id}/answers/`, {
      question: qs[0]!.id,
      choices: [qs[0]!.choices[0]!.id],
    });
    setNow(exam.opens_at, 40 * MINUTE);
    const resumed = await call(member, 'POST', `mock_exams/${exam.id}/attempts/`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ id: attempt.id, seconds_left: 30 * 60 });
    expect(resumed.json().answers).toHaveLength(1);

    // The browser is closed; the deadline passes: the sweep submits, a late answer is refused.
    setNow(exam.opens_at, 71 * MINUTE);
    expect(await sweepOverdue(app)).toBeGreaterThanOrEqual(1);
    const late = await call(member, 'PUT', `paper_attempts/${attempt.id}/answers/`, {
      question: qs[1]!.id,
      choices: [qs[1]!.choices[0]!.id],
    });
    expect(late.statusCode).toBe(409);
    expect((await call(member, 'POST', `mock_exams/${exam.id}/attempts/`)).statusCode).toBe(409);
    // No result before the publication time.
    const hidden = await call(member, 'GET', `paper_attempts/${attempt.id}/result/`);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().non_field_errors[0]).toMatch(/published at/);
    setNow(exam.closes_at, MINUTE);
    const closed = await call(staff, 'POST', `mock_exams/${exam.id}/attempts/`);
    expect(closed.statusCode).toBe(400);
  });

  it('publishes results at their time: rank, percentile, a notification, staff report and CSV', async () => {
    const staff = await buildUser(db, { isStaff: true });
    const { module, qs } = await bank();
    const exam = (
      await schedule(staff, {
        title: 'Mock, "quoted", =1+1',
        question_ids: qs.map((q) => q.id),
        audience_modules: [module.id],
      })
    ).json();
    // Five takers score 0, 2, 4, 6 and 8 (k right answers: the first k questions).
    const takers: { user: TestUser; attempt: number }[] = [];
    for (const k of [0, 2, 4, 6, 8]) {
      const user = await buildUser(db);
      await subscribe(db, user.user.id, { moduleIds: [module.id] });
      const attempt = (await call(user, 'POST', `mock_exams/${exam.id}/attempts/`)).json();
      for (const q of qs.slice(0, k)) {
        const right = q.choices.filter((c) => c.isCorrect).map((c) => c.id);
        const res = await call(user, 'PUT', `paper_attempts/${attempt.id}/answers/`, {
          question: q.id,
          choices: right,
        });
        expect(res.statusCode).toBe(200);
      }
      // The 0-scorer ticks a wrong choice everywhere so the item shares show it.
      if (k === 0)
        for (const q of qs)
          await call(user, 'PUT', `paper_attempts/${attempt.id}/answers/`, {
            question: q.id,
            choices: [q.choices[2]!.id],
          });
      expect((await call(user, 'POST', `paper_attempts/${attempt.id}/submit/`)).statusCode).toBe(
        200,
      );
      takers.push({ user, attempt: attempt.id });
    }
    const report = (await call(staff, 'GET', `staff/mock_exams/${exam.id}/report/`)).json();
    expect(report).toMatchObject({ takers: 5, mean: 4 });
    expect(report.exam).toMatchObject({ started: 5, submitted: 5 });
    expect(report.distribution.map((b: { count: number }) => b.count)).toEqual([
      1, 0, 1, 0, 0, 1, 0, 1, 0, 1,
    ]);
    // Question 1: right for 4 of 5; the top taker right, the bottom one wrong.
    expect(report.items[0]).toMatchObject({ share_right: 0.8, discrimination: 1 });
    // Question 8: right only for the top taker.
    expect(report.items[7]).toMatchObject({ share_right: 0.2, discrimination: 1 });

    // Nothing before the publication time; then every taker is told, once.
    expect(await announceResults(app)).toBe(0);
    setNow(exam.results_at, 1000);
    // (The exams of the tests above may come due at the same time.)
    expect(await announceResults(app)).toBeGreaterThanOrEqual(1);
    expect(await announceResults(app)).toBe(0);
    for (const t of takers) {
      const mine = await db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, t.user.user.id),
            eq(notifications.kind, 'mock_exam_results'),
          ),
        );
      expect(mine).toHaveLength(1);
      expect(mine[0]!.link).toBe(`/papers/attempts/${t.attempt}/result`);
    }
    const second = (
      await call(takers[3]!.user, 'GET', `paper_attempts/${takers[3]!.attempt}/result/`)
    ).json();
    // 6 of 8: one taker higher, three lower among five.
    expect(second.overall).toMatchObject({ score: 6, rank: 2, percentile: 60, takers: 5 });
    expect(second.paper.kind).toBe('mock_exam');

    const csv = await call(staff, 'GET', `staff/mock_exams/${exam.id}/results.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'rank,percentile,user_id,email,first_name,last_name,score,max_score,submitted_at',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(/^1,80,\d+,/);
    expect(lines[5]).toMatch(/^5,0,\d+,.*,0,8,/);
    const learner = takers[0]!.user;
    expect((await call(learner, 'GET', `staff/mock_exams/${exam.id}/results.csv`)).statusCode).toBe(
      403,
    );
  });
});

/** The outbox's mails to one address (the test app has no SMTP server). */
const mailsTo = (email: string) => {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}`));
};

describe('a blueprint by difficulty band', () => {
  it('counts and draws within the band, the least answered first when asked', async () => {
    const staff = await buildUser(db, { isStaff: true });
    const { a, qs } = await bank();
    // Course A's four questions: two hard (levels 4, 5), one easy; one without a difficulty.
    const stats = [
      { question: qs[0]!, difficulty: 4, answers: 90 },
      { question: qs[1]!, difficulty: 5, answers: 40 },
      { question: qs[2]!, difficulty: 1, answers: 40 },
    ];
    for (const s of stats)
      await db.insert(questionStats).values({
        questionId: s.question.id,
        answers: s.answers,
        correct: 0,
        difficulty: s.difficulty,
      });
    const eligible = await call(staff, 'POST', 'staff/mock_exams/eligible/', {
      blueprint: [
        { course: a.id, difficulty: 'hard', count: 1 },
        { course: a.id, difficulty: 'easy', count: 1 },
        { course: a.id, difficulty: 'medium', count: 1 },
      ],
    });
    expect(eligible.json().rows.map((r: { eligible: number }) => r.eligible)).toEqual([2, 1, 0]);
    // The hard question fewer learners have answered (40, not 90) is drawn first.
    const exam = await schedule(staff, {
      blueprint: [{ course: a.id, difficulty: 'hard', count: 1, prefer_unseen: true }],
    });
    expect(exam.statusCode).toBe(201);
    expect(exam.json().question_ids).toEqual([qs[1]!.id]);
    const short = await schedule(staff, {
      blueprint: [{ course: a.id, difficulty: 'medium', count: 1 }],
    });
    expect(short.statusCode).toBe(400);
    const bad = await schedule(staff, {
      blueprint: [{ course: a.id, difficulty: 'very hard', count: 1 }],
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a mock exam opens', () => {
  it('tells its audience once, mails those who opted in, with a one-click unsubscribe', async () => {
    // Exams of earlier tests that are open now are told first, before these learners exist.
    await announceOpenings(app);
    const staff = await buildUser(db, { isStaff: true });
    const { module, qs } = await bank();
    const [mailed, quiet, outsider] = [
      await buildUser(db),
      await buildUser(db),
      await buildUser(db),
    ];
    for (const l of [mailed, quiet]) await subscribe(db, l.user.id, { moduleIds: [module.id] });
    // Off by default; the learner turns it on.
    const lists = await call(mailed, 'GET', 'mail_lists/');
    expect(lists.json()).toContainEqual({ list: 'mock_exam_opens', subscribed: false });
    const on = await call(mailed, 'PUT', 'mail_lists/mock_exam_opens/', { subscribed: true });
    expect(on.json()).toEqual({ list: 'mock_exam_opens', subscribed: true });
    // An unknown list does not exist.
    expect((await call(mailed, 'PUT', 'mail_lists/nope/', { subscribed: true })).statusCode).toBe(
      404,
    );
    expect((await call(null, 'GET', 'mail_lists/')).statusCode).toBe(401);

    const res = await schedule(staff, {
      question_ids: [qs[0]!.id],
      opens_at: at(HOUR),
      closes_at: at(3 * HOUR),
      results_at: at(4 * HOUR),
      audience_modules: [module.id],
    });
    const exam = res.json();
    const toldOf = async (l: TestUser) =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, l.user.id), eq(notifications.kind, 'mock_exam_open')));
    // Not before its window opens.
    await announceOpenings(app);
    expect(await toldOf(mailed)).toHaveLength(0);

    setNow(exam.opens_at, MINUTE);
    // Two processes sweeping at once: the exam is claimed by one of them.
    await Promise.all([announceOpenings(app), announceOpenings(app)]);
    await announceOpenings(app);
    expect(await toldOf(mailed)).toHaveLength(1);
    expect((await toldOf(quiet))[0]).toMatchObject({ link: '/papers' });
    expect((await toldOf(quiet))[0]!.message).toContain('National mock #1');
    expect(await toldOf(outsider)).toHaveLength(0);
    expect(mailsTo(quiet.user.email)).toHaveLength(0);
    const mails = mailsTo(mailed.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Long header lines are folded.
    const url = /List-Unsubscribe:\s*<([^>]+)>/.exec(mails[0]!.replace(/\r?\n[ \t]+/g, ''))![1]!;
    const link = new URL(url);
    expect(link.pathname).toBe('/api/mail_lists/mock_exam_opens/unsubscribe/');

    // Signed out: GET asks to confirm, the mail client's one-click POST unsubscribes.
    const page = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe?');
    const forged = link.search.replace(/\.[A-Za-z0-9_-]{4}/, '.AAAA');
    const bad = await app.inject({ method: 'POST', url: link.pathname + forged });
    expect(bad.statusCode).toBe(404);
    const other = await app.inject({
      method: 'POST',
      url: `/api/mail_lists/mock_exam_opens/unsubscribe/?token=${quiet.user.id}.${link.searchParams.get('token')!.split('.')[1]}`,
    });
    expect(other.statusCode).toBe(404);
    const oneClick = await app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ list: 'mock_exam_opens', subscribed: false });
    expect((await call(mailed, 'GET', 'mail_lists/')).json()).toContainEqual({
      list: 'mock_exam_opens',
      subscribed: false,
    });
  });
});
