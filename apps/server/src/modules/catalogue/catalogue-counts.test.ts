import { describe, expect, it } from 'vitest';
import { changeStatus } from '../backoffice/question-admin.service';
import {
  buildCourse,
  buildModule,
  buildQuestion,
  buildSource,
  buildUser,
} from '../../../test/factories';
import { setupTestApp } from '../../../test/helper';

/** Decision 042: catalogue counts are cached, and follow every content change at once. */

const { app, database } = await setupTestApp();
const db = database.db;

describe('question counts of the catalogue lists', () => {
  it('count live questions only and follow a status change, by HTTP or not', async () => {
    const learner = await buildUser(db);
    const staff = await buildUser(db, { isStaff: true });
    const module = await buildModule(db);
    const course = await buildCourse(db, { moduleId: module.id });
    const source = await buildSource(db, { moduleId: module.id });
    const live = await buildQuestion(db, { courseId: course.id, sourceId: source.id });
    await buildQuestion(db, { courseId: course.id, sourceId: source.id });
    await buildQuestion(db, { courseId: course.id, status: 'draft', isPublished: false });
    const counts = async () => {
      const get = (url: string) =>
        app.inject({ url, headers: learner.headers }).then((r) => r.json());
      return {
        module: (await get(`/api/moduls/${module.id}/`)).questions_count,
        course: (await get(`/api/courss/${course.id}/`)).questions_count,
        source: (await get(`/api/sources/${source.id}/`)).questions_count,
        inCourse: (await get(`/api/sourcs/?course=${course.id}`)).map(
          (s: { questions_count: number }) => s.questions_count,
        ),
      };
    };
    expect(await counts()).toEqual({ module: 2, course: 2, source: 2, inCourse: [2] });
    // A staff withdrawal over HTTP.
    const res = await app.inject({
      method: 'POST',
      url: `/api/staff/questions/${live.id}/status/`,
      headers: staff.headers,
      payload: { status: 'withdrawn' },
    });
    expect(res.statusCode).toBe(200);
    expect(await counts()).toEqual({ module: 1, course: 1, source: 1, inCourse: [1] });
    // The same service called outside a request (a job): it publishes the change itself.
    await changeStatus({ db }, staff.user, live.id, 'live');
    expect(await counts()).toEqual({ module: 2, course: 2, source: 2, inCourse: [2] });
  });
});
