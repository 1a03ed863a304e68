import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildUser, type TestUser } from '../../../test/factories';

// One free preview question per course, so that a course's second question is locked.
const { app, database } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '1' });
const db = database.db;

const post = (user: TestUser | null, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/question_answer_history/',
    headers: user?.headers ?? {},
    payload,
  });
const get = (user: TestUser, query = '') =>
  app.inject({
    method: 'GET',
    url: `/api/question_answer_history/${query}`,
    headers: user.headers,
  });

const qcmChoices = [
  { text: 'A', isCorrect: true },
  { text: 'B', isCorrect: true },
  { text: 'C', isCorrect: true },
  { text: 'D', isCorrect: false },
  { text: 'E', isCorrect: false },
];

describe('POST /api/question_answer_history/', () => {
  it('scores a qcs on the server and answers the correction', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db, { explanation: 'Because.' });
    const [right, wrong] = q.choices;
    const res = await post(learner, {
      question: q.id,
      choices: [right!.id],
      mode: 'exam',
      time_spent_ms: 4200,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      question: q.id,
      choices: [right!.id],
      mode: 'exam',
      time_spent_ms: 4200,
      confidence: null,
      counted: true,
      choice_order: null,
      created_at: expect.any(String),
      is_correct: true,
      score: 1,
      correct_choices: [right!.id],
      explanation: 'Because.',
      choice_explanations: q.choices.map((c, i) => ({
        id: c.id,
        letter: 'ABCD'[i],
        is_correct: c.isCorrect,
        explanation: '',
      })),
    });
    const bad = await post(learner, { question: q.id, choices: [wrong!.id], mode: 'study' });
    expect(bad.json()).toMatchObject({ is_correct: false, score: 0, time_spent_ms: 0 });
  });

  it('applies the scoring rule of the request to a qcm (default all-or-nothing)', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db, { choiceList: qcmChoices });
    const ids = q.choices.map((c) => c.id);
    const oneMissed = [ids[0], ids[1]];
    const strict = await post(learner, { question: q.id, choices: oneMissed, mode: 'study' });
    expect(strict.json()).toMatchObject({ score: 0, is_correct: false });
    const cases: [number[], number][] = [
      [[ids[0]!, ids[1]!, ids[2]!], 1],
      [[ids[0]!, ids[1]!], 0.5],
      [[ids[0]!, ids[1]!, ids[2]!, ids[3]!, ids[4]!], 0.2],
      [[ids[0]!, ids[3]!, ids[4]!], 0],
    ];
    for (const [choices, score] of cases) {
      const res = await post(learner, {
        question: q.id,
        choices,
        mode: 'exam',
        scoring: 'partial',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ score, is_correct: score === 1 });
    }
  });

  it('rejects choices of another question, an unknown question and bad fields', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    const other = await buildQuestion(db);
    const foreign = await post(learner, {
      question: q.id,
      choices: [other.choices[0]!.id],
      mode: 'study',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      choices: [`Choice ${other.choices[0]!.id} does not belong to question ${q.id}.`],
    });
    const unknown = await post(learner, { question: 999999, choices: [], mode: 'study' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ question: ['Invalid pk "999999" - object does not exist.'] });
    const unpublished = await buildQuestion(db, { isPublished: false });
    const hidden = await post(learner, { question: unpublished.id, choices: [], mode: 'study' });
    expect(hidden.json()).toHaveProperty('question');

    const bad = await post(learner, { question: 'x', choices: 'a', mode: 'quiz', scoring: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['choices', 'mode', 'question', 'scoring']);
    const negative = await post(learner, {
      question: q.id,
      choices: [],
      mode: 'study',
      time_spent_ms: -1,
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toHaveProperty('time_spent_ms');
  });

  it('refuses a question locked behind a subscription with 403', async () => {
    const learner = await buildUser(db);
    const staff = await buildUser(db, { isStaff: true });
    const course = await buildCourse(db);
    await buildQuestion(db, { courseId: course.id, order: 0 });
    const locked = await buildQuestion(db, { courseId: course.id, order: 1 });
    const payload = { question: locked.id, choices: [locked.choices[0]!.id], mode: 'study' };
    const res = await post(learner, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'This question requires an active subscription.' });
    expect((await post(staff, payload)).statusCode).toBe(201);
  });

  it('answers 401 without a token', async () => {
    const res = await post(null, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('GET /api/question_answer_history/', () => {
  it('lists the caller’s own entries newest first, with filters', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const courseA = await buildCourse(db);
    const courseB = await buildCourse(db);
    const qa = await buildQuestion(db, { courseId: courseA.id, stem: 'x'.repeat(300) });
    const qb = await buildQuestion(db, { courseId: courseB.id });
    await post(learner, { question: qa.id, choices: [qa.choices[0]!.id], mode: 'study' });
    await post(learner, { question: qb.id, choices: [qb.choices[1]!.id], mode: 'exam' });
    await post(stranger, { question: qa.id, choices: [], mode: 'study' });

    const all = await get(learner);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body).toMatchObject({ count: 2, next: null, previous: null });
    expect(body.results.map((r: { question: { id: number } }) => r.question.id)).toEqual([
      qb.id,
      qa.id,
    ]);
    expect(body.results[1]).toEqual({
      id: expect.any(Number),
      question: { id: qa.id, stem: 'x'.repeat(200), course: courseA.id, module: courseA.moduleId },
      choices: [qa.choices[0]!.id],
      is_correct: true,
      score: 1,
      mode: 'study',
      time_spent_ms: 0,
      confidence: null,
      miss_class: null,
      created_at: expect.any(String),
    });

    expect((await get(learner, `?course=${courseA.id}`)).json().count).toBe(1);
    expect((await get(learner, `?module=${courseB.moduleId}`)).json().results[0].question.id).toBe(
      qb.id,
    );
    expect((await get(learner, `?question=${qb.id}`)).json().count).toBe(1);
    expect((await get(learner, '?is_correct=false')).json().results[0].question.id).toBe(qb.id);
    expect((await get(learner, '?is_correct=true')).json().count).toBe(1);
    const paged = (await get(learner, '?page_size=1')).json();
    expect(paged.next).toBe('http://testserver/api/question_answer_history/?page_size=1&page=2');
    const past = await get(learner, '?page=3&page_size=1');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
    const bad = await get(learner, '?is_correct=maybe&course=x');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['course', 'is_correct']);
  });
});

describe('DELETE /api/question_answer_history/{id}/', () => {
  it('deletes the caller’s entry; another user’s or an unknown id is 404', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const q = await buildQuestion(db);
    const entry = (await post(learner, { question: q.id, choices: [], mode: 'study' })).json();
    const url = `/api/question_answer_history/${entry.id}/`;
    const foreign = await app.inject({ method: 'DELETE', url, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });
    const res = await app.inject({ method: 'DELETE', url, headers: learner.headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get(learner)).json().count).toBe(0);
    const again = await app.inject({ method: 'DELETE', url, headers: learner.headers });
    expect(again.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'DELETE',
      url: '/api/question_answer_history/abc/',
      headers: learner.headers,
    });
    // A path id that is not an id names no object (issue 17): 404, decided before the database.
    expect(bad.statusCode).toBe(404);
  });
});
