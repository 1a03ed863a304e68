import { describe, expect, it } from 'vitest';
import { setupTestApp, apiCaller } from '../../../test/helper';
import { answerInHistory, buildCourse, buildModule, buildUser } from '../../../test/factories';
import { formData } from '../../../test/uploads';

/**
 * Issue 34, "The editor never loses work": revert to a version makes a new version (a key
 * change re-scores as an edit does), and imported live questions start at version 1.
 */
const { app, database } = await setupTestApp();
const db = database.db;
const staff = await buildUser(db, { isStaff: true });
const learner = await buildUser(db);

const call = apiCaller(app);

interface Question {
  id: number;
  version: number;
  stem: string;
  choices: { id: number; text: string; is_correct: boolean }[];
}

describe('revert to a version', () => {
  it('saves the old content as a new version, re-scoring when the key changes back', async () => {
    const module = await buildModule(db);
    const course = await buildCourse(db, { moduleId: module.id });
    const input = {
      course: course.id,
      type: 'qcs',
      stem: 'Version one stem',
      choices: [
        { text: 'Right', is_correct: true },
        { text: 'Wrong', is_correct: false },
      ],
    };
    const q = (await call(staff, 'POST', 'staff/questions/', input)).json() as Question;
    for (const status of ['in_review', 'live']) {
      await call(staff, 'POST', `staff/questions/${q.id}/status/`, { status });
    }
    const [right, wrong] = q.choices;
    await answerInHistory(db, learner.user.id, q.id, { choices: [right!.id], isCorrect: true });

    const edited = await call(staff, 'PUT', `staff/questions/${q.id}/`, {
      ...input,
      stem: 'Version two stem',
      choices: [
        { id: right!.id, text: 'Right', is_correct: false },
        { id: wrong!.id, text: 'Wrong', is_correct: true },
      ],
    });
    expect(edited.json()).toMatchObject({ version: 2, rescored: 1 });

    const reverted = await call(staff, 'POST', `staff/questions/${q.id}/versions/1/revert/`);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json()).toMatchObject({
      version: 3,
      stem: 'Version one stem',
      rescored: 1,
      choices: [
        { id: right!.id, is_correct: true },
        { id: wrong!.id, is_correct: false },
      ],
    });
    const versions = (await call(staff, 'GET', `staff/questions/${q.id}/versions/`)).json() as {
      number: number;
      snapshot: { stem: string };
    }[];
    expect(versions.map((v) => [v.number, v.snapshot.stem])).toEqual([
      [3, 'Version one stem'],
      [2, 'Version two stem'],
      [1, 'Version one stem'],
    ]);
    const audit = (
      await call(staff, 'GET', `staff/audit/?action=question.revert&target_id=${q.id}`)
    ).json() as { count: number };
    expect(audit.count).toBe(1);
  });

  it('answers 404 for a version or question that does not exist, 403 to a learner', async () => {
    expect(
      (await call(staff, 'POST', 'staff/questions/999999/versions/1/revert/')).statusCode,
    ).toBe(404);
    const module = await buildModule(db);
    const course = await buildCourse(db, { moduleId: module.id });
    const q = (
      await call(staff, 'POST', 'staff/questions/', {
        course: course.id,
        type: 'qcs',
        stem: 'Draft',
        choices: [
          { text: 'A', is_correct: true },
          { text: 'B', is_correct: false },
        ],
      })
    ).json() as Question;
    expect(
      (await call(staff, 'POST', `staff/questions/${q.id}/versions/7/revert/`)).statusCode,
    ).toBe(404);
    expect(
      (await call(staff, 'POST', `staff/questions/${q.id}/versions/x/revert/`)).statusCode,
    ).toBe(404);
    expect(
      (await call(learner, 'POST', `staff/questions/${q.id}/versions/1/revert/`)).statusCode,
    ).toBe(403);
  });
});

describe('imported questions', () => {
  it('a live imported question starts at version 1; a draft has no version', async () => {
    const document = {
      format: 'qbank',
      version: 1,
      modules: [
        {
          external_id: 'v1:m',
          name: 'Versioned',
          courses: [{ external_id: 'v1:c', name: 'Course' }],
          sources: [],
        },
      ],
      questions: [
        {
          external_id: 'v1:live',
          course: 'v1:c',
          type: 'qcs',
          stem: 'Imported live',
          choices: [
            { text: 'A', is_correct: true },
            { text: 'B', is_correct: false },
          ],
        },
        {
          external_id: 'v1:draft',
          course: 'v1:c',
          type: 'qcs',
          status: 'draft',
          stem: 'Imported draft',
          choices: [
            { text: 'A', is_correct: true },
            { text: 'B', is_correct: false },
          ],
        },
      ],
    };
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/imports/',
      headers: staff.headers,
      payload: formData({ dry_run: 'false' }, [
        ['file', Buffer.from(JSON.stringify(document)), 'bank.json'],
      ]),
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json().job as string;
    for (let i = 0; i < 200; i++) {
      const state = (await call(staff, 'GET', `staff/imports/${job}/`)).json().state as string;
      if (state !== 'running') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const bank = (await call(staff, 'GET', 'staff/questions/?search=Imported')).json() as {
      results: { id: number; stem: string }[];
    };
    const idOf = (stem: string) => bank.results.find((r) => r.stem.includes(stem))!.id;
    const live = (await call(staff, 'GET', `staff/questions/${idOf('live')}/`)).json() as Question;
    expect(live.version).toBe(1);
    const versions = (await call(staff, 'GET', `staff/questions/${live.id}/versions/`)).json();
    expect(versions).toMatchObject([
      {
        number: 1,
        snapshot: { stem: 'Imported live', choices: [{ id: live.choices[0]!.id }, {}] },
      },
    ]);
    const draft = (await call(staff, 'GET', `staff/questions/${idOf('draft')}/`)).json();
    expect(draft.version).toBe(0);
  });
});
