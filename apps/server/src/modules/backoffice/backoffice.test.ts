import { describe, expect, it } from 'vitest';
import { apiCaller, setupTestApp } from '../../../test/helper';
import { buildCourse, buildModule, buildSource, buildUser } from '../../../test/factories';

const { app, database } = await setupTestApp();
const db = database.db;
const staff = await buildUser(db, { isStaff: true });
const learner = await buildUser(db);

const call = apiCaller(app);

const draft = (course: number, overrides: Record<string, unknown> = {}) => ({
  course,
  type: 'qcs',
  stem: 'Which drug is **first line** in $x^2$ hypertension?',
  explanation: 'Because guidelines.',
  key_point: 'Thiazides first.',
  tags: ['pharmacology'],
  choices: [
    { text: 'Thiazide', is_correct: true, explanation: 'Yes.' },
    { text: 'Digoxin', is_correct: false, explanation: 'No.' },
    { text: 'Morphine', is_correct: false },
  ],
  ...overrides,
});

async function liveQuestion(course: number, overrides: Record<string, unknown> = {}) {
  const created = (await call(staff, 'POST', 'staff/questions/', draft(course, overrides))).json();
  expect(
    (await call(staff, 'POST', `staff/questions/${created.id}/status/`, { status: 'in_review' }))
      .statusCode,
  ).toBe(200);
  expect(
    (await call(staff, 'POST', `staff/questions/${created.id}/status/`, { status: 'live' }))
      .statusCode,
  ).toBe(200);
  return created as { id: number; choices: { id: number; text: string; is_correct: boolean }[] };
}

describe('staff route matrix', () => {
  it('answers 401 to anonymous and 403 to learners on every staff content route', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/schema/' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths)
      .filter(([path]) =>
        /^\/api\/staff\/(catalogue|modules|courses|sources|questions|imports|exports|media|cases)/.test(
          path,
        ),
      )
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => ({
          method: m.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, '1'),
        })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const { method, url } of routes) {
      const anonymous = await app.inject({ method: method as 'GET', url, payload: {} });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const asLearner = await app.inject({
        method: method as 'GET',
        url,
        headers: learner.headers,
        payload: {},
      });
      expect(asLearner.statusCode, `${method} ${url}`).toBe(403);
      expect(asLearner.json()).toEqual({
        detail: 'You do not have permission to perform this action.',
      });
    }
  });
});

describe('catalogue', () => {
  it('creates, edits, reorders and archives modules, courses and sources', async () => {
    const a = (await call(staff, 'POST', 'staff/modules/', { name: 'Alpha' })).json().id as number;
    const b = (
      await call(staff, 'POST', 'staff/modules/', { name: 'Beta', description: 'B' })
    ).json().id as number;
    const course = await call(staff, 'POST', 'staff/courses/', { module: a, name: 'Heart' });
    expect(course.statusCode).toBe(201);
    const source = await call(staff, 'POST', 'staff/sources/', {
      module: a,
      name: 'Exam',
      year: 2021,
    });
    expect(source.statusCode).toBe(201);
    expect(
      (await call(staff, 'POST', 'staff/courses/', { module: 999999, name: 'X' })).json(),
    ).toEqual({
      module: ['Select a valid choice. That choice is not one of the available choices.'],
    });
    expect((await call(staff, 'POST', 'staff/modules/', { name: ' ' })).statusCode).toBe(400);

    expect(
      (await call(staff, 'PATCH', `staff/modules/${a}/`, { name: 'Alpha 2' })).statusCode,
    ).toBe(204);
    expect(
      (await call(staff, 'PATCH', `staff/sources/${source.json().id}/`, { year: 2022 })).statusCode,
    ).toBe(204);
    expect((await call(staff, 'PATCH', 'staff/courses/999999/', { name: 'Y' })).statusCode).toBe(
      404,
    );

    const tree = (await call(staff, 'GET', 'staff/catalogue/')).json() as {
      id: number;
      name: string;
      courses: unknown[];
      sources: { year: number }[];
    }[];
    const ids = tree.map((m) => m.id);
    expect(tree.find((m) => m.id === a)).toMatchObject({
      name: 'Alpha 2',
      courses: [expect.objectContaining({ name: 'Heart' })],
      sources: [expect.objectContaining({ year: 2022 })],
    });

    const reversed = [...ids].reverse();
    expect(
      (await call(staff, 'POST', 'staff/modules/reorder/', { ids: reversed })).statusCode,
    ).toBe(204);
    expect(
      ((await call(staff, 'GET', 'staff/catalogue/')).json() as { id: number }[]).map((m) => m.id),
    ).toEqual(reversed);
    expect((await call(staff, 'POST', 'staff/modules/reorder/', { ids: [a] })).json()).toEqual({
      ids: ['Give every id of the list, in the new order.'],
    });
    const other = await buildCourse(db);
    expect(
      (
        await call(staff, 'POST', 'staff/courses/reorder/', { ids: [course.json().id, other.id] })
      ).json(),
    ).toEqual({
      ids: ['Every id must belong to the same module.'],
    });

    // Archived: gone from the learners' catalogue, still in the staff tree.
    expect(
      (await call(learner, 'GET', 'moduls/')).json().map((m: { id: number }) => m.id),
    ).toContain(b);
    expect(
      (await call(staff, 'PATCH', `staff/modules/${b}/`, { is_archived: true })).statusCode,
    ).toBe(204);
    expect(
      (await call(learner, 'GET', 'moduls/')).json().map((m: { id: number }) => m.id),
    ).not.toContain(b);
    expect((await call(learner, 'GET', `moduls/${b}/`)).statusCode).toBe(404);
    expect(
      (
        (await call(staff, 'GET', 'staff/catalogue/')).json() as {
          id: number;
          is_archived: boolean;
        }[]
      ).find((m) => m.id === b)?.is_archived,
    ).toBe(true);
  });
});

describe('question editor and workflow', () => {
  it('checks types: a qcs has exactly one right choice, 2 to 26 choices, links agree', async () => {
    const course = await buildCourse(db);
    const two = draft(course.id, {
      choices: [
        { text: 'A', is_correct: true },
        { text: 'B', is_correct: true },
      ],
    });
    expect((await call(staff, 'POST', 'staff/questions/', two)).json()).toEqual({
      type: ['A qcs question has exactly one correct choice; use qcm.'],
    });
    expect(
      (await call(staff, 'POST', 'staff/questions/', { ...two, type: 'qcm' })).statusCode,
    ).toBe(201);
    const none = draft(course.id, {
      choices: [
        { text: 'A', is_correct: false },
        { text: 'B', is_correct: false },
      ],
    });
    expect((await call(staff, 'POST', 'staff/questions/', none)).json()).toEqual({
      choices: ['No choice is marked correct.'],
    });
    const one = draft(course.id, { choices: [{ text: 'A', is_correct: true }] });
    expect((await call(staff, 'POST', 'staff/questions/', one)).json()).toEqual({
      choices: ['A question needs 2 to 26 choices.'],
    });
    // Extended-matching questions: 26 choices (A–Z) are kept, a 27th is refused (issue 39).
    const letters = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ text: `Option ${i + 1}`, is_correct: i === 0 }));
    const wide = await call(staff, 'POST', 'staff/questions/', {
      ...draft(course.id),
      choices: letters(26),
    });
    expect(wide.statusCode).toBe(201);
    expect(wide.json().choices).toHaveLength(26);
    expect(
      (
        await call(staff, 'POST', 'staff/questions/', {
          ...draft(course.id),
          choices: letters(27),
        })
      ).json(),
    ).toEqual({ choices: ['A question needs 2 to 26 choices.'] });
    // A choice of empty markup shows learners a blank line; an image alone is a choice.
    const blank = draft(course.id, {
      choices: [
        { text: '![ECG](/media/questions/ecg.png)', is_correct: true },
        { text: '<p>&nbsp;</p>', is_correct: false },
      ],
    });
    expect((await call(staff, 'POST', 'staff/questions/', blank)).json()).toEqual({
      'choices.1.text': ['A choice needs a text or an image.'],
    });
    const elsewhere = await buildSource(db);
    expect(
      (
        await call(staff, 'POST', 'staff/questions/', draft(course.id, { source: elsewhere.id }))
      ).json(),
    ).toEqual({
      source: ['The source belongs to another module than the course.'],
    });
  });

  it('shows learners only live questions', async () => {
    const course = await buildCourse(db);
    const created = await call(staff, 'POST', 'staff/questions/', draft(course.id));
    expect(created.statusCode).toBe(201);
    const q = created.json();
    expect(q).toMatchObject({
      status: 'draft',
      version: 0,
      key_point: 'Thiazides first.',
      module: course.moduleId,
    });
    const seen = async () => (await call(learner, 'GET', `questns/${q.id}/`)).statusCode;
    const listed = async () =>
      (
        (await call(learner, 'GET', `questns/?course=${course.id}`)).json().results as {
          id: number;
        }[]
      ).map((r) => r.id);
    expect(await seen()).toBe(404);
    expect(await listed()).toEqual([]);
    expect(
      (await call(staff, 'POST', `staff/questions/${q.id}/status/`, { status: 'live' })).json(),
    ).toEqual({
      status: ['A question cannot go from draft to live.'],
    });
    await call(staff, 'POST', `staff/questions/${q.id}/status/`, { status: 'in_review' });
    expect(await seen()).toBe(404);
    const live = await call(staff, 'POST', `staff/questions/${q.id}/status/`, { status: 'live' });
    expect(live.json()).toMatchObject({ status: 'live', version: 1 });
    expect(await seen()).toBe(200);
    expect(await listed()).toEqual([q.id]);
    await call(staff, 'POST', `staff/questions/${q.id}/status/`, { status: 'withdrawn' });
    expect(await seen()).toBe(404);
    expect(await listed()).toEqual([]);
  });

  it('keeps every edit of a live question as a version', async () => {
    const course = await buildCourse(db);
    const q = await liveQuestion(course.id);
    const edit = draft(course.id, {
      stem: 'Edited stem',
      choices: q.choices.map((c) => ({ id: c.id, text: c.text, is_correct: c.is_correct })),
    });
    const saved = await call(staff, 'PUT', `staff/questions/${q.id}/`, edit);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      stem: 'Edited stem',
      version: 2,
      rescored: 0,
      notified: [],
    });
    expect((await call(learner, 'GET', `questns/${q.id}/`)).json().stem).toContain('Edited stem');
    const versions = (await call(staff, 'GET', `staff/questions/${q.id}/versions/`)).json();
    expect(versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(versions[1].snapshot.stem).toContain('first line');
    expect(versions[0]).toMatchObject({
      author: staff.user.email,
      snapshot: { stem: 'Edited stem' },
    });
    const foreign = {
      ...edit,
      choices: [
        { id: 999999, text: 'X', is_correct: true },
        { text: 'Y', is_correct: false },
      ],
    };
    expect((await call(staff, 'PUT', `staff/questions/${q.id}/`, foreign)).json()).toEqual({
      choices: [`Choice 999999 does not belong to question ${q.id}.`],
    });
  });
});

describe('a corrected key', () => {
  it("re-scores past answers, changes the learner's score and reaches the learner", async () => {
    const course = await buildCourse(db, { moduleId: (await buildModule(db)).id });
    const q = await liveQuestion(course.id);
    const [first, second] = q.choices;
    const answerer = await buildUser(db);
    const reporter = await buildUser(db);
    const bystander = await buildUser(db);
    // The learner ticks B, wrong under the published key, in a session and in study mode.
    const session = (await call(answerer, 'POST', 'sessions/', { course_id: course.id })).json();
    const inSession = await call(answerer, 'POST', 'session_questions/', {
      session: session.id,
      question: q.id,
      choices: [second!.id],
    });
    expect(inSession.json()).toMatchObject({ is_correct: false, score: 0 });
    await call(answerer, 'POST', 'question_answer_history/', {
      question: q.id,
      choices: [second!.id],
      mode: 'study',
    });
    expect(
      (
        await call(reporter, 'POST', 'rports/', {
          question: q.id,
          reason: 'wrong_answer',
          message: 'B is right',
        })
      ).statusCode,
    ).toBe(201);
    const before = (await call(answerer, 'GET', `sessions/${session.id}/`)).json();
    expect(before.correct).toBe(0);
    const shelf = async () =>
      (await call(answerer, 'GET', 'mistakes/'))
        .json()
        .results.map((m: { question: { id: number } }) => m.question.id);
    expect(await shelf()).toContain(q.id);

    // Staff correct the key: B is the right answer.
    const saved = await call(
      staff,
      'PUT',
      `staff/questions/${q.id}/`,
      draft(course.id, {
        choices: q.choices.map((c) => ({
          id: c.id,
          text: c.text,
          is_correct: c.id === second!.id,
        })),
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, rescored: 3 });
    // Re-scored right: the question leaves the answerer's mistakes shelf.
    expect(await shelf()).not.toContain(q.id);
    expect(saved.json().notified).toEqual(
      [answerer.user.id, reporter.user.id].sort((x, y) => x - y),
    );
    expect(saved.json().notified).not.toContain(bystander.user.id);

    // The correction reaches the answerer and the reporter in the app, not the bystander.
    for (const told of [answerer, reporter]) {
      const list = (await call(told, 'GET', 'notifications/')).json().results as {
        kind: string;
        link: string;
      }[];
      expect(list).toContainEqual(
        expect.objectContaining({ kind: 'question_key_changed', link: `/questions/${q.id}` }),
      );
    }
    expect((await call(bystander, 'GET', 'notifications/')).json().results).toEqual([]);

    const history = (
      await call(answerer, 'GET', `question_answer_history/?question=${q.id}`)
    ).json().results as { score: number; is_correct: boolean }[];
    expect(history.map((h) => [h.score, h.is_correct])).toEqual([
      [1, true],
      [1, true],
    ]);
    expect((await call(answerer, 'GET', `sessions/${session.id}/`)).json().correct).toBe(1);
    const versions = (await call(staff, 'GET', `staff/questions/${q.id}/versions/`)).json();
    expect(versions[0]).toMatchObject({ number: 2, rescored: 3 });
    expect(first).toBeDefined();
  });

  it('re-scores a partial-rule qcm answer with the partial rule', async () => {
    const course = await buildCourse(db);
    const q = await liveQuestion(course.id, {
      type: 'qcm',
      choices: [
        { text: 'A', is_correct: true },
        { text: 'B', is_correct: true },
        { text: 'C', is_correct: false },
        { text: 'D', is_correct: false },
      ],
    });
    const [a, b, c] = q.choices;
    const session = (await call(learner, 'POST', 'sessions/', { course_id: course.id })).json();
    const answer = await call(learner, 'POST', 'session_questions/', {
      session: session.id,
      question: q.id,
      choices: [a!.id],
      scoring: 'partial',
    });
    expect(answer.json().score).toBe(0.5);
    // Key A + C: still one discordance (C unticked), still 0.5: nothing to re-score.
    const same = await call(
      staff,
      'PUT',
      `staff/questions/${q.id}/`,
      draft(course.id, {
        type: 'qcm',
        choices: q.choices.map((ch) => ({
          id: ch.id,
          text: ch.text,
          is_correct: ch.id === a!.id || ch.id === c!.id,
        })),
      }),
    );
    expect(same.json()).toMatchObject({ rescored: 0, notified: [learner.user.id] });
    // Key A alone: no discordance left, a full point under the partial rule too.
    const saved = await call(
      staff,
      'PUT',
      `staff/questions/${q.id}/`,
      draft(course.id, {
        type: 'qcm',
        choices: q.choices.map((ch) => ({ id: ch.id, text: ch.text, is_correct: ch.id === a!.id })),
      }),
    );
    expect(saved.json().rescored).toBe(2);
    const history = (await call(learner, 'GET', `question_answer_history/?question=${q.id}`)).json()
      .results as { score: number }[];
    expect(history.map((h) => h.score)).toEqual([1]);
    expect(b).toBeDefined();
  });
});

describe('clinical case builder', () => {
  it('creates a vignette with ordered sub-questions that learners see in that order', async () => {
    const course = await buildCourse(db);
    const first = await liveQuestion(course.id);
    const second = await liveQuestion(course.id);
    const created = await call(staff, 'POST', 'staff/cases/', {
      course: course.id,
      vignette: 'A 60-year-old man with chest pain.',
      questions: [second.id, first.id],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ course: course.id, questions: [second.id, first.id] });
    const seen = (await call(learner, 'GET', `questns/${second.id}/`)).json();
    expect(seen).toMatchObject({
      case_order: 1,
      clinical_case: { vignette: 'A 60-year-old man with chest pain.' },
    });

    const reordered = await call(staff, 'PUT', `staff/cases/${id}/`, {
      course: course.id,
      vignette: 'Edited vignette.',
      questions: [first.id],
    });
    expect(reordered.json()).toMatchObject({ vignette: 'Edited vignette.', questions: [first.id] });
    expect((await call(learner, 'GET', `questns/${second.id}/`)).json().clinical_case).toBeNull();
    const other = await liveQuestion((await buildCourse(db)).id);
    expect(
      (
        await call(staff, 'PUT', `staff/cases/${id}/`, {
          course: course.id,
          vignette: 'x',
          questions: [other.id],
        })
      ).json(),
    ).toEqual({
      questions: ['Select a valid choice. That choice is not one of the available choices.'],
    });
  });
  it('lists cases newest first, by course and by words of the vignette', async () => {
    const course = await buildCourse(db);
    const q = await liveQuestion(course.id);
    const make = (vignette: string, questions: number[]) =>
      call(staff, 'POST', 'staff/cases/', { course: course.id, vignette, questions });
    const older = (await make('Fever and a stiff neck in a student.', [q.id])).json().id as number;
    const newer = (await make('Chest pain at rest.', [])).json().id as number;
    const list = (await call(staff, 'GET', `staff/cases/?course=${course.id}`)).json();
    expect(list).toMatchObject({
      count: 2,
      results: [
        { id: newer, course: course.id, questions: 0, course_name: course.name },
        { id: older, vignette: 'Fever and a stiff neck in a student.', questions: 1 },
      ],
    });
    const found = (
      await call(staff, 'GET', `staff/cases/?course=${course.id}&search=STIFF%20neck`)
    ).json();
    expect(found.results.map((c: { id: number }) => c.id)).toEqual([older]);
    expect((await call(learner, 'GET', 'staff/cases/')).statusCode).toBe(403);
  });
});
