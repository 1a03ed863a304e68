import { createEmptyCard, fsrs, type Card, type Grade } from 'ts-fsrs';
import { afterEach, describe, expect, it } from 'vitest';
import { clinicalCases } from '../../db/schema/index';
import { clock } from '../../lib/clock';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildUser, type TestUser } from '../../../test/factories';
import { GRADE } from '../cards/fsrs';
import { gradeFromAnswer } from '../cards/grade';
import { writeCardIfUnchanged } from '../answers/effects/review-cards.repository';
import { cardContext } from '../cards/review-log.repository';

const { app, database } = await setupTestApp();
const db = database.db;
const DAY = 86_400_000;
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
/** ts-fsrs configured as decision 038 says: the reference every schedule must match. */
const reference = fsrs({
  enable_fuzz: false,
  enable_short_term: true,
  learning_steps: ['10m'],
  relearning_steps: ['10m'],
});

const get = (user: TestUser | null, url: string) =>
  app.inject({ method: 'GET', url: `/api/${url}`, headers: user?.headers ?? {} });
const send = (user: TestUser | null, method: 'POST' | 'PATCH', url: string, payload: object) =>
  app.inject({ method, url: `/api/${url}`, headers: user?.headers ?? {}, payload });
const answer = (
  user: TestUser,
  question: number,
  choices: number[],
  ms: number,
  scoring?: string,
) =>
  send(user, 'POST', 'question_answer_history/', {
    question,
    choices,
    mode: 'study',
    time_spent_ms: ms,
    ...(scoring ? { scoring } : {}),
  });

type Built = Awaited<ReturnType<typeof buildQuestion>>;
const right = (q: Built) => q.choices.filter((c) => c.isCorrect).map((c) => c.id);
const wrong = (q: Built) => [q.choices.find((c) => !c.isCorrect)!.id];

describe('review settings', () => {
  it('reads the defaults, saves the retention and the streak, refuses out-of-range values', async () => {
    const learner = await buildUser(db);
    expect((await get(learner, 'review/settings/')).json()).toEqual({
      desired_retention: 0.9,
      mistakes_streak: 2,
      review_count: 0,
      personalised: false,
      personalised_at: null,
      time_zone: 'UTC',
      new_per_day: 20,
      reviews_per_day: 200,
    });
    const saved = await send(learner, 'PATCH', 'review/settings/', {
      desired_retention: 0.85,
      mistakes_streak: 3,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ desired_retention: 0.85, mistakes_streak: 3 });
    const bad = await send(learner, 'PATCH', 'review/settings/', {
      desired_retention: 0.99,
      mistakes_streak: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      desired_retention: ['Ensure this value is less than or equal to 0.97.'],
      mistakes_streak: ['Ensure this value is greater than or equal to 1.'],
    });
    expect((await get(null, 'review/settings/')).statusCode).toBe(401);
    expect((await get(null, 'review/due/')).statusCode).toBe(401);
    expect((await get(null, 'mistakes/')).statusCode).toBe(401);
    expect((await send(null, 'POST', 'review/runs/', { source: 'due' })).statusCode).toBe(401);
    const badQuery = await get(learner, 'review/forecast/?tz_offset=abc');
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json()).toEqual({ tz_offset: ['A valid integer is required.'] });
  });

  it('schedules with the saved retention', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    await send(learner, 'PATCH', 'review/settings/', { desired_retention: 0.7 });
    const at = new Date('2026-02-01T08:00:00Z');
    clock.now = () => at;
    await answer(learner, q.id, right(q), 5000);
    const [card] = (await get(learner, `question-evaluations/?question=${q.id}`)).json().results;
    const low = fsrs({ ...reference.parameters, request_retention: 0.7 });
    const expected = low.next(createEmptyCard(at), at, GRADE.good).card;
    expect(card.due_at).toBe(expected.due.toISOString());
  });
});

describe('answers arriving together', () => {
  it('reschedules the card once per answer when one learner answers a question concurrently', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, i) => answer(learner, q.id, i % 2 ? wrong(q) : right(q), 9000)),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const [card] = (await get(learner, `question-evaluations/?question=${q.id}`)).json().results;
    expect(card.reps).toBe(6);
    expect((await get(learner, 'review/settings/')).json().review_count).toBe(6);
  });

  it('does not overwrite a card rescheduled after it was read', async () => {
    const learner = await buildUser(db);
    const id = learner.user.id;
    const q = await buildQuestion(db);
    await answer(learner, q.id, right(q), 9000);
    const read = await cardContext(db, id, q.id);
    const c = read.card!;
    const at = (d: Date | null) => d?.toISOString() ?? null;
    const next = (version: string | null) => ({
      card_id: q.id,
      card_version: version,
      rating: 'good',
      stability: c.stability,
      difficulty: c.difficulty,
      reps: 99,
      lapses: c.lapses,
      state: c.state,
      learning_steps: c.learningSteps,
      scheduled_days: c.scheduledDays,
      last_review: at(c.lastReview),
      due_at: at(c.dueAt)!,
      updated_at: new Date().toISOString(),
      log_rating: 3,
      log_state: c.state,
      reviewed_at: new Date().toISOString(),
      previous: null,
    });
    await answer(learner, q.id, wrong(q), 9000);
    expect(await writeCardIfUnchanged(db, id, next(read.cardVersion))).toBe(false);
    const fresh = await cardContext(db, id, q.id);
    expect(fresh.card!.reps).toBe(2);
    expect(await writeCardIfUnchanged(db, id, next(fresh.cardVersion))).toBe(true);
    expect((await cardContext(db, id, q.id)).card!.reps).toBe(99);
  });
});

describe('the review queue after a simulated month of answers', () => {
  it('matches ts-fsrs replaying the same answers, day by day', async () => {
    const learner = await buildUser(db);
    const course = await buildCourse(db);
    const easy = await buildQuestion(db, { courseId: course.id });
    const slow = await buildQuestion(db, { courseId: course.id });
    const shaky = await buildQuestion(db, { courseId: course.id });
    const qcm = await buildQuestion(db, {
      courseId: course.id,
      choiceList: [
        { text: 'A', isCorrect: true },
        { text: 'B', isCorrect: true },
        { text: 'C', isCorrect: false },
      ],
    });
    /** How the learner answers each question on its n-th answer. */
    const plans = new Map<number, (n: number) => { choices: number[]; ms: number }>([
      [easy.id, () => ({ choices: right(easy), ms: 8_000 })],
      [slow.id, () => ({ choices: right(slow), ms: 120_000 })],
      [shaky.id, (n) => ({ choices: n % 2 ? wrong(shaky) : right(shaky), ms: 30_000 })],
      // One of two right choices ticked: half a point under the partial rule (hard).
      [qcm.id, () => ({ choices: [qcm.choices[0]!.id], ms: 30_000 })],
    ]);
    const scores = new Map<number, (n: number) => number>([
      [easy.id, () => 1],
      [slow.id, () => 1],
      [shaky.id, (n: number) => (n % 2 ? 0 : 1)],
      [qcm.id, () => 0.5],
    ]);
    const cards = new Map<number, Card>();
    const answered = new Map<number, number>();
    let now = new Date('2026-03-02T08:00:00Z');
    clock.now = () => now;
    // Day 0: everything is new; the learner answers each question once.
    let due = [...plans.keys()];
    for (let day = 0; day < 30; day++) {
      now = new Date(Date.parse('2026-03-02T08:00:00Z') + day * DAY);
      // Passes 15 minutes apart: a forgotten card comes back 10 minutes later, the same day.
      for (let pass = 0; pass < 4; pass++) {
        if (day > 0 || pass > 0) {
          const endOfDay = Date.parse('2026-03-02T00:00:00Z') + (day + 1) * DAY;
          const queue = (await get(learner, 'review/due/?page_size=100')).json();
          due = queue.results.map((c: { question: { id: number } }) => c.question.id);
          const expected = [...cards]
            .filter(([, c]) => c.due.getTime() < endOfDay)
            .sort(([ia, a], [ib, b]) => a.due.getTime() - b.due.getTime() || ia - ib)
            .map(([id]) => id);
          expect(new Set(due)).toEqual(new Set(expected));
        }
        for (const id of due) {
          if ((cards.get(id)?.due.getTime() ?? 0) > now.getTime()) continue;
          const n = answered.get(id) ?? 0;
          answered.set(id, n + 1);
          const plan = plans.get(id)!(n);
          const res = await answer(learner, id, plan.choices, plan.ms, 'partial');
          expect(res.statusCode).toBe(201);
          const rating = gradeFromAnswer({
            correctness: scores.get(id)!(n),
            timeSpentSeconds: plan.ms / 1000,
          });
          const card: Card = cards.get(id) ?? createEmptyCard(now);
          cards.set(id, reference.next(card, now, GRADE[rating] as Grade).card);
        }
        now = new Date(now.getTime() + 15 * 60_000);
      }
    }
    // Every card's stored state is the library's for the same log.
    const all = (await get(learner, 'question-evaluations/?page_size=100')).json().results;
    expect(all).toHaveLength(4);
    for (const stored of all) {
      const card = cards.get(stored.question)!;
      expect(stored.due_at).toBe(card.due.toISOString());
      expect(stored.stability).toBe(card.stability);
      expect(stored.difficulty).toBe(card.difficulty);
      expect(stored.reps).toBe(card.reps);
      expect(stored.lapses).toBe(card.lapses);
    }
    // The easy question is scheduled furthest out; the shaky one has lapsed.
    const byId = new Map(all.map((c: { question: number }) => [c.question, c]));
    const dueAt = (id: number) => Date.parse((byId.get(id) as { due_at: string }).due_at);
    expect(dueAt(easy.id)).toBeGreaterThan(dueAt(slow.id));
    expect(cards.get(shaky.id)!.lapses).toBeGreaterThan(3);

    // The forecast counts every card not yet due today on its own day.
    const forecast = (await get(learner, 'review/forecast/')).json();
    expect(forecast.days).toHaveLength(30);
    const inWindow = [...cards.values()].filter(
      (c) => c.due.getTime() < Date.parse(forecast.days[0].date) + 30 * DAY,
    ).length;
    expect(
      forecast.overdue + forecast.days.reduce((s: number, d: { count: number }) => s + d.count, 0),
    ).toBe(inWindow);
    expect((await get(learner, 'review/settings/')).json().review_count).toBe(
      [...cards.values()].reduce((s, c) => s + c.reps, 0),
    );
  }, 120_000);
});

describe('clinical cases and runs', () => {
  it('grades a case as one card when its last question is answered, and runs it whole', async () => {
    const learner = await buildUser(db);
    const course = await buildCourse(db);
    const [kase] = await db
      .insert(clinicalCases)
      .values({ courseId: course.id, vignette: 'A patient.' })
      .returning();
    const first = await buildQuestion(db, {
      courseId: course.id,
      clinicalCaseId: kase!.id,
      order: 0,
    });
    const second = await buildQuestion(db, {
      courseId: course.id,
      clinicalCaseId: kase!.id,
      order: 1,
    });
    const at = new Date('2026-04-01T08:00:00Z');
    clock.now = () => at;
    await answer(learner, first.id, right(first), 10_000);
    expect((await get(learner, 'question-evaluations/')).json().count).toBe(0);
    await answer(learner, second.id, wrong(second), 10_000);
    const cards = (await get(learner, 'question-evaluations/')).json();
    expect(cards.count).toBe(1);
    // Half the case right: hard, on the case's first question.
    const expected = reference.next(createEmptyCard(at), at, GRADE.hard).card;
    expect(cards.results[0]).toMatchObject({
      question: first.id,
      due_at: expected.due.toISOString(),
    });

    clock.now = () => new Date(expected.due.getTime() + 60_000);
    const due = (await get(learner, 'review/due/')).json();
    expect(due.results).toEqual([
      {
        question: expect.objectContaining({ id: first.id, clinical_case: kase!.id }),
        state: 'learning',
        due_at: expected.due.toISOString(),
        reps: 1,
        lapses: 0,
        is_leech: false,
      },
    ]);
    const run = await send(learner, 'POST', 'review/runs/', { source: 'due' });
    expect(run.statusCode).toBe(200);
    expect(run.json().session).toEqual(expect.any(Number));
    expect(run.json().questions.map((q: { id: number }) => q.id)).toEqual([first.id, second.id]);
    const exam = (
      await send(learner, 'POST', 'review/runs/', { source: 'due', mode: 'exam' })
    ).json();
    expect(exam.session).toBeNull();
    expect(exam.questions).toHaveLength(2);
    const bad = await send(learner, 'POST', 'review/runs/', { source: 'all', mode: 'timed' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['mode', 'source']);
  });

  it('answers in a review run reschedule the card, and another learner sees none of it', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const q = await buildQuestion(db);
    await answer(learner, q.id, wrong(q), 10_000);
    clock.now = () => new Date(Date.now() + 3_600_000);
    const run = (await send(learner, 'POST', 'review/runs/', { source: 'due' })).json();
    expect(run.questions.map((x: { id: number }) => x.id)).toEqual([q.id]);
    const res = await send(learner, 'POST', 'session_questions/', {
      session: run.session,
      question: q.id,
      choices: right(q),
      time_spent_ms: 10_000,
    });
    expect(res.statusCode).toBe(201);
    const [card] = (await get(learner, `question-evaluations/?question=${q.id}`)).json().results;
    expect(card.reps).toBe(2);
    expect((await get(stranger, 'review/due/')).json().count).toBe(0);
    expect((await send(stranger, 'POST', 'review/runs/', { source: 'due' })).json()).toEqual({
      session: null,
      questions: [],
    });
  });
});
