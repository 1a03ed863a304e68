import { paginated, questionSchema } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildModule, buildQuestion, buildUser } from '../../../test/factories';
import { assertQuestionAccess } from './access';
import { answerInSession, startSession, subscribe } from '../../../test/factories';

// Two free preview questions per course.
const { app, database, config } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '2' });
const db = database.db;

const get = (url: string, headers: { authorization: string }) =>
  app.inject({ method: 'GET', url, headers });
const LOCKED = { detail: 'This question requires an active subscription.' };

/** A module with one course of four questions (orders 4, 3, 2, 1: the preview follows order). */
async function bank() {
  const module = await buildModule(db);
  const course = await buildCourse(db, { moduleId: module.id });
  const list = [];
  for (const order of [4, 3, 2, 1])
    list.push(await buildQuestion(db, { courseId: course.id, order }));
  const [q4, q3, q2, q1] = list;
  return { module, course, ordered: [q1!, q2!, q3!, q4!] };
}

const lockedFlags = (body: { results: { is_locked: boolean }[] }) =>
  body.results.map((q) => q.is_locked);

describe('access to questions (PRODUCT.md §6)', () => {
  it('gives a learner without a subscription the free preview and locks the rest', async () => {
    const { headers } = await buildUser(db);
    const { course, ordered } = await bank();
    const body = (await get(`/api/questns/?course=${course.id}`, headers)).json();
    expect(body.results.map((q: { id: number }) => q.id)).toEqual(ordered.map((q) => q.id));
    expect(lockedFlags(body)).toEqual([false, false, true, true]);
    expect(body.results[0].stem).toBe(ordered[0]!.stem);
    expect(body.results[2]).toMatchObject({
      id: ordered[2]!.id,
      stem: '',
      choices: [],
      images: [],
      clinical_case: null,
      correction: null,
      is_locked: true,
      course: course.id,
    });

    expect((await get(`/api/questns/${ordered[1]!.id}/`, headers)).statusCode).toBe(200);
    const locked = await get(`/api/questns/${ordered[2]!.id}/`, headers);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual(LOCKED);
  });

  it('opens the modules of an active subscription only', async () => {
    const { user, headers } = await buildUser(db);
    const covered = await bank();
    const other = await bank();
    await subscribe(db, user.id, { moduleIds: [covered.module.id] });
    expect(
      lockedFlags((await get(`/api/questns/?course=${covered.course.id}`, headers)).json()),
    ).toEqual([false, false, false, false]);
    expect(
      lockedFlags((await get(`/api/questns/?course=${other.course.id}`, headers)).json()),
    ).toEqual([false, false, true, true]);
    expect((await get(`/api/questns/${covered.ordered[3]!.id}/`, headers)).statusCode).toBe(200);
    expect((await get(`/api/questns/${other.ordered[3]!.id}/`, headers)).statusCode).toBe(403);
  });

  it('opens every module with an all-modules plan; expired or pending purchases open nothing', async () => {
    const all = await buildUser(db);
    const expired = await buildUser(db);
    const { course, ordered } = await bank();
    await subscribe(db, all.user.id);
    await subscribe(db, expired.user.id, { expired: true });
    await subscribe(db, expired.user.id, { status: 'pending' });
    expect(
      lockedFlags((await get(`/api/questns/?course=${course.id}`, all.headers)).json()),
    ).toEqual([false, false, false, false]);
    expect((await get(`/api/questns/${ordered[3]!.id}/`, expired.headers)).statusCode).toBe(403);
  });

  it('lets staff read everything', async () => {
    const staff = await buildUser(db, { isStaff: true });
    const { course, ordered } = await bank();
    expect(
      lockedFlags((await get(`/api/questns/?course=${course.id}`, staff.headers)).json()),
    ).toEqual([false, false, false, false]);
    expect((await get(`/api/questns/${ordered[3]!.id}/`, staff.headers)).statusCode).toBe(200);
  });

  it('keeps exams to the questions the caller may read', async () => {
    const { headers } = await buildUser(db);
    const { course, ordered } = await bank();
    const exam = (await get(`/api/questions_exam/?courses=${course.id}&count=10`, headers)).json();
    expect(exam.count).toBe(2);
    expect(exam.results.map((q: { id: number }) => q.id).sort()).toEqual(
      [ordered[0]!.id, ordered[1]!.id].sort(),
    );
  });

  it('assertQuestionAccess: 404 unknown, 403 locked, the question otherwise', async () => {
    const { user } = await buildUser(db);
    const { course, module, ordered } = await bank();
    await expect(assertQuestionAccess({ db, config }, user, 999999)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(assertQuestionAccess({ db, config }, user, ordered[3]!.id)).rejects.toMatchObject({
      statusCode: 403,
      body: LOCKED,
    });
    await expect(assertQuestionAccess({ db, config }, user, ordered[0]!.id)).resolves.toMatchObject(
      {
        id: ordered[0]!.id,
        courseId: course.id,
        moduleId: module.id,
        type: 'qcs',
      },
    );
  });

  it('still shows the last answer of a locked question, but not its content', async () => {
    const { user, headers } = await buildUser(db);
    const { course, ordered } = await bank();
    const session = await startSession(db, user.id, course.id);
    await answerInSession(db, session, ordered[3]!.id, {
      choices: [ordered[3]!.choices[0]!.id],
      isCorrect: true,
    });
    const res = await get(`/api/questns/?course=${course.id}`, headers);
    const body = res.json();
    expect(body.results[3]).toMatchObject({ is_locked: true, correction: null, stem: '' });
    // The cached page's text is what the contract's serializer makes of it, locked items too.
    expect(res.body).toBe(JSON.stringify(paginated(questionSchema).parse(body)));
    expect(body.results[3].last_answer).toMatchObject({ is_correct: true });
  });
});
