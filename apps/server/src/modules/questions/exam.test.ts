import { describe, expect, it } from 'vitest';
import { clinicalCases } from '../../db/schema/index';
import { setupTestApp } from '../../../test/helper';
import {
  buildCourse,
  buildModule,
  buildQuestion,
  buildSource,
  buildUser,
} from '../../../test/factories';
import { sampleExam } from './exam-sample';
import { answerInSession, favorite, hide, startSession } from './questions.fixtures';

const { app, database } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '1000' });
const db = database.db;

const get = (url: string, headers: { authorization: string }) =>
  app.inject({ method: 'GET', url, headers });
const ids = (body: { results: { id: number }[] }) => body.results.map((q) => q.id);

async function courseWith(n: number, moduleId?: number) {
  const course = await buildCourse(db, moduleId ? { moduleId } : {});
  const list = [];
  for (let i = 1; i <= n; i++)
    list.push(await buildQuestion(db, { courseId: course.id, order: i }));
  return { course, questions: list };
}

describe('GET /api/questns/first-unanswered/', () => {
  it('finds the page and index of the first unanswered question in the current session', async () => {
    const { user, headers } = await buildUser(db);
    const { course, questions: list } = await courseWith(13);
    const url = `/api/questns/first-unanswered/?course=${course.id}`;
    expect((await get(url, headers)).json()).toEqual({
      question_id: list[0]!.id,
      page: 1,
      index: 0,
      position: 1,
      total: 13,
    });
    const session = await startSession(db, user.id, course.id);
    for (const q of list.slice(0, 11)) {
      await answerInSession(db, session, q.id, { choices: [q.choices[0]!.id], isCorrect: true });
    }
    expect((await get(url, headers)).json()).toEqual({
      question_id: list[11]!.id,
      page: 2,
      index: 1,
      position: 12,
      total: 13,
    });
    expect((await get(`${url}&page_size=5`, headers)).json()).toMatchObject({ page: 3, index: 1 });
    // A new pass starts from the top; the old session can still be asked for.
    const fresh = await startSession(db, user.id, course.id);
    expect((await get(url, headers)).json()).toMatchObject({
      question_id: list[0]!.id,
      position: 1,
    });
    expect((await get(`${url}&session=${session.id}`, headers)).json()).toMatchObject({
      position: 12,
    });
    for (const q of list) await answerInSession(db, fresh, q.id, { choices: [], isCorrect: false });
    expect((await get(url, headers)).json()).toEqual({
      question_id: null,
      page: null,
      index: null,
      position: null,
      total: 13,
    });
  });

  it('answers 400 without a course, 400 for an unknown course, 404 for another user’s session', async () => {
    const { headers } = await buildUser(db);
    const owner = await buildUser(db);
    const { course } = await courseWith(1);
    const missing = await get('/api/questns/first-unanswered/', headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ course: ['This field is required.'] });
    const unknown = await get('/api/questns/first-unanswered/?course=999999', headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      course: ['Select a valid choice. That choice is not one of the available choices.'],
    });
    const session = await startSession(db, owner.user.id, course.id);
    const theirs = await get(
      `/api/questns/first-unanswered/?course=${course.id}&session=${session.id}`,
      headers,
    );
    expect(theirs.statusCode).toBe(404);
  });
});

describe('GET /api/questnstypes/', () => {
  it('counts each type for the list filters', async () => {
    const { user, headers } = await buildUser(db);
    const course = await buildCourse(db);
    const [kase] = await db
      .insert(clinicalCases)
      .values({ courseId: course.id, vignette: 'Case' })
      .returning();
    const two = [
      { text: 'a', isCorrect: true },
      { text: 'b', isCorrect: true },
    ];
    await buildQuestion(db, { courseId: course.id });
    const hidden = await buildQuestion(db, { courseId: course.id });
    await buildQuestion(db, { courseId: course.id, choiceList: two, clinicalCaseId: kase!.id });
    await buildQuestion(db, { courseId: course.id, clinicalCaseId: kase!.id });
    await hide(db, user.id, hidden.id);
    const res = await get(`/api/questnstypes/?course=${course.id}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ qcs: 2, qcm: 1, clinical_case: 2, total: 3 });
    expect((await get(`/api/questnstypes/?course=${course.id}&type=qcm`, headers)).json()).toEqual({
      qcs: 0,
      qcm: 1,
      clinical_case: 1,
      total: 1,
    });
    const bad = await get('/api/questnstypes/?unanswered=yes', headers);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['unanswered']);
  });
});

describe('GET /api/questions_exam/', () => {
  it('draws a random sample of the filtered questions, stable for a seed', async () => {
    const { headers } = await buildUser(db);
    const module = await buildModule(db);
    const { course, questions: list } = await courseWith(30, module.id);
    const url = `/api/questions_exam/?courses=${course.id}&count=10&seed=abc`;
    const first = (await get(url, headers)).json();
    expect(first.count).toBe(10);
    expect(new Set(ids(first)).size).toBe(10);
    expect(ids(first).every((id) => list.some((q) => q.id === id))).toBe(true);
    expect(ids((await get(url, headers)).json())).toEqual(ids(first));
    expect(ids((await get(`${url}x`, headers)).json())).not.toEqual(ids(first));
    // Exams do not reveal corrections or past answers.
    expect(
      first.results.every(
        (q: { correction: unknown; last_answer: unknown }) => !q.correction && !q.last_answer,
      ),
    ).toBe(true);
    expect((await get(`/api/questions_exam/?modules=${module.id}`, headers)).json().count).toBe(20);
  });

  it('keeps clinical cases together and honours the filters', async () => {
    const { user, headers } = await buildUser(db);
    const module = await buildModule(db);
    const course = await buildCourse(db, { moduleId: module.id });
    const source = await buildSource(db, { moduleId: module.id });
    const [kase] = await db
      .insert(clinicalCases)
      .values({ courseId: course.id, vignette: 'Case' })
      .returning();
    const inCase = [];
    for (let i = 1; i <= 3; i++) {
      inCase.push(
        await buildQuestion(db, {
          courseId: course.id,
          clinicalCaseId: kase!.id,
          order: i,
          sourceId: source.id,
        }),
      );
    }
    const lone = await buildQuestion(db, { courseId: course.id, order: 10 });
    const exam = (
      await get(`/api/questions_exam/?courses=${course.id}&count=3&seed=1`, headers)
    ).json();
    const got = ids(exam);
    expect(got.length).toBeGreaterThan(0);
    if (got.includes(inCase[0]!.id)) expect(got).toEqual(inCase.map((q) => q.id));
    else expect(got).toEqual([lone.id]);
    expect(ids((await get(`/api/questions_exam/?sources=${source.id}`, headers)).json())).toEqual(
      inCase.map((q) => q.id),
    );

    await favorite(db, user.id, lone.id);
    expect(
      ids((await get(`/api/questions_exam/?courses=${course.id}&favorite=true`, headers)).json()),
    ).toEqual([lone.id]);
    const session = await startSession(db, user.id, course.id);
    await answerInSession(db, session, lone.id, { choices: [], isCorrect: false });
    expect(
      ids((await get(`/api/questions_exam/?courses=${course.id}&incorrect=true`, headers)).json()),
    ).toEqual([lone.id]);
    const unanswered = ids(
      (await get(`/api/questions_exam/?courses=${course.id}&unanswered=true`, headers)).json(),
    );
    expect(unanswered.sort()).toEqual(inCase.map((q) => q.id).sort());
    expect(
      ids((await get(`/api/questions_exam/?courses=${course.id}&types=qcm`, headers)).json()),
    ).toEqual([]);
  });

  it('answers 400 for bad filters', async () => {
    const { headers } = await buildUser(db);
    for (const [query, field] of [
      ['count=0', 'count'],
      ['count=201', 'count'],
      ['types=qcs,essay', 'types'],
      ['modules=a', 'modules'],
      ['courses=1,,2', 'courses'],
      ['unanswered=2', 'unanswered'],
    ]) {
      const res = await get(`/api/questions_exam/?${query}`, headers);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
    }
  });
});

describe('sampleExam', () => {
  it('never splits a case and never exceeds the count', () => {
    const candidates = [
      { id: 1, case_id: 7 },
      { id: 2, case_id: 7 },
      { id: 3, case_id: null },
      { id: 4, case_id: null },
      { id: 5, case_id: 8 },
      { id: 6, case_id: 8 },
      { id: 7, case_id: 8 },
    ];
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      const picked = sampleExam(candidates, 4, seed);
      expect(picked.length).toBeLessThanOrEqual(4);
      expect(picked.includes(1)).toBe(picked.includes(2));
      expect(picked.includes(5)).toBe(picked.includes(7));
      expect(sampleExam(candidates, 4, seed)).toEqual(picked);
    }
    expect(sampleExam(candidates, 200).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
