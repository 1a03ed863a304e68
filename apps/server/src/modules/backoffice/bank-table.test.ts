import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import {
  answerInHistory,
  buildCourse,
  buildModule,
  buildQuestion,
  buildUser,
} from '../../../test/factories';
import { reports } from '../../db/schema/index';

/**
 * Issue 34, "The bank table": filter by open reports and by a facility range; sorting by
 * facility puts the hardest ANSWERED questions first and the unanswered ones last.
 */
const { app, database } = await setupTestApp();
const db = database.db;
const staff = await buildUser(db, { isStaff: true });
const learners = await Promise.all([1, 2, 3, 4].map(() => buildUser(db)));

const module = await buildModule(db);
const course = await buildCourse(db, { moduleId: module.id });
/** A question answered right by `right` of the four learners (null: never answered). */
async function question(right: number | null) {
  const q = await buildQuestion(db, { courseId: course.id, status: 'live', isPublished: true });
  if (right !== null) {
    for (const [i, learner] of learners.entries()) {
      const ok = i < right;
      await answerInHistory(db, learner.user.id, q.id, {
        choices: [q.choices[ok ? 0 : 1]!.id],
        isCorrect: ok,
      });
    }
  }
  return q.id;
}
const unanswered = await question(null);
const easy = await question(4);
const hard = await question(1);
const middle = await question(2);
await db
  .insert(reports)
  .values({ userId: learners[0]!.user.id, questionId: middle, reason: 'typo' });

async function bank(query: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/staff/questions/?module=${module.id}&${query}`,
    headers: staff.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: { id: number }[] }).results.map((r) => r.id);
}

describe('the bank table', () => {
  it('sorts by facility hardest answered first, unanswered last, both ways', async () => {
    expect(await bank('ordering=facility')).toEqual([hard, middle, easy, unanswered]);
    expect(await bank('ordering=-facility')).toEqual([easy, middle, hard, unanswered]);
  });

  it('filters by a facility range and by open reports', async () => {
    expect(await bank('facility_min=0.2&facility_max=0.5&ordering=facility')).toEqual([
      hard,
      middle,
    ]);
    expect(await bank('reports=true')).toEqual([middle]);
    expect((await bank('reports=false')).sort()).toEqual([unanswered, easy, hard].sort());
    const bad = await app.inject({
      method: 'GET',
      url: '/api/staff/questions/?facility_min=2',
      headers: staff.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
