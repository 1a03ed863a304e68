import { describe, expect, it } from 'vitest';
import { setupTestApp, apiCaller } from '../../../test/helper';
import { buildCourse, buildModule, buildUser, type TestUser } from '../../../test/factories';
import { formData } from '../../../test/uploads';

/**
 * Issue 34, "Near-duplicate detection": the import dry run and the editor name the bank's
 * questions whose text is close (pg_trgm, on PostgreSQL and PGlite alike), at a threshold
 * staff set.
 */
const { app, database } = await setupTestApp();
const db = database.db;
const staff = await buildUser(db, { isStaff: true });
const learner = await buildUser(db);

const call = apiCaller(app);

const module = await buildModule(db);
const course = await buildCourse(db, { moduleId: module.id });
const STEM = 'A 67-year-old man wakes at night breathless and must sit up to breathe. Which sign?';
const choices = [
  { text: 'Orthopnoea', is_correct: true },
  { text: 'Clubbing', is_correct: false },
  { text: 'Koilonychia', is_correct: false },
];
async function create(stem: string, withChoices = choices) {
  const res = await call(staff, 'POST', 'staff/questions/', {
    course: course.id,
    type: 'qcs',
    stem,
    choices: withChoices,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}
const original = await create(STEM);
const nearCopy = await create(STEM.replace('67-year-old', '68-year-old'));
const unrelated = await create('Which enzyme is deficient in phenylketonuria? Give the gene.');

describe('near-duplicates', () => {
  it('the editor lists close questions with their similarity, not itself nor unrelated ones', async () => {
    const res = await call(staff, 'GET', `staff/questions/${original}/duplicates/`);
    expect(res.statusCode, res.body).toBe(200);
    const matches = res.json() as { id: number; similarity: number; status: string }[];
    expect(matches.map((m) => m.id)).toEqual([nearCopy]);
    expect(matches[0]!.similarity).toBeGreaterThan(0.8);
    expect(matches[0]!.status).toBe('draft');
    expect((await call(staff, 'GET', `staff/questions/${unrelated}/duplicates/`)).json()).toEqual(
      [],
    );
    expect((await call(staff, 'GET', 'staff/questions/999999/duplicates/')).statusCode).toBe(404);
    expect((await call(learner, 'GET', `staff/questions/${original}/duplicates/`)).statusCode).toBe(
      403,
    );
  });

  it('a text being typed (a new draft) is checked too, staff only', async () => {
    const check = (user: TestUser, body: object) =>
      call(user, 'POST', 'staff/questions/duplicates/', body);
    const typed = STEM.replace('breathless', 'short of breath');
    const res = await check(staff, { stem: typed, choices });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { id: number }[]).map((m) => m.id).sort()).toEqual(
      [original, nearCopy].sort(),
    );
    // The question being edited is left out of its own matches.
    const own = await check(staff, { stem: STEM, choices, question: original });
    expect((own.json() as { id: number }[]).map((m) => m.id)).toEqual([nearCopy]);
    expect((await check(staff, { stem: '   ' })).json()).toEqual([]);
    const bad = await check(staff, { stem: STEM, question: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('question');
    expect((await check(learner, { stem: STEM })).statusCode).toBe(403);
  });

  it('a generic stem with other choices is not a copy (the whole text decides)', async () => {
    const generic = 'Which of the following statements about this drug is true?';
    const first = await create(generic, [
      { text: 'Amiodarone prolongs the QT interval', is_correct: true },
      { text: 'Amiodarone is a loop diuretic', is_correct: false },
    ]);
    const res = await call(staff, 'POST', 'staff/questions/duplicates/', {
      stem: generic,
      choices: [{ text: 'Metformin lowers lactate' }, { text: 'Insulin raises glucose' }],
    });
    expect(res.json()).toEqual([]);
    // The same stem and choices is one.
    const same = await call(staff, 'POST', 'staff/questions/duplicates/', {
      stem: generic,
      choices: [
        { text: 'Amiodarone prolongs the QT interval' },
        { text: 'Amiodarone is a loop diuretic' },
      ],
    });
    expect((same.json() as { id: number }[]).map((m) => m.id)).toEqual([first]);
  });

  it('the import dry run names each close question of the file, at the threshold staff set', async () => {
    const file = {
      format: 'qbank',
      version: 1,
      modules: [
        {
          external_id: 'dup:m',
          name: 'Dup module',
          courses: [{ external_id: 'dup:c', name: 'Dup course' }],
          sources: [],
        },
      ],
      questions: [
        {
          external_id: 'dup:1',
          course: 'dup:c',
          type: 'qcs',
          stem: 'Name the loop diuretic.',
          choices,
        },
        { external_id: 'dup:2', course: 'dup:c', type: 'qcs', stem: STEM, choices },
      ],
    };
    const dryRun = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/staff/imports/',
        headers: staff.headers,
        payload: formData({ dry_run: 'true' }, [
          ['file', Buffer.from(JSON.stringify(file)), 'bank.json'],
        ]),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        duplicate_threshold: number;
        duplicates: { index: number; external_id: string; matches: { id: number }[] }[];
      };
    };
    const report = await dryRun();
    expect(report.duplicate_threshold).toBe(0.6);
    expect(report.duplicates).toHaveLength(1);
    expect(report.duplicates[0]).toMatchObject({ index: 1, external_id: 'dup:2' });
    expect(report.duplicates[0]!.matches.map((m) => m.id).sort()).toEqual(
      [original, nearCopy].sort(),
    );

    // Strict: only (nearly) identical texts; the setting is audited, and bad values refused.
    expect(
      (await call(staff, 'PUT', 'staff/settings/duplicates/', { threshold: 0.99 })).json(),
    ).toEqual({
      threshold: 0.99,
    });
    expect((await dryRun()).duplicates[0]!.matches.map((m) => m.id)).toEqual([original]);
    expect((await call(staff, 'GET', 'staff/settings/duplicates/')).json()).toEqual({
      threshold: 0.99,
    });
    const bad = await call(staff, 'PUT', 'staff/settings/duplicates/', { threshold: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ threshold: ['Ensure this value is less than or equal to 1.'] });
    expect(
      (await call(learner, 'PUT', 'staff/settings/duplicates/', { threshold: 0.5 })).statusCode,
    ).toBe(403);
    const audit = (await call(staff, 'GET', 'staff/audit/?action=setting.update')).json() as {
      results: { changes: unknown[] }[];
    };
    expect(audit.results[0]!.changes).toEqual([{ field: 'threshold', before: 0.6, after: 0.99 }]);
  });
});
