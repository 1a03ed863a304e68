import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import {
  buildCourse,
  buildModule,
  buildQuestion,
  buildSource,
  buildUser,
  type TestUser,
} from '../../../test/factories';
import { questionAnswerHistory } from '../../db/schema/index';
import { streaks } from './dashboard.service';
import { rebuildAll } from '../answers/index';

/** The calendar date (YYYY-MM-DD) of an instant in a time zone (en-CA writes ISO dates). */
const dayIn = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(ms);
import { studyModule, writeHistory, type PastAnswer } from './stats.fixtures';

const { app, database } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '1000' });
const db = database.db;

const get = (user: TestUser | null, url: string) =>
  app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

async function courseWithQuestions(moduleId: number, count: number, sourceId?: number) {
  const course = await buildCourse(db, { moduleId });
  const questions = [];
  for (let i = 0; i < count; i++)
    questions.push(await buildQuestion(db, { courseId: course.id, order: i, sourceId }));
  return { course, questions };
}

const answersOf = (
  userId: number,
  questions: Awaited<ReturnType<typeof buildQuestion>>[],
  right: number,
  extra: Partial<PastAnswer> = {},
): PastAnswer[] =>
  questions.map((q, i) => ({
    userId,
    questionId: q.id,
    choices: [q.choices[i < right ? 0 : 1]!.id],
    isCorrect: i < right,
    ...extra,
  }));

describe('streaks', () => {
  it('counts the run that reaches today or yesterday, and the longest', () => {
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-05', '2026-01-06'];
    expect(streaks(days, '2026-01-06')).toEqual({ current: 2, longest: 3 });
    expect(streaks(days, '2026-01-07')).toEqual({ current: 2, longest: 3 });
    expect(streaks(days, '2026-01-08')).toEqual({ current: 0, longest: 3 });
    expect(streaks([], '2026-01-08')).toEqual({ current: 0, longest: 0 });
  });
});

describe('GET /api/dashboard/', () => {
  it('sums counted answers by module, course, source and day; streak; percentile', async () => {
    const cardio = await buildModule(db, { name: 'Cardiology' });
    const neuro = await buildModule(db, { name: 'Neurology' });
    const exam = await buildSource(db, { moduleId: cardio.id, name: 'Exam 2019', year: 2019 });
    const heart = await courseWithQuestions(cardio.id, 20, exam.id);
    const brain = await courseWithQuestions(neuro.id, 4);
    const me = await buildUser(db);
    // Peers of the heart course with 4, 8, 12, 16 and 20 of 20 right; the caller has 12.
    const peers = await Promise.all([4, 8, 12, 16, 20].map(() => buildUser(db)));
    const history: PastAnswer[] = peers.flatMap((p, i) =>
      answersOf(p.user.id, heart.questions, 4 * (i + 1)),
    );
    // The caller: 20 heart answers over today, yesterday and 2 days ago (12 right), 4 brain
    // answers 10–13 days ago (1 right, 30 s each), one uncounted answer.
    history.push(
      ...answersOf(me.user.id, heart.questions, 12).map((a, i) => ({
        ...a,
        daysAgo: i % 3,
        timeSpentMs: 20_000,
      })),
      ...answersOf(me.user.id, brain.questions, 1).map((a, i) => ({
        ...a,
        daysAgo: 10 + i,
        timeSpentMs: 30_000,
      })),
      { ...answersOf(me.user.id, brain.questions, 4)[0]!, counted: false, daysAgo: 20 },
    );
    await writeHistory(db, history);

    const res = await get(me, '/api/dashboard/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({
      answers: 24,
      correct: 13,
      time_ms: 20 * 20_000 + 4 * 30_000,
      questions: 24,
      days_studied: 7,
    });
    expect(body.by_module).toEqual([
      { id: cardio.id, name: 'Cardiology', answers: 20, correct: 12, time_ms: 400_000 },
      { id: neuro.id, name: 'Neurology', answers: 4, correct: 1, time_ms: 120_000 },
    ]);
    expect(body.by_course).toEqual([
      expect.objectContaining({ id: heart.course.id, module: cardio.id, answers: 20, correct: 12 }),
      expect.objectContaining({ id: brain.course.id, module: neuro.id, answers: 4, correct: 1 }),
    ]);
    expect(body.by_source).toEqual([
      { id: exam.id, name: 'Exam 2019', year: 2019, answers: 20, correct: 12, time_ms: 400_000 },
    ]);
    expect(body.days).toHaveLength(7);
    expect(body.days.at(-1)).toMatchObject({ answers: 7 });
    expect(body.streak).toEqual({ current: 3, longest: 4 });
    // Peers 4, 8 below; 12 tied (half); 16, 20 above: (2 + 0.5) / 5 = 50 %.
    expect(body.percentile).toEqual({
      overall: 50,
      courses: [{ course: heart.course.id, name: heart.course.name, percentile: 50, peers: 5 }],
    });
    // The top peer is above the five others: 5 / 5.
    const top = (await get(peers[4]!, '/api/dashboard/')).json();
    expect(top.percentile.overall).toBe(100);

    // A new answer adds to today at once; a "don't count" one does not; a deleted one leaves.
    const q = brain.questions[2]!;
    const post = (counted: boolean) =>
      app.inject({
        method: 'POST',
        url: '/api/question_answer_history/',
        headers: me.headers,
        payload: { question: q.id, choices: [q.choices[0]!.id], mode: 'exam', counted },
      });
    const kept = (await post(true)).json();
    await post(false);
    let after = (await get(me, '/api/dashboard/')).json();
    expect(after.totals).toMatchObject({ answers: 25, correct: 14, questions: 24 });
    expect(after.days.at(-1)).toMatchObject({ answers: 8, correct: 5 });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/question_answer_history/${kept.id}/`,
      headers: me.headers,
    });
    expect(deleted.statusCode).toBe(204);
    after = (await get(me, '/api/dashboard/')).json();
    expect(after.totals).toMatchObject({ answers: 24, correct: 13 });
  });

  it('answers 401 anonymous and an empty dashboard to a new learner', async () => {
    expect((await get(null, '/api/dashboard/')).statusCode).toBe(401);
    const fresh = await buildUser(db);
    expect((await get(fresh, '/api/dashboard/')).json()).toEqual({
      today: new Date().toISOString().slice(0, 10), // UTC until the learner has a zone
      totals: { answers: 0, correct: 0, time_ms: 0, questions: 0, days_studied: 0 },
      by_module: [],
      by_course: [],
      by_source: [],
      days: [],
      streak: { current: 0, longest: 0 },
      percentile: { overall: null, courses: [] },
    });
  });
});

describe('days in the learner’s time zone', () => {
  const days = async (user: TestUser) =>
    (await get(user, '/api/dashboard/')).json().days.map((d: { date: string }) => d.date);
  const settings = (user: TestUser, payload: object) =>
    app.inject({ method: 'PATCH', url: '/api/review/settings/', headers: user.headers, payload });

  it('buckets answers by the learner’s calendar day once the browser sent its zone', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    // 11:30 UTC on 10 January is 00:30 on the 11th in Auckland (UTC+13 in summer).
    const nearMidnight = new Date(Date.UTC(new Date().getUTCFullYear(), 0, 10, 11, 30));
    await db.insert(questionAnswerHistory).values({
      userId: learner.user.id,
      questionId: q.id,
      choices: [q.choices[0]!.id],
      isCorrect: true,
      score: 1,
      mode: 'study',
      createdAt: nearMidnight,
    });
    await rebuildAll(db);
    const day = (d: number) => `${nearMidnight.getUTCFullYear()}-01-${d}`;
    expect(await days(learner)).toEqual([day(10)]);

    const bad = await settings(learner, { time_zone: 'Mars/Olympus_Mons' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ time_zone: ['Not a known IANA time zone.'] });
    const saved = await settings(learner, { time_zone: 'pacific/auckland' });
    expect(saved.json()).toMatchObject({ time_zone: 'Pacific/Auckland' });
    expect(await days(learner)).toEqual([day(11)]);

    // A new answer lands on Auckland's today, and so does the streak; deleting it takes it away.
    const answer = await app.inject({
      method: 'POST',
      url: '/api/question_answer_history/',
      headers: learner.headers,
      payload: { question: q.id, choices: [q.choices[1]!.id], mode: 'study' },
    });
    const today = dayIn(Date.now(), 'Pacific/Auckland');
    expect(await days(learner)).toEqual([day(11), today]);
    const dashboard = (await get(learner, '/api/dashboard/')).json();
    expect(dashboard.streak.current).toBe(1);
    // The server says which day is today: the charts end there.
    expect(dashboard.today).toBe(today);
    await app.inject({
      method: 'DELETE',
      url: `/api/question_answer_history/${answer.json().id}/`,
      headers: learner.headers,
    });
    expect(await days(learner)).toEqual([day(11)]);
  });
});

describe('GET /api/exam-relevance/ and /api/dashboard/what-next/', () => {
  it('counts past exams per course and year, and ranks the caller’s courses', async () => {
    const mod = await buildModule(db);
    const exams = await Promise.all(
      [2019, 2020, 2021].map((year) => buildSource(db, { moduleId: mod.id, year })),
    );
    const often = await buildCourse(db, { moduleId: mod.id, name: 'Often', order: 1 });
    const once = await buildCourse(db, { moduleId: mod.id, name: 'Once', order: 2 });
    const never = await buildCourse(db, { moduleId: mod.id, name: 'Never', order: 3 });
    const oftenQs = [];
    for (const [i, e] of [exams[0], exams[1], exams[2], exams[2]].entries())
      oftenQs.push(await buildQuestion(db, { courseId: often.id, sourceId: e!.id, order: i }));
    await buildQuestion(db, { courseId: once.id, sourceId: exams[0]!.id });
    await buildQuestion(db, { courseId: once.id });
    await buildQuestion(db, { courseId: never.id });
    const me = await buildUser(db);
    await studyModule(db, me.user.id, mod.id);
    // Two of the four "often" questions answered, one right.
    await writeHistory(db, answersOf(me.user.id, oftenQs.slice(0, 2), 1));

    const relevance = await get(me, `/api/exam-relevance/?module=${mod.id}`);
    expect(relevance.statusCode).toBe(200);
    expect(relevance.json()).toEqual({
      module: mod.id,
      exams_total: 3,
      years: [2019, 2020, 2021],
      courses: [
        {
          course: often.id,
          name: 'Often',
          questions: 4,
          exams: 3,
          relevance: 1,
          by_year: [
            { year: 2019, questions: 1 },
            { year: 2020, questions: 1 },
            { year: 2021, questions: 2 },
          ],
        },
        {
          course: once.id,
          name: 'Once',
          questions: 1,
          exams: 1,
          relevance: 0.333,
          by_year: [{ year: 2019, questions: 1 }],
        },
        { course: never.id, name: 'Never', questions: 0, exams: 0, relevance: 0, by_year: [] },
      ],
    });

    const next = await get(me, `/api/dashboard/what-next/?module=${mod.id}`);
    expect(next.statusCode).toBe(200);
    // often: weakness 1 − 2/4 = 0.5, unanswered 0.5, relevance 1 → 0.25;
    // once: 0.5 × 1 × 1/3 → 0.167; never: 0.5 × 1 × 0.05 (floor) → 0.025.
    expect(
      next.json().results.map((r: { name: string; score: number }) => [r.name, r.score]),
    ).toEqual([
      ['Often', 0.25],
      ['Once', 0.167],
      ['Never', 0.025],
    ]);
    expect(next.json().results[0]).toMatchObject({
      weakness: 0.5,
      share_unanswered: 0.5,
      relevance: 1,
      answered: 2,
      right: 1,
      total: 4,
      exams_with_course: 3,
      exams_total: 3,
    });
    const limited = (await get(me, `/api/dashboard/what-next/?limit=1`)).json();
    expect(limited.results).toHaveLength(1);
  });

  it('answers 401 anonymous and 400 on a bad or unknown module', async () => {
    const me = await buildUser(db);
    expect((await get(null, '/api/exam-relevance/?module=1')).statusCode).toBe(401);
    expect((await get(null, '/api/dashboard/what-next/')).statusCode).toBe(401);
    expect((await get(me, '/api/exam-relevance/')).json()).toEqual({
      module: ['This field is required.'],
    });
    expect((await get(me, '/api/exam-relevance/?module=x')).statusCode).toBe(400);
    expect((await get(me, '/api/exam-relevance/?module=2000000000')).json()).toEqual({
      module: ['Select a valid choice. That choice is not one of the available choices.'],
    });
    expect((await get(me, '/api/dashboard/what-next/?limit=0')).statusCode).toBe(400);
    expect((await get(me, '/api/dashboard/what-next/')).json()).toEqual({ results: [] });
  });
});
