import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import {
  buildCourse,
  buildModule,
  buildQuestion,
  buildUser,
  type TestUser,
} from '../../../test/factories';

const { app, database } = await setupTestApp();
const db = database.db;

type Method = 'GET' | 'POST' | 'PATCH';
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api/${url}`, headers: user?.headers ?? {}, payload });

type Built = Awaited<ReturnType<typeof buildQuestion>>;
const rightOf = (q: Built) => q.choices.find((c) => c.isCorrect)!.id;
const wrongOf = (q: Built) => q.choices.find((c) => !c.isCorrect)!.id;

/** Logs one answer in exam mode; answers the history entry. */
async function answer(user: TestUser, q: Built, right: boolean, confidence?: string | null) {
  const res = await call(user, 'POST', 'question_answer_history/', {
    question: q.id,
    choices: [right ? rightOf(q) : wrongOf(q)],
    mode: 'exam',
    ...(confidence === undefined ? {} : { confidence }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; confidence: string | null; is_correct: boolean };
}

describe('confidence on answers', () => {
  it('stores the confidence of a history answer, and null when not given', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    expect((await answer(learner, q, true, 'sure')).confidence).toBe('sure');
    expect((await answer(learner, q, false)).confidence).toBeNull();
    expect((await answer(learner, q, false, null)).confidence).toBeNull();
    const list = await call(learner, 'GET', `question_answer_history/?question=${q.id}`);
    expect(list.json().results.map((e: { confidence: string | null }) => e.confidence)).toEqual([
      null,
      null,
      'sure',
    ]);
    expect(list.json().results[0].miss_class).toBeNull();
  });

  it('stores the confidence of a session answer on the session and in the history', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    const session = await call(learner, 'POST', 'sessions/', { name: 'Set', question_ids: [q.id] });
    const sid = session.json().id as number;
    const res = await call(learner, 'POST', 'session_questions/', {
      session: sid,
      question: q.id,
      choices: [wrongOf(q)],
      confidence: 'guess',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ confidence: 'guess', history_id: expect.any(Number) });
    const listed = await call(learner, 'GET', `session_questions/?session=${sid}`);
    expect(listed.json().results[0].confidence).toBe('guess');
    const history = await call(learner, 'GET', `question_answer_history/?question=${q.id}`);
    expect(history.json().results[0]).toMatchObject({
      id: res.json().history_id,
      confidence: 'guess',
    });
    // A second answer replaces the first, confidence included.
    const again = await call(learner, 'POST', 'session_questions/', {
      session: sid,
      question: q.id,
      choices: [rightOf(q)],
    });
    expect(again.json().confidence).toBeNull();
  });

  it('refuses a confidence that is not a level (400 in DRF shape)', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    const res = await call(learner, 'POST', 'question_answer_history/', {
      question: q.id,
      choices: [rightOf(q)],
      mode: 'study',
      confidence: 'maybe',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ confidence: [expect.stringContaining('"maybe"')] });
  });
});

describe('GET /api/question_answer_history/calibration/', () => {
  it('counts each level exactly, "sure but wrong" newest first, only the caller’s', async () => {
    const learner = await buildUser(db);
    const other = await buildUser(db);
    const q = await buildQuestion(db);
    const elsewhere = await buildQuestion(db);
    for (let i = 0; i < 3; i += 1) await answer(learner, q, true, 'sure');
    const firstMiss = await answer(learner, q, false, 'sure');
    const lastMiss = await answer(learner, elsewhere, false, 'sure');
    await answer(learner, q, true, 'unsure');
    await answer(learner, q, false, 'unsure');
    await answer(learner, q, false, 'guess');
    await answer(learner, q, false, 'guess');
    await answer(learner, q, true);
    await answer(other, q, false, 'sure');

    const res = await call(learner, 'GET', 'question_answer_history/calibration/');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.levels).toEqual([
      { confidence: 'sure', answers: 5, correct: 3, wrong: 2, share_correct: 0.6 },
      { confidence: 'unsure', answers: 2, correct: 1, wrong: 1, share_correct: 0.5 },
      { confidence: 'guess', answers: 2, correct: 0, wrong: 2, share_correct: 0 },
    ]);
    expect(report.unrated).toBe(1);
    expect(report.sure_but_wrong_count).toBe(2);
    expect(report.sure_but_wrong.map((e: { id: number }) => e.id)).toEqual([
      lastMiss.id,
      firstMiss.id,
    ]);
    expect(report.sure_but_wrong[0].question).toMatchObject({
      id: elsewhere.id,
      course: elsewhere.courseId,
    });

    const narrowed = await call(
      learner,
      'GET',
      `question_answer_history/calibration/?course=${elsewhere.courseId}`,
    );
    expect(narrowed.json().levels[0]).toEqual({
      confidence: 'sure',
      answers: 1,
      correct: 0,
      wrong: 1,
      share_correct: 0,
    });
    expect(narrowed.json().levels[1]).toMatchObject({ answers: 0, share_correct: null });
  });

  it('answers an empty report to a learner without answers', async () => {
    const res = await call(await buildUser(db), 'GET', 'question_answer_history/calibration/');
    expect(res.json()).toEqual({
      sure_but_wrong: [],
      sure_but_wrong_count: 0,
      levels: ['sure', 'unsure', 'guess'].map((confidence) => ({
        confidence,
        answers: 0,
        correct: 0,
        wrong: 0,
        share_correct: null,
      })),
      unrated: 0,
    });
  });

  it('answers 400 on a bad filter', async () => {
    const res = await call(
      await buildUser(db),
      'GET',
      'question_answer_history/calibration/?module=x',
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['module']);
  });
});

describe('miss classes', () => {
  it('classifies misses and reports them by module with exact counts', async () => {
    const learner = await buildUser(db);
    const cardiology = await buildModule(db, { name: 'Cardiology' });
    const neurology = await buildModule(db, { name: 'Neurology' });
    const heart = await buildQuestion(db, {
      courseId: (await buildCourse(db, { moduleId: cardiology.id })).id,
    });
    const heart2 = await buildQuestion(db, {
      courseId: (await buildCourse(db, { moduleId: cardiology.id })).id,
    });
    const brain = await buildQuestion(db, {
      courseId: (await buildCourse(db, { moduleId: neurology.id })).id,
    });
    const classify = async (id: number, miss_class: string | null) =>
      call(learner, 'PATCH', `question_answer_history/${id}/`, { miss_class });

    const misses = [
      await answer(learner, heart, false),
      await answer(learner, heart, false),
      await answer(learner, heart2, false),
      await answer(learner, heart2, false, 'sure'),
      await answer(learner, brain, false),
    ];
    await answer(learner, brain, true);
    const classes = ['knowledge', 'knowledge', 'misread', 'timing', 'reasoning'];
    for (const [k, miss] of misses.entries()) {
      const res = await classify(miss.id, classes[k]!);
      expect(res.statusCode, res.body).toBe(200);
    }
    const cleared = await classify(misses[2]!.id, null);
    expect(cleared.json()).toEqual({
      id: misses[2]!.id,
      question: heart2.id,
      is_correct: false,
      confidence: null,
      miss_class: null,
    });

    const res = await call(learner, 'GET', 'question_answer_history/miss-classes/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      modules: [
        {
          module: { id: cardiology.id, name: 'Cardiology' },
          knowledge: 2,
          misread: 0,
          reasoning: 0,
          timing: 1,
          unclassified: 1,
          misses: 4,
        },
        {
          module: { id: neurology.id, name: 'Neurology' },
          knowledge: 0,
          misread: 0,
          reasoning: 1,
          timing: 0,
          unclassified: 0,
          misses: 1,
        },
      ],
      totals: { knowledge: 2, misread: 0, reasoning: 1, timing: 1, unclassified: 1, misses: 5 },
    });
    const calibration = await call(learner, 'GET', 'question_answer_history/calibration/');
    expect(calibration.json().sure_but_wrong[0].miss_class).toBe('timing');
    const oneModule = await call(
      learner,
      'GET',
      `question_answer_history/miss-classes/?module=${neurology.id}`,
    );
    expect(oneModule.json().totals).toEqual({
      knowledge: 0,
      misread: 0,
      reasoning: 1,
      timing: 0,
      unclassified: 0,
      misses: 1,
    });
  });

  it('refuses to classify a right answer or an unknown class (400)', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    const right = await answer(learner, q, true);
    const miss = await answer(learner, q, false);
    const onRight = await call(learner, 'PATCH', `question_answer_history/${right.id}/`, {
      miss_class: 'knowledge',
    });
    expect(onRight.statusCode).toBe(400);
    expect(onRight.json()).toEqual({ miss_class: ['Only a wrong answer can be classified.'] });
    const unknown = await call(learner, 'PATCH', `question_answer_history/${miss.id}/`, {
      miss_class: 'bad-luck',
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['miss_class']);
    const missing = await call(learner, 'PATCH', `question_answer_history/${miss.id}/`, {});
    expect(missing.json()).toEqual({ miss_class: ['This field is required.'] });
    const badId = await call(learner, 'PATCH', 'question_answer_history/abc/', {
      miss_class: null,
    });
    // As in DRF's URL patterns, an id that is not a number matches no route.
    expect(badId.statusCode).toBe(404);
  });

  it('answers 404 for another user’s entry or an unknown one, and leaves it alone', async () => {
    const owner = await buildUser(db);
    const intruder = await buildUser(db);
    const miss = await answer(owner, await buildQuestion(db), false);
    const res = await call(intruder, 'PATCH', `question_answer_history/${miss.id}/`, {
      miss_class: 'misread',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    const unknown = await call(owner, 'PATCH', 'question_answer_history/999999/', {
      miss_class: 'misread',
    });
    expect(unknown.statusCode).toBe(404);
    const report = await call(owner, 'GET', 'question_answer_history/miss-classes/');
    expect(report.json().totals).toMatchObject({ unclassified: 1, misread: 0 });
  });
});

describe('anonymous calls', () => {
  it.each([
    ['GET', 'question_answer_history/calibration/'],
    ['GET', 'question_answer_history/miss-classes/'],
    ['PATCH', 'question_answer_history/1/'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await call(null, method, url, method === 'PATCH' ? { miss_class: 'x' } : undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
