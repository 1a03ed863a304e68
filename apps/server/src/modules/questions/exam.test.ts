import { sql } from 'drizzle-orm';
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
import { drawExam, type Candidate } from './exam-sample';
import { examQuery } from './questions.repository';
import { answerInSession, favorite, hide, startSession } from '../../../test/factories';

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

describe('an exam over the whole bank', () => {
  it('reads each course’s free preview once, not once per question', async () => {
    // Issue 17: a learner's exam with no filter took seconds on the 5,061-question demo bank, and
    // on PGlite every other request waited behind it.
    const module = await buildModule(db);
    await db.execute(sql`insert into courses (module_id, name, "order")
      select ${module.id}, 'Bank course ' || g, g from generate_series(1, 20) g`);
    await db.execute(sql`insert into questions (course_id, type, stem, search_text, "order")
      select c.id, 'qcs', 'Stem ' || g, 'stem', g
      from courses c, generate_series(1, 100) g where c.module_id = ${module.id}`);
    await db.execute(sql`analyze`);
    const { user, headers } = await buildUser(db);
    const access = { all: false, moduleIds: [], freePerCourse: 3 };
    const plan = (
      (await db.execute(
        sql`explain (analyze, costs off, timing off) ${examQuery(
          { userId: user.id, hidden: false, accessibleOnly: access },
          1,
          { limit: 50, offset: 0 },
        )}`,
      )) as unknown as { rows: Record<string, string>[] }
    ).rows.map((r) => Object.values(r)[0]!);
    const loops = plan.flatMap((line) => [...line.matchAll(/loops=(\d+)/g)].map((m) => +m[1]!));
    // Fewer loops than questions in the bank (2,000): nothing runs once per question.
    expect(Math.max(...loops), plan.join('\n')).toBeLessThan(500);

    const res = await get('/api/questions_exam/?courses&sources&types=&count=200', headers);
    expect(res.statusCode).toBe(200);
    // FREE_QUESTIONS_PER_COURSE is 1000 in this file: every published question may be drawn.
    expect(res.json().count).toBe(200);
  });
});

describe('drawExam', () => {
  /** Candidates in a given random order, read in windows like the database does. */
  const reader =
    (order: Candidate[], reads: { limit: number; offset: number }[] = []) =>
    async (window: { limit: number; offset: number }) => {
      reads.push(window);
      return order.slice(window.offset, window.offset + window.limit);
    };
  const single = (id: number): Candidate => ({ id, case_id: null });
  const inCase = (caseId: number, ...list: number[]) =>
    list.map((id): Candidate => ({ id, case_id: caseId }));

  it('never splits a case and never exceeds the count', async () => {
    const order = [...inCase(7, 1, 2), single(3), ...inCase(8, 5, 6, 7), single(4)];
    expect(await drawExam(4, reader(order))).toEqual([1, 2, 3, 4]);
    expect(await drawExam(6, reader(order))).toEqual([1, 2, 3, 5, 6, 7]);
    expect(await drawExam(1, reader(order))).toEqual([3]);
    expect((await drawExam(200, reader(order))).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('reads one window for a full exam and more only when cases were skipped', async () => {
    const many = Array.from({ length: 500 }, (_, i) => single(i + 1));
    const reads: { limit: number; offset: number }[] = [];
    expect(await drawExam(20, reader(many, reads))).toEqual(many.slice(0, 20).map((c) => c.id));
    expect(reads).toEqual([{ limit: 50, offset: 0 }]);

    // A case cut by the end of a window is read whole from the next window.
    const cut = [...many.slice(0, 48), ...inCase(900, 901, 902, 903), ...many.slice(48)];
    const picked = await drawExam(20, reader(cut));
    expect(picked).toEqual(many.slice(0, 20).map((c) => c.id));
    const big = [...inCase(900, 901, 902, 903)];
    const late = [
      ...many.slice(0, 48).map((c) => ({ ...c, case_id: c.id + 1000 })),
      ...big,
      single(7),
    ];
    // 48 one-question cases... then a 3-question case across the window edge: taken whole.
    expect(await drawExam(51, reader(late))).toEqual([
      ...late.slice(0, 48).map((c) => c.id),
      901,
      902,
      903,
    ]);

    // A case longer than a window never fits and is never taken in part.
    const huge = [...inCase(5, ...Array.from({ length: 120 }, (_, i) => 2000 + i)), single(1)];
    expect(await drawExam(3, reader(huge))).toEqual([1]);
  });
});
