import type { BlockCounts } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import {
  answerInHistory,
  buildCourse,
  buildModule,
  buildQuestion,
  buildSource,
  buildUser,
  answerInSession,
  favorite,
  hide,
  startSession,
  type Headers,
} from '../../../test/factories';

// Three free questions per course: the fourth of a course is locked without a plan.
const { app, database } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '3' });
const db = database.db;

const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url, headers });

/** A small bank of two modules, with sources, both types, a locked and an unpublished question. */
async function bank() {
  const first = await buildModule(db);
  const second = await buildModule(db);
  const heart = await buildCourse(db, { moduleId: first.id });
  const lungs = await buildCourse(db, { moduleId: first.id });
  const kidney = await buildCourse(db, { moduleId: second.id });
  const exam2019 = await buildSource(db, { moduleId: first.id });
  const qcm = [
    { text: 'A', isCorrect: true },
    { text: 'B', isCorrect: true },
    { text: 'C', isCorrect: false },
  ];
  const q = [
    await buildQuestion(db, { courseId: heart.id, order: 1, sourceId: exam2019.id }),
    await buildQuestion(db, { courseId: heart.id, order: 2, choiceList: qcm }),
    await buildQuestion(db, { courseId: heart.id, order: 3, sourceId: exam2019.id }),
    // Locked: the fourth of its course.
    await buildQuestion(db, { courseId: heart.id, order: 4, sourceId: exam2019.id }),
    await buildQuestion(db, { courseId: lungs.id, order: 1, choiceList: qcm }),
    await buildQuestion(db, { courseId: lungs.id, order: 2, isPublished: false }),
    await buildQuestion(db, { courseId: kidney.id, order: 1 }),
    await buildQuestion(db, { courseId: kidney.id, order: 2 }),
  ];
  return { modules: [first, second], courses: [heart, lungs, kidney], source: exam2019, q };
}

/** The questions the exam draw finds for the same filters (every one of them). */
async function drawn(query: string, headers: Headers): Promise<number> {
  const response = await get(`/api/questions_exam/?count=200&${query}`, headers);
  expect(response.statusCode).toBe(200);
  return (response.json() as { results: unknown[] }).results.length;
}

async function counts(query: string, headers: Headers): Promise<BlockCounts> {
  const response = await get(`/api/questions_exam/counts/?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BlockCounts;
}

describe('GET /api/questions_exam/counts/', () => {
  it('counts what each choice leaves, and every count is what the draw then finds', async () => {
    const { user, headers } = await buildUser(db);
    const { modules, courses, source, q } = await bank();
    const [heart, lungs, kidney] = courses;
    await answerInHistory(db, user.id, q[0]!.id, {
      choices: [q[0]!.choices[0]!.id],
      isCorrect: true,
    });
    await answerInHistory(db, user.id, q[1]!.id, { choices: [], isCorrect: false });
    await favorite(db, user.id, q[2]!.id);
    await favorite(db, user.id, q[1]!.id);
    await hide(db, user.id, q[6]!.id);
    const both = `modules=${modules[0]!.id},${modules[1]!.id}`;

    // Readable, published, not hidden: heart 3 (the 4th is locked), lungs 1, kidney 1.
    const all = await counts(both, headers);
    expect(all.total).toBe(5);
    expect(all.modules).toEqual([
      { id: modules[0]!.id, count: 4 },
      { id: modules[1]!.id, count: 1 },
    ]);
    expect(all.courses).toEqual([
      { id: heart!.id, count: 3 },
      { id: lungs!.id, count: 1 },
      { id: kidney!.id, count: 1 },
    ]);
    expect(all.sources).toEqual([{ id: source.id, count: 2 }]);
    expect(all.types).toEqual({ qcs: 3, qcm: 2 });
    expect(all.only).toEqual({ unanswered: 3, incorrect: 1, favorite: 2, flagged: 0 });
    expect(all.difficulty).toEqual([]);

    // A facet's counts ignore its own filter and apply the others: ticking "heart" leaves the
    // module counts of heart, and every course count of the ticked modules.
    const ticked = await counts(`${both}&courses=${heart!.id}&types=qcs`, headers);
    expect(ticked.total).toBe(2);
    expect(ticked.courses).toContainEqual({ id: lungs!.id, count: 0 });
    expect(ticked.courses).toContainEqual({ id: heart!.id, count: 2 });
    expect(ticked.types).toEqual({ qcs: 2, qcm: 1 });
    expect(ticked.modules).toContainEqual({ id: modules[0]!.id, count: 2 });

    for (const query of [
      both,
      `${both}&courses=${heart!.id}&types=qcs`,
      `${both}&unanswered=true`,
      `${both}&incorrect=true`,
      `${both}&favorite=true`,
      `${both}&favorite=true&unanswered=true`,
      `modules=${modules[0]!.id}&sources=${source.id}`,
      `${both}&types=qcm&incorrect=false`,
      `${both}&flagged=${q[0]!.id},${q[3]!.id},${q[4]!.id}&flagged_only=true`,
      `${both}&flagged=${q[0]!.id},${q[4]!.id}&flagged_only=true&types=qcs`,
    ]) {
      expect((await counts(query, headers)).total, query).toBe(await drawn(query, headers));
    }
  });

  it('is the caller’s own: another learner’s answers and marks count nothing', async () => {
    const owner = await buildUser(db);
    const other = await buildUser(db);
    const { modules, q } = await bank();
    await favorite(db, owner.user.id, q[0]!.id);
    await answerInHistory(db, owner.user.id, q[0]!.id, { choices: [], isCorrect: false });
    const query = `modules=${modules[0]!.id}`;
    expect((await counts(query, owner.headers)).only).toEqual({
      unanswered: 3,
      incorrect: 1,
      favorite: 1,
      flagged: 0,
    });
    expect((await counts(query, other.headers)).only).toEqual({
      unanswered: 4,
      incorrect: 0,
      favorite: 0,
      flagged: 0,
    });
  });

  it('follows the draw’s answer rule: the latest session of the course before the history', async () => {
    const { user, headers } = await buildUser(db);
    const { modules, courses, q } = await bank();
    const [heart, lungs] = courses;
    // Wrong in the history, right in the current session of its course: not "incorrect".
    await answerInHistory(db, user.id, q[2]!.id, { choices: [], isCorrect: false });
    const old = await startSession(db, user.id, heart!.id);
    await answerInSession(db, old, q[0]!.id, { choices: [], isCorrect: false });
    const current = await startSession(db, user.id, heart!.id);
    await answerInSession(db, current, q[2]!.id, { choices: [], isCorrect: true });
    // Only in a session of lungs: wrong.
    const other = await startSession(db, user.id, lungs!.id);
    await answerInSession(db, other, q[4]!.id, { choices: [], isCorrect: false });
    const query = `modules=${modules[0]!.id}`;
    // q[0] was answered in an old session only: unanswered by the draw's rule.
    expect((await counts(query, headers)).only).toMatchObject({ unanswered: 2, incorrect: 1 });
    for (const only of ['unanswered=true', 'incorrect=true', 'incorrect=false']) {
      const filtered = `${query}&${only}`;
      expect((await counts(filtered, headers)).total, only).toBe(await drawn(filtered, headers));
    }
  });

  it('counts the flagged questions the builder sends, and keeps only them when asked', async () => {
    const { headers } = await buildUser(db);
    const { modules, q } = await bank();
    // q[3] is locked and q[5] unpublished: flagged or not, a block cannot hold them.
    const flagged = `flagged=${q[0]!.id},${q[1]!.id},${q[3]!.id},${q[5]!.id}`;
    const query = `modules=${modules[0]!.id}&${flagged}`;
    const seen = await counts(query, headers);
    expect(seen.total).toBe(4);
    expect(seen.only.flagged).toBe(2);
    const only = await counts(`${query}&flagged_only=true`, headers);
    expect(only.total).toBe(2);
    expect(only.types).toEqual({ qcs: 1, qcm: 1 });
    expect(await drawn(`${query}&flagged_only=true`, headers)).toBe(2);
  });

  it('answers 400 for bad filters and 401 without a token', async () => {
    const { headers } = await buildUser(db);
    const bad = await get('/api/questions_exam/counts/?modules=x&types=qcz', headers);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json() as object).sort()).toEqual(['modules', 'types']);
    const anonymous = await app.inject({ method: 'GET', url: '/api/questions_exam/counts/' });
    expect(anonymous.statusCode).toBe(401);
  });
});
