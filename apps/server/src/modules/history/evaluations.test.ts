import { eq } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock';
import { questionEvaluations } from '../../db/schema/index';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildUser, type TestUser } from '../../../test/factories';

const { app, database } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '1' });
const db = database.db;
const DAY = 86_400_000;
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
/** ts-fsrs configured as decision 038 says: what the API's cards must match. */
const reference = fsrs({
  enable_fuzz: false,
  enable_short_term: true,
  learning_steps: ['10m'],
  relearning_steps: ['10m'],
});

const rate = (user: TestUser | null, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/question-evaluations/',
    headers: user?.headers ?? {},
    payload,
  });
const list = (user: TestUser, query = '') =>
  app.inject({ method: 'GET', url: `/api/question-evaluations/${query}`, headers: user.headers });

describe('POST /api/question-evaluations/', () => {
  it('creates the card with the state ts-fsrs gives, then updates the same card', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    const at = new Date('2026-03-01T09:00:00Z');
    clock.now = () => at;
    const first = await rate(learner, { question: q.id, rating: 'good' });
    expect(first.statusCode).toBe(201);
    const card = first.json();
    const expected = reference.next(createEmptyCard(at), at, Rating.Good).card;
    expect(card).toEqual({
      id: expect.any(Number),
      question: q.id,
      rating: 'good',
      stability: expected.stability,
      difficulty: expected.difficulty,
      reps: 1,
      lapses: 0,
      due_at: expected.due.toISOString(),
      created_at: expect.any(String),
      updated_at: at.toISOString(),
    });

    const second = await rate(learner, { question: q.id, rating: 'again' });
    expect(second.statusCode).toBe(200);
    const lapse = reference.next(expected, at, Rating.Again).card;
    expect(second.json()).toMatchObject({
      id: card.id,
      rating: 'again',
      reps: 2,
      lapses: 1,
      stability: lapse.stability,
      due_at: lapse.due.toISOString(),
    });
    expect(Date.parse(second.json().due_at) - at.getTime()).toBe(10 * 60_000);
    expect((await list(learner)).json().count).toBe(1);
  });

  it('replaces the grade of an answer when the learner rates it right after', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    const at = new Date('2026-03-05T09:00:00Z');
    clock.now = () => at;
    // A fast right answer grades itself good (time alone never makes it easy)…
    await app.inject({
      method: 'POST',
      url: '/api/question_answer_history/',
      headers: learner.headers,
      payload: { question: q.id, choices: [q.choices[0]!.id], mode: 'study', time_spent_ms: 5000 },
    });
    const [auto] = (await list(learner, `?question=${q.id}`)).json().results;
    expect(auto.rating).toBe('good');
    // …then the learner presses "hard": one review, the pressed one.
    clock.now = () => new Date(at.getTime() + 60_000);
    const rated = await rate(learner, { question: q.id, rating: 'hard' });
    expect(rated.statusCode).toBe(200);
    const expected = reference.next(createEmptyCard(at), clock.now(), Rating.Hard).card;
    expect(rated.json()).toMatchObject({
      rating: 'hard',
      reps: 1,
      stability: expected.stability,
      due_at: expected.due.toISOString(),
    });
    const settings = await app.inject({
      method: 'GET',
      url: '/api/review/settings/',
      headers: learner.headers,
    });
    expect(settings.json().review_count).toBe(1);
    // Long after the answer, a button is a review of its own.
    clock.now = () => new Date(at.getTime() + 2 * DAY);
    expect((await rate(learner, { question: q.id, rating: 'good' })).json().reps).toBe(2);
  });

  it('validates the question and the rating', async () => {
    const learner = await buildUser(db);
    const unknown = await rate(learner, { question: 999999, rating: 'good' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ question: ['Invalid pk "999999" - object does not exist.'] });
    const bad = await rate(learner, { question: 'x', rating: 'perfect' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['question', 'rating']);
    expect((await rate(null, {})).statusCode).toBe(401);
    const course = await buildCourse(db);
    await buildQuestion(db, { courseId: course.id, order: 0 });
    const locked = await buildQuestion(db, { courseId: course.id, order: 1 });
    const res = await rate(learner, { question: locked.id, rating: 'good' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'This question requires an active subscription.' });
  });
});

describe('GET /api/question-evaluations/', () => {
  it('lists the caller’s cards, by question, and the due review queue soonest first', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const [q1, q2, q3] = [
      await buildQuestion(db),
      await buildQuestion(db),
      await buildQuestion(db),
    ];
    await rate(learner, { question: q1.id, rating: 'good' });
    await rate(learner, { question: q2.id, rating: 'easy' });
    await rate(learner, { question: q3.id, rating: 'hard' });
    await rate(stranger, { question: q1.id, rating: 'good' });
    // Two cards fall due: q2 a day ago, q3 an hour ago.
    await db
      .update(questionEvaluations)
      .set({ dueAt: new Date(Date.now() - DAY) })
      .where(eq(questionEvaluations.questionId, q2.id));
    await db
      .update(questionEvaluations)
      .set({ dueAt: new Date(Date.now() - 3_600_000) })
      .where(eq(questionEvaluations.questionId, q3.id));

    const all = (await list(learner)).json();
    expect(all.count).toBe(3);
    const due = (await list(learner, '?due=true')).json();
    expect(due.results.map((r: { question: number }) => r.question)).toEqual([q2.id, q3.id]);
    const one = (await list(learner, `?question=${q1.id}`)).json();
    expect(one.results).toHaveLength(1);
    expect(one.results[0].question).toBe(q1.id);
    expect((await list(stranger, '?due=true')).json().count).toBe(0);
    const bad = await list(learner, '?due=soon');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('due');
  });
});

describe('DELETE /api/question-evaluations/{id}/', () => {
  it('deletes the caller’s card; another user’s is 404', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const q = await buildQuestion(db);
    const card = (await rate(learner, { question: q.id, rating: 'good' })).json();
    const url = `/api/question-evaluations/${card.id}/`;
    const foreign = await app.inject({ method: 'DELETE', url, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });
    expect((await app.inject({ method: 'DELETE', url, headers: learner.headers })).statusCode).toBe(
      204,
    );
    expect((await app.inject({ method: 'DELETE', url, headers: learner.headers })).statusCode).toBe(
      404,
    );
    // A new rating after deletion starts a new card.
    expect((await rate(learner, { question: q.id, rating: 'good' })).json().reps).toBe(1);
  });
});
