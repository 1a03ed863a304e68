import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import {
  buildCourse,
  buildModule,
  buildSource,
  buildUser,
  type TestUser,
} from '../../../test/factories';

const { app, database } = await setupTestApp();
const db = database.db;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/${url}`,
    headers: user?.headers ?? {},
    ...(payload ? { payload } : {}),
  });

describe('/api/module_filters/', () => {
  it('adds the chosen modules one by one and lists them', async () => {
    const learner = await buildUser(db);
    const cardio = await buildModule(db, { name: 'Cardiology', order: 1 });
    const neuro = await buildModule(db, { name: 'Neurology', order: 2 });
    const first = await call(learner, 'POST', 'module_filters/', { module: cardio.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      module: cardio.id,
      module_name: 'Cardiology',
      created_at: expect.any(String),
    });
    await call(learner, 'POST', 'module_filters/', { module: neuro.id });
    const list = await call(learner, 'GET', 'module_filters/');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((f: { module: number }) => f.module)).toEqual([cardio.id, neuro.id]);
    const stranger = await buildUser(db);
    expect((await call(stranger, 'GET', 'module_filters/')).json()).toEqual([]);
  });

  it('rejects a duplicate, an unknown module and a bad payload on the module field', async () => {
    const learner = await buildUser(db);
    const mod = await buildModule(db);
    await call(learner, 'POST', 'module_filters/', { module: mod.id });
    const dup = await call(learner, 'POST', 'module_filters/', { module: mod.id });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ module: ['This module is already in your filters.'] });
    const unknown = await call(learner, 'POST', 'module_filters/', { module: 999999 });
    expect(unknown.json()).toEqual({ module: ['Invalid pk "999999" - object does not exist.'] });
    const bad = await call(learner, 'POST', 'module_filters/', { module: 'cardio' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['module']);
    expect((await call(null, 'POST', 'module_filters/', { module: mod.id })).statusCode).toBe(401);
  });

  it('changes and deletes a filter by id; another user’s id is 404', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const [a, b, c] = [await buildModule(db), await buildModule(db), await buildModule(db)];
    const filter = (await call(learner, 'POST', 'module_filters/', { module: a.id })).json();
    await call(learner, 'POST', 'module_filters/', { module: c.id });
    const patched = await call(learner, 'PATCH', `module_filters/${filter.id}/`, { module: b.id });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id: filter.id, module: b.id });
    const taken = await call(learner, 'PATCH', `module_filters/${filter.id}/`, { module: c.id });
    expect(taken.json()).toEqual({ module: ['This module is already in your filters.'] });
    const foreign = await call(stranger, 'PATCH', `module_filters/${filter.id}/`, { module: a.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });
    expect((await call(stranger, 'DELETE', `module_filters/${filter.id}/`)).statusCode).toBe(404);
    expect((await call(learner, 'DELETE', `module_filters/${filter.id}/`)).statusCode).toBe(204);
    expect((await call(learner, 'DELETE', `module_filters/${filter.id}/`)).statusCode).toBe(404);
  });

  it('deletes by module or by moduleFiltre, in the query or the body', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const [a, b, c] = [await buildModule(db), await buildModule(db), await buildModule(db)];
    const fb = (await call(learner, 'POST', 'module_filters/', { module: b.id })).json();
    await call(learner, 'POST', 'module_filters/', { module: a.id });
    await call(learner, 'POST', 'module_filters/', { module: c.id });
    await call(stranger, 'POST', 'module_filters/', { module: a.id });

    expect(
      (await call(learner, 'DELETE', `module_filters/by-module/?module=${a.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await call(learner, 'DELETE', `module_filters/by-module/?moduleFiltre=${fb.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await call(learner, 'DELETE', 'module_filters/by-module/', { module: c.id })).statusCode,
    ).toBe(204);
    expect((await call(learner, 'GET', 'module_filters/')).json()).toEqual([]);
    // The stranger's filter on module a is untouched.
    expect((await call(stranger, 'GET', 'module_filters/')).json()).toHaveLength(1);
    const gone = await call(learner, 'DELETE', `module_filters/by-module/?module=${a.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('answers the seed message when neither module nor moduleFiltre is given', async () => {
    const learner = await buildUser(db);
    const expected = {
      non_field_errors: ['Invalid payload: must include moduleFiltre or module.'],
    };
    const bare = await call(learner, 'DELETE', 'module_filters/by-module/');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual(expected);
    const empty = await call(learner, 'DELETE', 'module_filters/by-module/', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(expected);
    const bad = await call(learner, 'DELETE', 'module_filters/by-module/?module=abc');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['module']);
  });
});

describe('/api/course_filters/', () => {
  it('limits a course to sources of its module, lists, changes and deletes', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const course = await buildCourse(db, { name: 'Heart failure' });
    const s1 = await buildSource(db, { moduleId: course.moduleId });
    const s2 = await buildSource(db, { moduleId: course.moduleId });
    const created = await call(learner, 'POST', 'course_filters/', {
      course: course.id,
      course_sources: [s1.id, s2.id, s1.id],
    });
    expect(created.statusCode).toBe(201);
    const filter = created.json();
    expect(filter).toEqual({
      id: expect.any(Number),
      course: course.id,
      course_name: 'Heart failure',
      course_sources: [s1.id, s2.id],
      created_at: expect.any(String),
    });
    expect((await call(learner, 'GET', 'course_filters/')).json()).toEqual([filter]);
    expect((await call(learner, 'GET', `course_filters/?course=${course.id}`)).json()).toHaveLength(
      1,
    );
    expect((await call(learner, 'GET', 'course_filters/?course=999999')).json()).toEqual([]);
    expect((await call(stranger, 'GET', 'course_filters/')).json()).toEqual([]);

    const patched = await call(learner, 'PATCH', `course_filters/${filter.id}/`, {
      course_sources: [s2.id],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().course_sources).toEqual([s2.id]);
    const foreign = await call(stranger, 'PATCH', `course_filters/${filter.id}/`, {
      course_sources: [s1.id],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `course_filters/${filter.id}/`)).statusCode).toBe(404);
    expect((await call(learner, 'DELETE', `course_filters/${filter.id}/`)).statusCode).toBe(204);
    expect((await call(learner, 'GET', 'course_filters/')).json()).toEqual([]);
  });

  it('rejects sources of another module, unknown ids, duplicates and bad payloads', async () => {
    const learner = await buildUser(db);
    const course = await buildCourse(db);
    const other = await buildCourse(db);
    const own = await buildSource(db, { moduleId: course.moduleId });
    const elsewhere = await buildSource(db);
    const post = (payload: object) => call(learner, 'POST', 'course_filters/', payload);

    const foreign = await post({ course: course.id, course_sources: [own.id, elsewhere.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      course_sources: [`Source ${elsewhere.id} does not belong to the module of this course.`],
    });
    const unknownSource = await post({ course: course.id, course_sources: [999999] });
    expect(unknownSource.json()).toEqual({
      course_sources: ['Invalid pk "999999" - object does not exist.'],
    });
    const unknownCourse = await post({ course: 999999, course_sources: [own.id] });
    expect(unknownCourse.json()).toEqual({
      course: ['Invalid pk "999999" - object does not exist.'],
    });
    const empty = await post({ course: course.id, course_sources: [] });
    expect(empty.json()).toEqual({ course_sources: ['This list may not be empty.'] });
    const bad = await post({ course: 'x', course_sources: '1,2' });
    expect(Object.keys(bad.json()).sort()).toEqual(['course', 'course_sources']);

    const first = (await post({ course: course.id, course_sources: [own.id] })).json();
    const dup = await post({ course: course.id, course_sources: [own.id] });
    expect(dup.json()).toEqual({ course: ['You already have a filter for this course.'] });
    // Moving the filter to another course checks its sources against that course's module.
    const moved = await call(learner, 'PATCH', `course_filters/${first.id}/`, { course: other.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toHaveProperty('course_sources');
  });
});

describe('OpenAPI', () => {
  it('documents the progress routes in /api/schema/', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/schema/' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/module_filters/',
      '/api/module_filters/by-module/',
      '/api/course_filters/{id}/',
      '/api/sessions/',
      '/api/sessions/start-new-session/',
      '/api/sessions-resume/',
      '/api/session_questions/',
      '/api/question_answer_history/',
      '/api/question-evaluations/',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
