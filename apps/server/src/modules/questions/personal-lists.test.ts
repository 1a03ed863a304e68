import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildModule, buildQuestion, buildUser } from '../../../test/factories';
import { favorite, hide, note } from '../../../test/factories';

const { app, database } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '1000' });
const db = database.db;
const ids = (body: { results: { id: number }[] }) => body.results.map((q) => q.id);

describe('personal question lists narrowed to a module or a course', () => {
  it('favorites, hides and noted questions take module and course', async () => {
    const { user, headers } = await buildUser(db);
    const m1 = await buildModule(db);
    const c1 = await buildCourse(db, { moduleId: m1.id });
    const c2 = await buildCourse(db, { moduleId: m1.id });
    const c3 = await buildCourse(db);
    const q1 = await buildQuestion(db, { courseId: c1.id });
    const q2 = await buildQuestion(db, { courseId: c2.id });
    const q3 = await buildQuestion(db, { courseId: c3.id });
    for (const mark of [favorite, hide, note])
      for (const q of [q1, q2, q3]) await mark(db, user.id, q.id);

    for (const list of ['favorites_questions_list', 'hides_questions_list', 'noted_questions']) {
      const get = (query: string) =>
        app.inject({ method: 'GET', url: `/api/${list}/${query}`, headers });
      const all = await get('');
      expect(all.statusCode).toBe(200);
      expect(ids(all.json()).sort()).toEqual([q1.id, q2.id, q3.id].sort());
      const byModule = await get(`?module=${m1.id}`);
      expect(ids(byModule.json()).sort()).toEqual([q1.id, q2.id].sort());
      expect(byModule.json().count).toBe(2);
      const byCourse = await get(`?course=${c2.id}&page_size=1`);
      expect(byCourse.json()).toMatchObject({ count: 1, next: null });
      expect(ids(byCourse.json())).toEqual([q2.id]);
      const bad = await get('?module=x');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['module']);
    }
  });

  it("never lists another user's marks", async () => {
    const me = await buildUser(db);
    const other = await buildUser(db);
    const q = await buildQuestion(db);
    await favorite(db, other.user.id, q.id);
    const res = await app.inject({
      method: 'GET',
      url: `/api/favorites_questions_list/?course=${q.courseId}`,
      headers: me.headers,
    });
    expect(res.json()).toMatchObject({ count: 0, results: [] });
  });
});
