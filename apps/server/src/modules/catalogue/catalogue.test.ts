import { describe, expect, it } from 'vitest';
import { favorites, hides, moduleFilters } from '../../db/schema/index';
import { setupTestApp } from '../../../test/helper';
import {
  buildCourse,
  buildModule,
  buildQuestion,
  buildSource,
  buildUser,
} from '../../../test/factories';
import { answerInSession, filterCourse, startSession } from '../../../test/factories';

const { app, database } = await setupTestApp();
const db = database.db;

const get = (url: string, headers?: { authorization: string }) =>
  app.inject({ method: 'GET', url, headers });
const INVALID_CHOICE = 'Select a valid choice. That choice is not one of the available choices.';

/** A module with two courses (2 and 1 questions) and two sources. */
async function catalogue(order = 0) {
  const module = await buildModule(db, {
    order,
    image: 'modules/cardio.png',
    description: 'Heart',
  });
  const c1 = await buildCourse(db, { moduleId: module.id, order: 2 });
  const c2 = await buildCourse(db, { moduleId: module.id, order: 1 });
  const s1 = await buildSource(db, {
    moduleId: module.id,
    order: 1,
    year: 2019,
    name: 'Algiers 2019',
  });
  const s2 = await buildSource(db, { moduleId: module.id, order: 2 });
  const q1 = await buildQuestion(db, { courseId: c1.id, sourceId: s1.id, order: 1 });
  const q2 = await buildQuestion(db, { courseId: c1.id, sourceId: s2.id, order: 2 });
  const q3 = await buildQuestion(db, { courseId: c2.id, sourceId: s1.id });
  await buildQuestion(db, { courseId: c2.id, isPublished: false });
  return { module, c1, c2, s1, s2, q1, q2, q3 };
}

describe('authentication', () => {
  it('answers 401 to anonymous callers', async () => {
    for (const url of [
      '/api/moduls/',
      '/api/moduls/1/',
      '/api/courss/',
      '/api/courss/1/',
      '/api/sourcs/',
      '/api/sources/1/',
      '/api/sourcs/1/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });
});

describe('GET /api/moduls/', () => {
  it('lists modules by order with counts, the caller’s progress and marks', async () => {
    const { user, headers } = await buildUser(db);
    const later = await catalogue(20);
    const first = await catalogue(10);
    const session = await startSession(db, user.id, later.c1.id);
    await answerInSession(db, session, later.q1.id, { choices: [], isCorrect: true });
    await answerInSession(db, session, later.q2.id, { choices: [], isCorrect: false });
    // A later pass: the last answer decides "correct".
    const again = await startSession(db, user.id, later.c1.id);
    await answerInSession(db, again, later.q2.id, {
      choices: [],
      isCorrect: true,
      answeredAt: new Date(Date.now() + 1000),
    });
    await db.insert(favorites).values({ userId: user.id, moduleId: later.module.id });
    await db.insert(hides).values({ userId: user.id, moduleId: later.module.id });
    await db.insert(moduleFilters).values({ userId: user.id, moduleId: first.module.id });

    const res = await get('/api/moduls/', headers);
    expect(res.statusCode).toBe(200);
    const mine = res
      .json()
      .filter((m: { id: number }) => [first.module.id, later.module.id].includes(m.id));
    expect(mine).toEqual([
      {
        id: first.module.id,
        name: first.module.name,
        description: 'Heart',
        image: '/media/modules/cardio.png',
        order: 10,
        courses_count: 2,
        questions_count: 3,
        answered_count: 0,
        correct_count: 0,
        is_favorite: false,
        is_hidden: false,
        is_filtered: true,
      },
      expect.objectContaining({
        id: later.module.id,
        answered_count: 2,
        correct_count: 2,
        is_favorite: true,
        is_hidden: true,
        is_filtered: false,
      }),
    ]);
    const one = await get(`/api/moduls/${later.module.id}/`, headers);
    expect(one.json()).toEqual(mine[1]);
    // Another user's progress and marks do not show.
    const other = await buildUser(db);
    expect((await get(`/api/moduls/${later.module.id}/`, other.headers)).json()).toMatchObject({
      answered_count: 0,
      is_favorite: false,
      is_hidden: false,
    });
  });

  it('answers 404 for an unknown module and for a malformed id', async () => {
    const { headers } = await buildUser(db);
    expect((await get('/api/moduls/999999/', headers)).json()).toEqual({ detail: 'Not found.' });
    expect((await get('/api/moduls/999999/', headers)).statusCode).toBe(404);
    const bad = await get('/api/moduls/x/', headers);
    // A path id that is not an id names no object (issue 17): 404, decided before the database.
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('GET /api/courss/', () => {
  it('lists the courses of a module by order, with the caller’s course filter', async () => {
    const { user, headers } = await buildUser(db);
    const { module, c1, c2, s1, q3 } = await catalogue();
    await filterCourse(db, user.id, c1.id, [s1.id]);
    await db.insert(hides).values({ userId: user.id, courseId: c2.id });
    await db.insert(favorites).values({ userId: user.id, courseId: c1.id });
    const session = await startSession(db, user.id, c2.id);
    await answerInSession(db, session, q3.id, { choices: [], isCorrect: false });

    const res = await get(`/api/courss/?module=${module.id}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: c2.id,
        module: module.id,
        name: c2.name,
        description: '',
        order: 1,
        questions_count: 1,
        answered_count: 1,
        correct_count: 0,
        is_favorite: false,
        is_hidden: true,
        course_sources: null,
      },
      expect.objectContaining({
        id: c1.id,
        questions_count: 2,
        is_favorite: true,
        course_sources: [s1.id],
      }),
    ]);
    expect((await get(`/api/courss/${c1.id}/`, headers)).json()).toEqual(res.json()[1]);
    expect((await get('/api/courss/', headers)).json().length).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for an unknown course and 400 for an unknown or malformed module', async () => {
    const { headers } = await buildUser(db);
    expect((await get('/api/courss/999999/', headers)).statusCode).toBe(404);
    const unknown = await get('/api/courss/?module=999999', headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ module: [INVALID_CHOICE] });
    const bad = await get('/api/courss/?module=abc', headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ module: ['A valid integer is required.'] });
  });
});

describe('GET /api/sourcs/', () => {
  it('lists the sources of a module, or those with questions in a course', async () => {
    const { user, headers } = await buildUser(db);
    const { module, c1, c2, s1, s2 } = await catalogue();
    await db.insert(hides).values({ userId: user.id, sourceId: s2.id });
    const all = (await get(`/api/sourcs/?module=${module.id}`, headers)).json();
    expect(all).toEqual([
      {
        id: s1.id,
        module: module.id,
        name: 'Algiers 2019',
        year: 2019,
        order: 1,
        questions_count: 2,
        is_hidden: false,
      },
      {
        id: s2.id,
        module: module.id,
        name: s2.name,
        year: 2020,
        order: 2,
        questions_count: 1,
        is_hidden: true,
      },
    ]);
    const ofCourse = (await get(`/api/sourcs/?course=${c2.id}`, headers)).json();
    expect(ofCourse).toEqual([expect.objectContaining({ id: s1.id, questions_count: 1 })]);
    expect((await get(`/api/sourcs/?course=${c1.id}`, headers)).json()).toHaveLength(2);
    expect((await get(`/api/sources/${s2.id}/`, headers)).json()).toEqual(all[1]);
    expect((await get(`/api/sourcs/${s2.id}/`, headers)).json()).toEqual(all[1]);
  });

  it('answers 404 for an unknown source and 400 for unknown filters', async () => {
    const { headers } = await buildUser(db);
    expect((await get('/api/sources/999999/', headers)).statusCode).toBe(404);
    const unknown = await get('/api/sourcs/?course=999999', headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ course: [INVALID_CHOICE] });
  });
});
