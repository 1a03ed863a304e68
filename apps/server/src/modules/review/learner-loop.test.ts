import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildUser, type TestUser } from '../../../test/factories';

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
const GRADES = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };
type Name = keyof typeof GRADES;

const get = (user: TestUser | null, url: string) =>
  app.inject({ method: 'GET', url: `/api/${url}`, headers: user?.headers ?? {} });
const send = (user: TestUser, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url: `/api/${url}`, headers: user.headers, payload });
type Built = Awaited<ReturnType<typeof buildQuestion>>;
const right = (q: Built) => q.choices.filter((c) => c.isCorrect).map((c) => c.id);
const wrong = (q: Built) => [q.choices.find((c) => !c.isCorrect)!.id];
const answer = (user: TestUser, q: number, choices: number[], ms: number, extra = {}) =>
  send(user, 'POST', 'question_answer_history/', {
    question: q,
    choices,
    mode: 'study',
    time_spent_ms: ms,
    ...extra,
  });

/** What each button gives `card` at `now`, per ts-fsrs: the intervals the player shows. */
function expectedChoices(card: Card, now: Date) {
  return Object.fromEntries(
    (Object.keys(GRADES) as Name[]).map((name) => {
      const due = reference.next(card, now, GRADES[name] as Grade).card.due;
      return [name, { due_at: due.toISOString(), days: (due.getTime() - now.getTime()) / DAY }];
    }),
  );
}

describe('grading a learner trusts', () => {
  it('never makes a quick right answer Easy, says how it graded it, and a button replaces it', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    const at = new Date('2026-04-01T08:00:00Z');
    clock.now = () => at;
    expect((await answer(learner, q.id, right(q), 5_000)).statusCode).toBe(201);

    // Five seconds, right, no confidence: Good (a lucky guess is not mastered).
    const graded = await get(learner, `review/cards/${q.id}/`);
    expect(graded.statusCode).toBe(200);
    const good = reference.next(createEmptyCard(at), at, Rating.Good).card;
    expect(graded.json()).toEqual({
      question: q.id,
      rating: 'good',
      graded_by: 'answer',
      reason: 'right',
      replaces: true,
      state: 'review',
      due_at: good.due.toISOString(),
      suspended: false,
      is_leech: false,
      // The buttons replace the answer's grade: their outcomes start from the empty card.
      choices: expectedChoices(createEmptyCard(at), at),
    });

    // Pressing Easy within 30 minutes replaces the grade: the card is ts-fsrs's Easy.
    const later = new Date(at.getTime() + 60_000);
    clock.now = () => later;
    await send(learner, 'POST', 'question-evaluations/', { question: q.id, rating: 'easy' });
    const easy = reference.next(createEmptyCard(at), later, Rating.Easy).card;
    const pressed = (await get(learner, `review/cards/${q.id}/`)).json();
    expect(pressed).toMatchObject({
      rating: 'easy',
      graded_by: 'button',
      reason: null,
      replaces: false,
      due_at: easy.due.toISOString(),
      choices: expectedChoices(easy, later),
    });
    expect((await get(learner, 'review/settings/')).json().review_count).toBe(1);
  });

  it('grades Easy only when the learner says sure, and Hard for a guess', async () => {
    const learner = await buildUser(db);
    const sure = await buildQuestion(db);
    const guess = await buildQuestion(db);
    const slow = await buildQuestion(db);
    await answer(learner, sure.id, right(sure), 40_000, { confidence: 'sure' });
    await answer(learner, guess.id, right(guess), 5_000, { confidence: 'guess' });
    await answer(learner, slow.id, right(slow), 120_000);
    const card = async (id: number) => (await get(learner, `review/cards/${id}/`)).json();
    expect(await card(sure.id)).toMatchObject({ rating: 'easy', reason: 'right-sure' });
    expect(await card(guess.id)).toMatchObject({ rating: 'hard', reason: 'right-guess' });
    expect(await card(slow.id)).toMatchObject({ rating: 'hard', reason: 'right-slow' });
  });

  it('shows a new card’s four outcomes, and 404 for a question that is not published', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    const draft = await buildQuestion(db, { isPublished: false });
    const at = new Date('2026-04-02T08:00:00Z');
    clock.now = () => at;
    expect((await get(learner, `review/cards/${q.id}/`)).json()).toMatchObject({
      rating: null,
      graded_by: null,
      state: 'new',
      due_at: null,
      choices: expectedChoices(createEmptyCard(at), at),
    });
    expect((await get(learner, `review/cards/${draft.id}/`)).statusCode).toBe(404);
    expect((await get(learner, 'review/cards/999999/')).statusCode).toBe(404);
    expect((await get(learner, 'review/cards/abc/')).statusCode).toBe(404);
    expect((await get(null, `review/cards/${q.id}/`)).statusCode).toBe(401);
  });
});

describe('leeches', () => {
  it('eight misses in a row make a leech even if never learned; suspending leaves it out', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const q = await buildQuestion(db);
    const start = Date.parse('2026-04-03T08:00:00Z');
    for (let i = 0; i < 8; i++) {
      clock.now = () => new Date(start + i * 3_600_000);
      await answer(learner, q.id, wrong(q), 10_000);
      const shelf = (await get(learner, 'mistakes/')).json().results[0];
      expect(shelf.is_leech).toBe(i === 7);
    }
    const card = (await get(learner, `review/cards/${q.id}/`)).json();
    expect(card).toMatchObject({ is_leech: true, state: 'learning' });
    expect(card.choices.again).toBeDefined();
    const leeches = (await get(learner, 'mistakes/?leech=true')).json();
    expect(leeches.results.map((m: { question: { id: number } }) => m.question.id)).toEqual([q.id]);
    const due = (await get(learner, 'review/due/')).json();
    expect(due.results[0]).toMatchObject({ question: { id: q.id }, is_leech: true });

    // Suspend: gone from the queue and the forecast, still on the shelf (marked).
    expect(
      (await send(stranger, 'PUT', `review/cards/${q.id}/suspended/`, { suspended: true }))
        .statusCode,
    ).toBe(404);
    const suspended = await send(learner, 'PUT', `review/cards/${q.id}/suspended/`, {
      suspended: true,
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().suspended).toBe(true);
    expect((await get(learner, 'review/due/')).json().count).toBe(0);
    const forecast = (await get(learner, 'review/forecast/')).json();
    expect(
      forecast.overdue + forecast.days.reduce((s: number, d: { count: number }) => s + d.count, 0),
    ).toBe(0);
    expect((await get(learner, 'mistakes/')).json().results[0].suspended).toBe(true);
    const bad = await send(learner, 'PUT', `review/cards/${q.id}/suspended/`, { suspended: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['suspended']);
    await send(learner, 'PUT', `review/cards/${q.id}/suspended/`, { suspended: false });
    expect((await get(learner, 'review/due/')).json().count).toBe(1);

    // A right answer ends the run of misses: no longer a leech.
    await answer(learner, q.id, right(q), 10_000);
    expect((await get(learner, `review/cards/${q.id}/`)).json().is_leech).toBe(false);
  });
});

describe('scoped reviews and daily limits', () => {
  it('filters the due queue, the shelf and runs by module and course', async () => {
    const learner = await buildUser(db);
    const course = await buildCourse(db);
    const sibling = await buildCourse(db, { moduleId: course.moduleId });
    const other = await buildCourse(db);
    const [a, b, c] = await Promise.all(
      [course, sibling, other].map((x) => buildQuestion(db, { courseId: x.id })),
    );
    for (const q of [a!, b!, c!]) await answer(learner, q.id, wrong(q), 10_000);
    clock.now = () => new Date(Date.now() + 3_600_000);
    const ids = (body: { results: { question: { id: number } }[] }) =>
      body.results.map((r) => r.question.id).sort();
    expect(ids((await get(learner, `review/due/?course=${course.id}`)).json())).toEqual([a!.id]);
    expect(ids((await get(learner, `review/due/?module=${course.moduleId}`)).json())).toEqual(
      [a!.id, b!.id].sort(),
    );
    expect(ids((await get(learner, `mistakes/?course=${other.id}`)).json())).toEqual([c!.id]);
    expect(ids((await get(learner, `mistakes/?module=${course.moduleId}`)).json())).toEqual(
      [a!.id, b!.id].sort(),
    );
    const run = await send(learner, 'POST', 'review/runs/', {
      source: 'mistakes',
      course: sibling.id,
    });
    expect(run.json().questions.map((q: { id: number }) => q.id)).toEqual([b!.id]);
    expect((await get(learner, 'review/due/?module=abc')).statusCode).toBe(400);
  });

  it('offers at most the day’s reviews, and a due run adds new questions up to the new limit', async () => {
    const learner = await buildUser(db);
    const course = await buildCourse(db);
    const qs: Built[] = [];
    for (let i = 0; i < 5; i++) qs.push(await buildQuestion(db, { courseId: course.id, order: i }));
    const saved = await send(learner, 'PATCH', 'review/settings/', {
      new_per_day: 3,
      reviews_per_day: 1,
    });
    expect(saved.json()).toMatchObject({ new_per_day: 3, reviews_per_day: 1 });
    const at = new Date('2026-04-04T08:00:00Z');
    clock.now = () => at;
    // Two new questions answered (wrong): two of the three new ones of the day are used.
    await answer(learner, qs[0]!.id, wrong(qs[0]!), 10_000);
    await answer(learner, qs[1]!.id, wrong(qs[1]!), 10_000);
    clock.now = () => new Date(at.getTime() + 3_600_000);
    const due = (await get(learner, 'review/due/')).json();
    expect(due.count).toBe(1);
    expect(due.results).toHaveLength(1);
    const run = (
      await send(learner, 'POST', 'review/runs/', { source: 'due', course: course.id })
    ).json();
    // One review (the limit), then one new question (3 a day, 2 already started).
    expect(run.questions.map((q: { id: number }) => q.id)).toEqual([qs[0]!.id, qs[2]!.id]);
    const bad = await send(learner, 'PATCH', 'review/settings/', { new_per_day: -1 });
    expect(bad.json()).toEqual({
      new_per_day: ['Ensure this value is greater than or equal to 0.'],
    });
  });
});
