import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import {
  buildCourse,
  buildModule,
  buildQuestion,
  buildUser,
  type TestUser,
} from '../../../test/factories';

// Twelve free preview questions per course: the 13th question of a course is locked.
const { app, database } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '12' });
const db = database.db;

type Method = 'GET' | 'POST' | 'DELETE';
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/${url}`,
    headers: user?.headers ?? {},
    ...(payload ? { payload } : {}),
  });

/** A course with `n` questions in display order (qcs, first choice right). */
async function courseWithQuestions(n: number, moduleId?: number) {
  const course = await buildCourse(db, moduleId ? { moduleId } : {});
  const questions = [];
  // Built in reverse so that the display order (order, id) differs from the insertion order.
  for (let i = n - 1; i >= 0; i--)
    questions.unshift(await buildQuestion(db, { courseId: course.id, order: i }));
  return { course, questions };
}

const answer = (
  user: TestUser,
  session: number,
  question: { id: number; choices: { id: number }[] },
  right = true,
) =>
  call(user, 'POST', 'session_questions/', {
    session,
    question: question.id,
    choices: [question.choices[right ? 0 : 1]!.id],
  });

describe('POST /api/sessions/', () => {
  it('opens a course session once, then answers the same open session', async () => {
    const learner = await buildUser(db);
    const { course } = await courseWithQuestions(3);
    const first = await call(learner, 'POST', 'sessions/', { course_id: course.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      course: course.id,
      name: course.name,
      question_ids: null,
      is_finished: false,
      answered: 0,
      correct: 0,
      total: 3,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const again = await call(learner, 'POST', 'sessions/', { course_id: course.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
  });

  it('creates a custom set from question ids', async () => {
    const learner = await buildUser(db);
    const [a, b] = [await buildQuestion(db), await buildQuestion(db)];
    const res = await call(learner, 'POST', 'sessions/', {
      name: 'Weak spots',
      question_ids: [a.id, b.id, a.id],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      course: null,
      name: 'Weak spots',
      question_ids: [a.id, b.id],
      total: 2,
    });
  });

  it('validates the payload', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    const post = (payload: object) => call(learner, 'POST', 'sessions/', payload);
    expect((await post({ course_id: 999999 })).json()).toEqual({
      course_id: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await post({ question_ids: [q.id, 999999] })).json()).toEqual({
      question_ids: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await post({})).json()).toEqual({
      non_field_errors: ['Either course_id or question_ids must be provided.'],
    });
    expect((await post({ course_id: q.courseId, question_ids: [q.id] })).json()).toEqual({
      non_field_errors: ['Give either course_id or question_ids, not both.'],
    });
    const bad = await post({ course_id: 'x', question_ids: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['course_id', 'question_ids']);
    expect((await call(null, 'POST', 'sessions/', {})).statusCode).toBe(401);
  });
});

describe('GET /api/sessions/ and /api/sessions/{id}/', () => {
  it('lists the caller’s sessions with counts; another user’s session is 404', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const { course, questions } = await courseWithQuestions(2);
    const other = await courseWithQuestions(1);
    const session = (await call(learner, 'POST', 'sessions/', { course_id: course.id })).json();
    await call(learner, 'POST', 'sessions/', { course_id: other.course.id });
    await answer(learner, session.id, questions[0]!, true);
    await answer(learner, session.id, questions[1]!, false);

    const all = await call(learner, 'GET', 'sessions/');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ count: 2, next: null, previous: null });
    // The session just answered is the most recently used.
    expect(all.json().results[0]).toMatchObject({
      id: session.id,
      answered: 2,
      correct: 1,
      total: 2,
    });
    const byCourse = (await call(learner, 'GET', `sessions/?course=${course.id}`)).json();
    expect(byCourse.results.map((s: { id: number }) => s.id)).toEqual([session.id]);
    expect((await call(learner, 'GET', 'sessions/?is_finished=true')).json().count).toBe(0);
    expect((await call(stranger, 'GET', 'sessions/')).json().count).toBe(0);
    expect((await call(learner, 'GET', 'sessions/?page=2')).statusCode).toBe(404);

    const one = await call(learner, 'GET', `sessions/${session.id}/`);
    expect(one.json()).toMatchObject({ id: session.id, answered: 2 });
    const foreign = await call(stranger, 'GET', `sessions/${session.id}/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('POST /api/sessions/start-new-session/', () => {
  it('answers the seed message when neither id is given', async () => {
    const learner = await buildUser(db);
    const res = await call(learner, 'POST', 'sessions/start-new-session/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['Either sessionId or courseId must be provided.'],
    });
  });

  it('with course_id starts a fresh pass and marks the previous one finished', async () => {
    const learner = await buildUser(db);
    const { course, questions } = await courseWithQuestions(2);
    const old = (await call(learner, 'POST', 'sessions/', { course_id: course.id })).json();
    await answer(learner, old.id, questions[0]!);
    const res = await call(learner, 'POST', 'sessions/start-new-session/', {
      course_id: course.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ course: course.id, answered: 0, is_finished: false });
    expect(res.json().id).not.toBe(old.id);
    expect((await call(learner, 'GET', `sessions/${old.id}/`)).json()).toMatchObject({
      is_finished: true,
      answered: 1,
    });
    // The open session of the course is now the new one.
    expect((await call(learner, 'POST', 'sessions/', { course_id: course.id })).json().id).toBe(
      res.json().id,
    );
    const camel = await call(learner, 'POST', 'sessions/start-new-session/', {
      courseId: course.id,
    });
    expect(camel.statusCode).toBe(201);
    const unknown = await call(learner, 'POST', 'sessions/start-new-session/', {
      course_id: 999999,
    });
    expect(unknown.json()).toEqual({ course_id: ['Invalid pk "999999" - object does not exist.'] });
  });

  it('with session_id restarts that session, its answers cleared; another user’s is 404', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const { course, questions } = await courseWithQuestions(2);
    const session = (await call(learner, 'POST', 'sessions/', { course_id: course.id })).json();
    await answer(learner, session.id, questions[0]!);
    const foreign = await call(stranger, 'POST', 'sessions/start-new-session/', {
      session_id: session.id,
    });
    expect(foreign.statusCode).toBe(404);
    const res = await call(learner, 'POST', 'sessions/start-new-session/', {
      session_id: session.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: session.id, answered: 0, is_finished: false });
    // The history is a separate, permanent log.
    const history = await call(learner, 'GET', 'question_answer_history/');
    expect(history.json().count).toBe(1);
  });
});

describe('/api/session_questions/', () => {
  it("keeps the order a tutor block showed the choices in, with the answer's history", async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    const session = (await call(learner, 'POST', 'sessions/', { question_ids: [q.id] })).json();
    const ids = q.choices.map((c) => c.id);
    const shown = [ids[2]!, ids[0]!, ids[3]!, ids[1]!];
    const post = (choice_order: unknown) =>
      call(learner, 'POST', 'session_questions/', {
        session: session.id,
        question: q.id,
        choices: [ids[0]!],
        choice_order,
      });
    const bad = await post([ids[0]!, ids[0]!, ids[1]!, ids[2]!]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ choice_order: ['Give every choice of the question once.'] });
    const saved = await post(shown);
    expect(saved.statusCode).toBe(201);
    const kept = await db.execute(
      sql`select choice_order from question_answer_history where id = ${saved.json().history_id}`,
    );
    expect((kept as unknown as { rows: { choice_order: number[] }[] }).rows[0]).toEqual({
      choice_order: shown,
    });
  });

  it('records an answer with its correction, replaces a second answer and logs both', async () => {
    const learner = await buildUser(db);
    const { course, questions } = await courseWithQuestions(1);
    const q = questions[0]!;
    const session = (await call(learner, 'POST', 'sessions/', { course_id: course.id })).json();
    const res = await call(learner, 'POST', 'session_questions/', {
      session: session.id,
      question: q.id,
      choices: [q.choices[1]!.id],
      time_spent_ms: 3000,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      session: session.id,
      question: q.id,
      choices: [q.choices[1]!.id],
      is_correct: false,
      score: 0,
      correct_choices: [q.choices[0]!.id],
      explanation: '',
      choice_explanations: q.choices.map((c, i) => ({
        id: c.id,
        letter: 'ABCD'[i],
        is_correct: c.isCorrect,
        explanation: '',
      })),
      confidence: null,
      history_id: expect.any(Number),
      answered_at: expect.any(String),
    });
    const second = await answer(learner, session.id, q, true);
    expect(second.json()).toMatchObject({ id: res.json().id, is_correct: true, score: 1 });
    // Answering marks the session as just used (sessions-resume lists the latest first).
    const used = (await call(learner, 'GET', `sessions/${session.id}/`)).json();
    expect(used.updated_at).toBe(second.json().answered_at);

    const list = await call(learner, 'GET', `session_questions/?session=${session.id}`);
    expect(list.json()).toMatchObject({
      count: 1,
      results: [{ id: res.json().id, is_correct: true }],
    });
    const history = (await call(learner, 'GET', 'question_answer_history/')).json();
    expect(
      history.results.map((h: { mode: string; is_correct: boolean }) => [h.mode, h.is_correct]),
    ).toEqual([
      ['study', true],
      ['study', false],
    ]);
    expect(history.results[1].time_spent_ms).toBe(3000);
  });

  it('scores a qcm by the rule of the request', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db, {
      choiceList: [
        { text: 'A', isCorrect: true },
        { text: 'B', isCorrect: true },
        { text: 'C', isCorrect: false },
      ],
    });
    const session = (await call(learner, 'POST', 'sessions/', { course_id: q.courseId })).json();
    const res = await call(learner, 'POST', 'session_questions/', {
      session: session.id,
      question: q.id,
      choices: [q.choices[0]!.id],
      scoring: 'partial',
    });
    expect(res.json()).toMatchObject({ score: 0.5, is_correct: false });
  });

  it('rejects foreign choices, questions outside the session and another user’s session', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const { course, questions } = await courseWithQuestions(1);
    const elsewhere = await buildQuestion(db);
    const session = (await call(learner, 'POST', 'sessions/', { course_id: course.id })).json();
    const post = (user: TestUser, payload: object) =>
      call(user, 'POST', 'session_questions/', payload);

    const foreignChoice = await post(learner, {
      session: session.id,
      question: questions[0]!.id,
      choices: [elsewhere.choices[0]!.id],
    });
    expect(foreignChoice.statusCode).toBe(400);
    expect(foreignChoice.json()).toEqual({
      choices: [
        `Choice ${elsewhere.choices[0]!.id} does not belong to question ${questions[0]!.id}.`,
      ],
    });
    const outside = await post(learner, {
      session: session.id,
      question: elsewhere.id,
      choices: [],
    });
    expect(outside.json()).toEqual({ question: ['This question is not part of the session.'] });
    const unknown = await post(learner, { session: session.id, question: 999999, choices: [] });
    expect(unknown.json()).toEqual({ question: ['Invalid pk "999999" - object does not exist.'] });
    const foreignSession = await post(stranger, {
      session: session.id,
      question: questions[0]!.id,
      choices: [],
    });
    expect(foreignSession.statusCode).toBe(404);
    expect(foreignSession.json()).toEqual({ detail: 'Not found.' });
    const bad = await post(learner, { session: 'x', question: null, choices: [0] });
    expect(Object.keys(bad.json()).sort()).toEqual(['choices.0', 'question', 'session']);
    expect(
      (await call(stranger, 'GET', `session_questions/?session=${session.id}`)).statusCode,
    ).toBe(404);

    // A custom set accepts only its own questions.
    const custom = (
      await call(learner, 'POST', 'sessions/', { question_ids: [elsewhere.id] })
    ).json();
    expect((await answer(learner, custom.id, elsewhere)).statusCode).toBe(201);
    const notInSet = await post(learner, {
      session: custom.id,
      question: questions[0]!.id,
      choices: [],
    });
    expect(notInSet.json()).toEqual({ question: ['This question is not part of the session.'] });
  });

  it('refuses a locked question (403) and an answer in a finished session', async () => {
    const learner = await buildUser(db);
    const { course, questions } = await courseWithQuestions(13);
    const session = (await call(learner, 'POST', 'sessions/', { course_id: course.id })).json();
    const locked = await answer(learner, session.id, questions[12]!);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ detail: 'This question requires an active subscription.' });
    expect((await answer(learner, session.id, questions[11]!)).statusCode).toBe(201);

    await call(learner, 'POST', 'sessions/start-new-session/', { course_id: course.id });
    const finished = await answer(learner, session.id, questions[0]!);
    expect(finished.statusCode).toBe(400);
    expect(finished.json()).toEqual({
      session: ['This session is finished; restart it or start a new one.'],
    });
    const restarted = await call(learner, 'POST', 'sessions/start-new-session/', {
      session_id: session.id,
    });
    expect(restarted.json()).toMatchObject({ is_finished: false, answered: 0 });
    expect((await answer(learner, session.id, questions[0]!)).statusCode).toBe(201);
    // The restarted session is the course's only open pass again.
    const open = (
      await call(learner, 'GET', `sessions/?course=${course.id}&is_finished=false`)
    ).json();
    expect(open.results.map((s: { id: number }) => s.id)).toEqual([session.id]);
  });

  it('answers 404 in a session deleted after answers (kept in memory, decision 042)', async () => {
    const learner = await buildUser(db);
    const { course, questions } = await courseWithQuestions(2);
    const session = (await call(learner, 'POST', 'sessions/', { course_id: course.id })).json();
    expect((await answer(learner, session.id, questions[0]!)).statusCode).toBe(201);
    expect((await answer(learner, session.id, questions[1]!)).statusCode).toBe(201);
    expect((await call(learner, 'DELETE', `sessions/${session.id}/`)).statusCode).toBe(204);
    const gone = await answer(learner, session.id, questions[0]!);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Not found.' });
  });

  it('deletes one answer; another user’s answer is 404', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const { course, questions } = await courseWithQuestions(1);
    const session = (await call(learner, 'POST', 'sessions/', { course_id: course.id })).json();
    const a = (await answer(learner, session.id, questions[0]!)).json();
    expect((await call(stranger, 'DELETE', `session_questions/${a.id}/`)).statusCode).toBe(404);
    expect((await call(learner, 'DELETE', `session_questions/${a.id}/`)).statusCode).toBe(204);
    expect((await call(learner, 'GET', `sessions/${session.id}/`)).json().answered).toBe(0);
  });
});

describe('clearing progress', () => {
  it('clear-questions and DELETE remove a session’s answers or the session; others get 404', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const { course, questions } = await courseWithQuestions(2);
    const session = (await call(learner, 'POST', 'sessions/', { course_id: course.id })).json();
    await answer(learner, session.id, questions[0]!);
    await answer(learner, session.id, questions[1]!);
    expect(
      (await call(stranger, 'DELETE', `sessions/${session.id}/clear-questions/`)).statusCode,
    ).toBe(404);
    const cleared = await call(learner, 'DELETE', `sessions/${session.id}/clear-questions/`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ id: session.id, answered: 0 });
    expect((await call(stranger, 'DELETE', `sessions/${session.id}/`)).statusCode).toBe(404);
    expect((await call(learner, 'DELETE', `sessions/${session.id}/`)).statusCode).toBe(204);
    expect((await call(learner, 'GET', `sessions/${session.id}/`)).statusCode).toBe(404);
  });

  it('clear-course-progress and clear-module-progress clear only the caller’s answers there', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const mod = await buildModule(db);
    const c1 = await courseWithQuestions(2, mod.id);
    const c2 = await courseWithQuestions(1, mod.id);
    const c3 = await courseWithQuestions(1);
    const open = async (user: TestUser, courseId: number) =>
      (await call(user, 'POST', 'sessions/', { course_id: courseId })).json().id as number;
    const s1 = await open(learner, c1.course.id);
    const s2 = await open(learner, c2.course.id);
    const s3 = await open(learner, c3.course.id);
    const t1 = await open(stranger, c1.course.id);
    await answer(learner, s1, c1.questions[0]!);
    await answer(learner, s1, c1.questions[1]!);
    await answer(learner, s2, c2.questions[0]!);
    await answer(learner, s3, c3.questions[0]!);
    await answer(stranger, t1, c1.questions[0]!);

    const course = await call(learner, 'POST', 'sessions/clear-course-progress/', {
      course_id: c1.course.id,
    });
    expect(course.statusCode).toBe(200);
    expect(course.json()).toEqual({ cleared: 2 });
    expect((await call(stranger, 'GET', `sessions/${t1}/`)).json().answered).toBe(1);
    const module = await call(learner, 'POST', 'sessions/clear-module-progress/', {
      module_id: mod.id,
    });
    expect(module.json()).toEqual({ cleared: 1 });
    expect((await call(learner, 'GET', `sessions/${s3}/`)).json().answered).toBe(1);

    const unknownCourse = await call(learner, 'POST', 'sessions/clear-course-progress/', {
      course_id: 999999,
    });
    expect(unknownCourse.json()).toEqual({
      course_id: ['Invalid pk "999999" - object does not exist.'],
    });
    const unknownModule = await call(learner, 'POST', 'sessions/clear-module-progress/', {
      module_id: 999999,
    });
    expect(unknownModule.json()).toEqual({
      module_id: ['Invalid pk "999999" - object does not exist.'],
    });
    const missing = await call(learner, 'POST', 'sessions/clear-module-progress/', {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['module_id']);
  });
});

describe('GET /api/sessions-resume/', () => {
  it('lists unfinished sessions with answers and the position of the first unanswered question', async () => {
    const learner = await buildUser(db);
    const stranger = await buildUser(db);
    const { course, questions } = await courseWithQuestions(12);
    const session = (await call(learner, 'POST', 'sessions/', { course_id: course.id })).json();
    for (const [i, q] of questions.slice(0, 11).entries()) {
      if (i !== 3) await answer(learner, session.id, q, i % 2 === 0);
    }
    // Neither an unanswered session nor a finished one is listed.
    const idle = await courseWithQuestions(1);
    await call(learner, 'POST', 'sessions/', { course_id: idle.course.id });
    const done = await courseWithQuestions(1);
    const doneSession = (
      await call(learner, 'POST', 'sessions/', { course_id: done.course.id })
    ).json();
    await answer(learner, doneSession.id, done.questions[0]!);
    await call(learner, 'POST', 'sessions/start-new-session/', { course_id: done.course.id });

    const res = await call(learner, 'GET', 'sessions-resume/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        session_id: session.id,
        name: course.name,
        course: { id: course.id, name: course.name, module: course.moduleId },
        answered: 10,
        total: 12,
        correct: 6,
        first_unanswered: { question_id: questions[3]!.id, page: 1, index: 3 },
        updated_at: expect.any(String),
      },
    ]);
    await answer(learner, session.id, questions[3]!);
    const next = (await call(learner, 'GET', 'sessions-resume/')).json();
    expect(next[0].first_unanswered).toEqual({ question_id: questions[11]!.id, page: 2, index: 1 });
    await answer(learner, session.id, questions[11]!);
    expect((await call(learner, 'GET', 'sessions-resume/')).json()[0]).toMatchObject({
      answered: 12,
      first_unanswered: null,
    });
    expect((await call(stranger, 'GET', 'sessions-resume/')).json()).toEqual([]);
    expect((await call(null, 'GET', 'sessions-resume/')).statusCode).toBe(401);
  });

  it('gives custom sets a null course', async () => {
    const learner = await buildUser(db);
    const [a, b] = [await buildQuestion(db, { order: 2 }), await buildQuestion(db, { order: 1 })];
    const custom = (
      await call(learner, 'POST', 'sessions/', { name: 'Mix', question_ids: [a.id, b.id] })
    ).json();
    await answer(learner, custom.id, b);
    const [entry] = (await call(learner, 'GET', 'sessions-resume/')).json();
    expect(entry).toMatchObject({
      session_id: custom.id,
      name: 'Mix',
      course: null,
      answered: 1,
      total: 2,
      first_unanswered: { question_id: a.id, page: 1, index: 1 },
    });
  });
});
