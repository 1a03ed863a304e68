import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  questionEvaluations,
  questionStreaks,
  questions,
  reviewLogs,
  reviewSettings,
} from '../../db/schema/index';
import { setupTestApp } from '../../../test/helper';
import { buildQuestion, buildUser, startSession, type TestUser } from '../../../test/factories';
import { rebuildAll } from '../answers/index';
import { cancelFits, MIN_REVIEWS, optimiseLearner, requestFit } from '../cards/optimiser';

const { app, database } = await setupTestApp();
const db = database.db;
const DAY = 86_400_000;

const get = (user: TestUser, url: string) =>
  app.inject({ method: 'GET', url: `/api/${url}`, headers: user.headers });
const post = (user: TestUser, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/${url}`, headers: user.headers, payload });
type Built = Awaited<ReturnType<typeof buildQuestion>>;
const answer = (user: TestUser, q: Built, ok: boolean) =>
  post(user, 'question_answer_history/', {
    question: q.id,
    choices: [q.choices.find((c) => c.isCorrect === ok)!.id],
    mode: 'exam',
    time_spent_ms: 20_000,
  });
const shelf = async (user: TestUser, query = '') =>
  (await get(user, `mistakes/${query}`))
    .json()
    .results.map((m: { question: { id: number } }) => m.question.id);

describe('GET /api/mistakes/', () => {
  it('holds every question last answered wrong until K right answers in a row', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const [a, b, c] = [await buildQuestion(db), await buildQuestion(db), await buildQuestion(db)];
    await answer(learner, a, false);
    await answer(learner, b, true);
    await answer(learner, c, false);
    // Newest mistake first; a question never missed is not on the shelf.
    expect(await shelf(learner)).toEqual([c.id, a.id]);
    expect(await shelf(stranger)).toEqual([]);

    await answer(learner, a, true);
    const [entry] = (await get(learner, 'mistakes/'))
      .json()
      .results.filter((m: { question: { id: number } }) => m.question.id === a.id);
    expect(entry).toMatchObject({ streak: 1, is_leech: false, last_wrong_at: expect.any(String) });
    await answer(learner, a, true);
    expect(await shelf(learner)).toEqual([c.id]);

    // K = 3: a's two right answers no longer clear it; a wrong answer resets the streak.
    await app.inject({
      method: 'PATCH',
      url: '/api/review/settings/',
      headers: learner.headers,
      payload: { mistakes_streak: 3 },
    });
    await answer(learner, c, true);
    await answer(learner, c, true);
    expect(await shelf(learner)).toEqual([c.id, a.id]);
    await answer(learner, c, false);
    await answer(learner, c, true);
    await answer(learner, c, true);
    await answer(learner, a, true);
    expect(await shelf(learner)).toEqual([c.id]);
    await answer(learner, c, true);
    expect(await shelf(learner)).toEqual([]);
  });

  it('pins leeches (8 lapses) at the top and runs the shelf as study or exam', async () => {
    const learner = await buildUser(db);
    const [recent, leech] = [await buildQuestion(db), await buildQuestion(db)];
    await answer(learner, leech, false);
    await answer(learner, recent, false);
    await db
      .update(questionEvaluations)
      .set({ lapses: 8 })
      .where(eq(questionEvaluations.questionId, leech.id));
    expect(await shelf(learner)).toEqual([leech.id, recent.id]);
    expect(await shelf(learner, '?leech=true')).toEqual([leech.id]);
    const due = (await get(learner, 'review/due/?tz_offset=840')).json();
    expect(
      due.results.find((d: { question: { id: number } }) => d.question.id === leech.id),
    ).toMatchObject({ is_leech: true, lapses: 8 });

    const study = (await post(learner, 'review/runs/', { source: 'mistakes' })).json();
    expect(study.session).toEqual(expect.any(Number));
    expect(study.questions.map((q: { id: number }) => q.id)).toEqual([leech.id, recent.id]);
    const exam = (await post(learner, 'review/runs/', { source: 'mistakes', mode: 'exam' })).json();
    expect(exam.session).toBeNull();
    expect(exam.questions[0].correction).toBeNull();
    expect((await get(learner, 'mistakes/?page=9')).statusCode).toBe(404);
    expect((await get(learner, 'mistakes/?leech=maybe')).statusCode).toBe(400);
  });
});

describe('the shelf rows kept on each answer', () => {
  const rowsOf = async (user: TestUser) =>
    (await db.select().from(questionStreaks).where(eq(questionStreaks.userId, user.user.id)))
      .map((r) => ({ ...r, lastAnsweredAt: r.lastAnsweredAt.getTime() }))
      .sort((x, y) => x.questionId - y.questionId);

  it('follow session answers and deleted history entries, and equal a rebuild', async () => {
    const learner = await buildUser(db);
    const [a, b] = [await buildQuestion(db), await buildQuestion(db)];
    const session = await startSession(db, learner.user.id, a.courseId);
    const inSession = await post(learner, 'session_questions/', {
      session: session.id,
      question: a.id,
      choices: [a.choices.find((c) => !c.isCorrect)!.id],
    });
    expect(inSession.statusCode).toBe(201);
    expect(await shelf(learner)).toEqual([a.id]);

    // b: wrong, then right; deleting the wrong entry leaves a clean run (off the shelf).
    const wrong = (await answer(learner, b, false)).json();
    await answer(learner, b, true);
    expect(await shelf(learner)).toEqual([b.id, a.id]);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/question_answer_history/${wrong.id}/`,
      headers: learner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await shelf(learner)).toEqual([a.id]);
    const history = (await get(learner, `question_answer_history/?question=${a.id}`)).json();
    await app.inject({
      method: 'DELETE',
      url: `/api/question_answer_history/${history.results[0].id}/`,
      headers: learner.headers,
    });
    expect(await shelf(learner)).toEqual([]);

    // What each write kept equals what the migration's backfill computes from the history.
    await answer(learner, a, false);
    await answer(learner, a, true);
    const kept = await rowsOf(learner);
    expect(kept.map((r) => [r.questionId, r.streak])).toEqual([
      [a.id, 1],
      [b.id, 1],
    ]);
    await rebuildAll(db);
    expect(await rowsOf(learner)).toEqual(kept);
    // A question taken off line leaves the shelf.
    expect(await shelf(learner)).toEqual([a.id]);
    await db.update(questions).set({ isPublished: false }).where(eq(questions.id, a.id));
    expect(await shelf(learner)).toEqual([]);
  });
});

describe('per-learner parameters', () => {
  it('keeps the defaults below 400 reviews, then fits the learner’s own in the background job', async () => {
    const learner = await buildUser(db);
    expect(await optimiseLearner(db, learner.user.id)).toBe('too-few-reviews');
    const rows = await giveReviewHistory(learner);
    expect(rows.length).toBeGreaterThanOrEqual(MIN_REVIEWS);
    const outcome = await optimiseLearner(db, learner.user.id);
    expect(outcome).toBe('fitted');
    const [saved] = await db
      .select()
      .from(reviewSettings)
      .where(eq(reviewSettings.userId, learner.user.id));
    expect(saved!.weights).toHaveLength(21);
    expect(saved!.weightsReviewCount).toBe(rows.length);
    expect((await get(learner, 'review/settings/')).json()).toMatchObject({
      personalised: true,
      review_count: rows.length,
    });
    expect(await optimiseLearner(db, learner.user.id)).toBe('up-to-date');
  }, 60_000);
});

describe('background fits', () => {
  const weightsOf = async (learner: TestUser) => {
    const [saved] = await db
      .select()
      .from(reviewSettings)
      .where(eq(reviewSettings.userId, learner.user.id));
    return saved?.weights ?? null;
  };

  it('run when asked, and none asked before the app closed, waiting or queued', async () => {
    const learners = await Promise.all(Array.from({ length: 4 }, () => buildUser(db)));
    for (const learner of learners) await giveReviewHistory(learner);
    const [waiting, queuedA, queuedB, asked] = learners as [TestUser, TestUser, TestUser, TestUser];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      requestFit(db, waiting.user.id);
      cancelFits(); // its timer had not fired
      requestFit(db, queuedA.user.id);
      requestFit(db, queuedB.user.id);
      vi.advanceTimersByTime(30_000); // both in the queue of fits, neither started
      cancelFits();
      requestFit(db, asked.user.id);
      vi.advanceTimersByTime(30_000);
    } finally {
      vi.useRealTimers();
    }
    // Fits run one after the other: once the last asked is fitted, the queue has drained.
    await vi.waitFor(async () => expect(await weightsOf(asked)).toHaveLength(21), {
      timeout: 30_000,
      interval: 100,
    });
    expect(await weightsOf(waiting)).toBeNull();
    expect(await weightsOf(queuedA)).toBeNull();
    expect(await weightsOf(queuedB)).toBeNull();
  }, 60_000);
});

/** A generated review history: 80 cards, about a year of spaced reviews each (480 reviews). */
async function giveReviewHistory(learner: TestUser) {
  const questions = await Promise.all(Array.from({ length: 80 }, () => buildQuestion(db)));
  const start = Date.parse('2025-01-01T08:00:00Z');
  const rows = questions.flatMap((q, i) => {
    let day = 0;
    return Array.from({ length: 6 }, (_, n) => {
      day += n === 0 ? 0 : Math.round(2 ** n * (1 + (i % 3)));
      const forgot = n > 1 && (i + n) % 7 === 0;
      return {
        userId: learner.user.id,
        questionId: q.id,
        rating: n === 0 ? 3 : forgot ? 1 : 3,
        state: n === 0 ? 0 : 2,
        source: 'button' as const,
        reviewedAt: new Date(start + day * DAY),
      };
    });
  });
  await db.insert(reviewLogs).values(rows);
  return rows;
}
