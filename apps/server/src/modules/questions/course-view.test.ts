import { describe, expect, it } from 'vitest';
import { buildCourse, buildQuestion, buildUser } from '../../../test/factories';
import { setupTestApp } from '../../../test/helper';
import { subscribe } from '../../../test/factories';

/**
 * Decision 042: question types and first-unanswered of a course come from memory when warm,
 * and every write that changes them shows on the next read.
 */

const { app, database } = await setupTestApp();
const db = database.db;

describe('question types and first unanswered from the caches', () => {
  it("follow the learner's answers and hides, and a staff withdrawal, at once", async () => {
    const learner = await buildUser(db);
    const staff = await buildUser(db, { isStaff: true });
    await subscribe(db, learner.user.id);
    const course = await buildCourse(db);
    const qs = [];
    for (let order = 1; order <= 3; order++)
      qs.push(await buildQuestion(db, { courseId: course.id, order }));
    const call = (method: 'GET' | 'POST', url: string, payload?: object, who = learner) =>
      app.inject({ method, url: `/api/${url}`, headers: who.headers, payload });
    const session = (await call('POST', 'sessions/', { course_id: course.id })).json();
    const first = async () =>
      (
        await call(
          'GET',
          `questns/first-unanswered/?course=${course.id}&session=${session.id}&page_size=2`,
        )
      ).json();
    const types = async () => (await call('GET', `questnstypes/?course=${course.id}`)).json();

    expect(await first()).toMatchObject({ question_id: qs[0]!.id, page: 1, index: 0, total: 3 });
    expect(await types()).toEqual({ qcs: 3, qcm: 0, clinical_case: 0, total: 3 });
    // Warm now; answer the first question.
    const answered = await call('POST', 'session_questions/', {
      session: session.id,
      question: qs[0]!.id,
      choices: [qs[0]!.choices[0]!.id],
    });
    expect(answered.statusCode).toBe(201);
    expect(await first()).toMatchObject({ question_id: qs[1]!.id, page: 1, index: 1, position: 2 });
    // Hiding the second question takes it out of both.
    expect((await call('POST', 'hide_questions/', { question: qs[1]!.id })).statusCode).toBe(201);
    expect(await first()).toMatchObject({ question_id: qs[2]!.id, position: 2, total: 2 });
    expect(await types()).toMatchObject({ qcs: 2, total: 2 });
    // A staff withdrawal of the third.
    const withdrawn = await call(
      'POST',
      `staff/questions/${qs[2]!.id}/status/`,
      { status: 'withdrawn' },
      staff,
    );
    expect(withdrawn.statusCode).toBe(200);
    expect(await first()).toMatchObject({ question_id: null, total: 1 });
    expect(await types()).toMatchObject({ qcs: 1, total: 1 });
  });
});
