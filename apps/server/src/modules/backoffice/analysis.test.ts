import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildUser } from '../../../test/factories';
import { questionAnswerHistory } from '../../db/schema/index';

/**
 * Item analysis on a generated population with known answer patterns (issue 12): 30 learners
 * of rising ability (learner i is right on anchor j iff i ≥ 5j), plus an easy item everyone
 * gets right, a discriminating item only the stronger half gets right, and a reversed item
 * only the weakest third gets right. Every learner's first answer counts.
 */
const { app, database } = await setupTestApp();
const db = database.db;
const staff = await buildUser(db, { isStaff: true });
const course = await buildCourse(db);
const four = (n: number) =>
  ['A', 'B', 'C', 'D'].slice(0, n).map((text, i) => ({ text, isCorrect: i === 0 }));
const anchors: Awaited<ReturnType<typeof buildQuestion>>[] = [];
for (let j = 0; j < 6; j++)
  anchors.push(await buildQuestion(db, { courseId: course.id, choiceList: four(4) }));
const easy = await buildQuestion(db, { courseId: course.id, choiceList: four(4) });
const sharp = await buildQuestion(db, { courseId: course.id, choiceList: four(4) });
const reversed = await buildQuestion(db, { courseId: course.id, choiceList: four(2) });
const learners: Awaited<ReturnType<typeof buildUser>>[] = [];
for (let i = 0; i < 30; i++) learners.push(await buildUser(db));

type Q = Awaited<ReturnType<typeof buildQuestion>>;
const rows: (typeof questionAnswerHistory.$inferInsert)[] = [];
const answer = (i: number, q: Q, choice: number, timeSpentMs = 1000) =>
  rows.push({
    userId: learners[i]!.user.id,
    questionId: q.id,
    choices: [q.choices[choice]!.id],
    isCorrect: choice === 0,
    score: choice === 0 ? 1 : 0,
    timeSpentMs,
    mode: 'study',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
  });
for (let i = 0; i < 30; i++) {
  anchors.forEach((q, j) => answer(i, q, i >= 5 * j ? 0 : 1));
  answer(i, easy, 0);
  // Wrong answers of the sharp item go to B (the weakest) or C; nobody picks D.
  answer(i, sharp, i >= 15 ? 0 : i < 8 ? 1 : 2, 1000 + i * 100);
  answer(i, reversed, i < 10 ? 0 : 1);
}
// A later second attempt does not count: only first answers do.
rows.push({
  userId: learners[0]!.user.id,
  questionId: sharp.id,
  choices: [sharp.choices[0]!.id],
  isCorrect: true,
  score: 1,
  timeSpentMs: 1,
  mode: 'study',
  createdAt: new Date(Date.UTC(2026, 1, 1)),
});
await db.insert(questionAnswerHistory).values(rows);

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/${url}`, headers: staff.headers });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

describe('item analysis', () => {
  it('measures facility, discrimination, picks and median time of a discriminating item', async () => {
    const a = await get(`staff/questions/${sharp.id}/analysis/`);
    expect(a).toMatchObject({
      question: sharp.id,
      answers: 30,
      facility: 0.5,
      discrimination: 1,
      median_time_ms: 2450,
    });
    expect(a.point_biserial).toBeGreaterThan(0.7);
    expect(a.choices.map((c: { letter: string; picked: number }) => [c.letter, c.picked])).toEqual([
      ['A', 15],
      ['B', 8],
      ['C', 7],
      ['D', 0],
    ]);
    expect(a.flags).toEqual(['dead_distractor']);
  });

  it('flags an item everyone gets right and one that discriminates negatively', async () => {
    const e = await get(`staff/questions/${easy.id}/analysis/`);
    expect(e).toMatchObject({ facility: 1, point_biserial: null });
    expect(e.flags).toEqual(['too_easy', 'dead_distractor']);
    const r = await get(`staff/questions/${reversed.id}/analysis/`);
    expect(r).toMatchObject({ facility: 0.333, discrimination: -1 });
    expect(r.point_biserial).toBeLessThan(0);
    expect(r.flags).toEqual(['negative_discrimination']);
  });

  it('sorts and filters the bank table by the same statistics', async () => {
    const byFacility = await get(
      `staff/questions/?course=${course.id}&ordering=facility&page_size=100`,
    );
    expect(byFacility.count).toBe(9);
    const facilities = byFacility.results.map((r: { facility: number }) => r.facility);
    expect(facilities).toEqual([...facilities].sort((x, y) => x - y));
    const byDisc = await get(
      `staff/questions/?course=${course.id}&ordering=-discrimination&page_size=100`,
    );
    expect(byDisc.results.at(-1)).toMatchObject({ id: reversed.id, discrimination: -1 });
    const sharpRow = byDisc.results.find((r: { id: number }) => r.id === sharp.id);
    expect(sharpRow).toMatchObject({
      answers: 30,
      facility: 0.5,
      discrimination: 1,
      flags: ['dead_distractor'],
    });
    const flagged = await get(`staff/questions/?course=${course.id}&flagged=true&page_size=100`);
    expect(flagged.results.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([easy.id, sharp.id, reversed.id]),
    );
    const found = await get(
      `staff/questions/?search=${encodeURIComponent(sharp.stem.slice(0, 12))}`,
    );
    expect(found.results.map((r: { id: number }) => r.id)).toEqual([sharp.id]);
    const page = await get(`staff/questions/?course=${course.id}&ordering=id&page=2&page_size=4`);
    expect(page.count).toBe(9);
    expect(page.results.map((r: { id: number }) => r.id)).toEqual([
      anchors[4]!.id,
      anchors[5]!.id,
      easy.id,
      sharp.id,
    ]);
  });
});
