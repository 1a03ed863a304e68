import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiCaller, setupTestApp } from '../../../test/helper';
import { buildUser } from '../../../test/factories';
import { formData } from '../../../test/uploads';

/**
 * Issue 34, "A complete, readable audit": every staff action on the content (catalogue,
 * questions and their status, cases, imports, exports) leaves an entry naming the staff member
 * (name and e-mail) and the fields that changed, before → after.
 */
const { app, database } = await setupTestApp();
const db = database.db;
const staff = await buildUser(db, {
  isStaff: true,
  firstName: 'Amina',
  lastName: 'Haddad',
  email: `editor-${process.pid}@example.com`,
});
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../content/fixtures');

const call = apiCaller(app);

interface Entry {
  action: string;
  actor: { email: string; name: string };
  target_type: string;
  target_id: number | null;
  after: Record<string, unknown> | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

async function entries(query: string): Promise<Entry[]> {
  const res = await call(staff, 'GET', `staff/audit/?page_size=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Entry[] }).results;
}

async function created(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('the audit of staff content work', () => {
  it('logs catalogue changes with the staff member and the fields that changed', async () => {
    const moduleId = await created(
      await call(staff, 'POST', 'staff/modules/', { name: 'Cardiology', description: '' }),
    );
    const other = await created(
      await call(staff, 'POST', 'staff/modules/', { name: 'Renal', description: '' }),
    );
    await created(
      await call(staff, 'POST', 'staff/courses/', { module: moduleId, name: 'Valves' }),
    );
    await created(
      await call(staff, 'POST', 'staff/sources/', { module: moduleId, name: 'Oran', year: 2021 }),
    );
    expect(
      (await call(staff, 'PATCH', `staff/modules/${moduleId}/`, { name: 'Cardiology I' }))
        .statusCode,
    ).toBe(204);
    expect(
      (await call(staff, 'PATCH', `staff/modules/${moduleId}/`, { is_archived: true })).statusCode,
    ).toBe(204);
    expect(
      (await call(staff, 'POST', 'staff/modules/reorder/', { ids: [other, moduleId] })).statusCode,
    ).toBe(204);

    const log = await entries(`target_type=module&target_id=${moduleId}`);
    expect(log.map((e) => e.action)).toEqual(['module.archive', 'module.update', 'module.create']);
    expect(log[0]!.actor).toEqual({
      id: staff.user.id,
      email: staff.user.email,
      name: 'Amina Haddad',
    });
    expect(log[0]!.changes).toEqual([{ field: 'is_archived', before: false, after: true }]);
    expect(log[1]!.changes).toEqual([
      { field: 'name', before: 'Cardiology', after: 'Cardiology I' },
    ]);
    expect(log[2]!.changes).toContainEqual({ field: 'name', before: null, after: 'Cardiology' });

    expect((await entries('action=course')).map((e) => e.action)).toEqual(['course.create']);
    expect((await entries('action=source.create'))[0]!.changes).toContainEqual({
      field: 'year',
      before: null,
      after: 2021,
    });
    const [reorder] = await entries('action=module.reorder');
    // A list of ids reads as one value: the old order, the new order.
    expect(reorder!.changes).toEqual([
      { field: 'ids', before: [moduleId, other], after: [other, moduleId] },
    ]);
  });

  it('logs question creation, edits field by field, status changes and cases', async () => {
    const moduleId = await created(
      await call(staff, 'POST', 'staff/modules/', { name: 'Pharmacology', description: '' }),
    );
    const course = await created(
      await call(staff, 'POST', 'staff/courses/', { module: moduleId, name: 'Diuretics' }),
    );
    const input = {
      course,
      type: 'qcs',
      stem: 'First line in hypertension?',
      explanation: '',
      key_point: '',
      tags: [],
      choices: [
        { text: 'Thiazide', is_correct: true },
        { text: 'Digoxin', is_correct: false },
      ],
    };
    const question = (await call(staff, 'POST', 'staff/questions/', input)).json() as {
      id: number;
      choices: { id: number }[];
    };
    const edit = {
      ...input,
      stem: 'First line in essential hypertension?',
      choices: [
        { id: question.choices[0]!.id, text: 'Thiazide', is_correct: false },
        { id: question.choices[1]!.id, text: 'Digoxin', is_correct: true },
      ],
    };
    expect((await call(staff, 'PUT', `staff/questions/${question.id}/`, edit)).statusCode).toBe(
      200,
    );
    expect(
      (
        await call(staff, 'POST', `staff/questions/${question.id}/status/`, {
          status: 'in_review',
        })
      ).statusCode,
    ).toBe(200);
    const caseId = await created(
      await call(staff, 'POST', 'staff/cases/', {
        course,
        vignette: 'A woman, 54.',
        questions: [question.id],
      }),
    );

    const log = await entries(`target_type=question&target_id=${question.id}`);
    expect(log.map((e) => e.action)).toEqual([
      'question.status',
      'question.update',
      'question.create',
    ]);
    expect(log[0]!.changes).toEqual([{ field: 'status', before: 'draft', after: 'in_review' }]);
    expect(log[1]!.changes).toEqual([
      { field: 'stem', before: input.stem, after: edit.stem },
      { field: 'choices[0].is_correct', before: true, after: false },
      { field: 'choices[1].is_correct', before: false, after: true },
    ]);
    expect(log[2]!.changes).toContainEqual({ field: 'stem', before: null, after: input.stem });
    const [caseEntry] = await entries(`target_type=case&target_id=${caseId}`);
    expect(caseEntry).toMatchObject({ action: 'case.create', actor: { name: 'Amina Haddad' } });
  });

  it('logs an import (its start and outcome) and an export, not a dry run', async () => {
    const data = fs.readFileSync(path.join(fixtures, 'drugs.csv'));
    const upload = (dryRun: string) =>
      app.inject({
        method: 'POST',
        url: '/api/staff/imports/',
        headers: staff.headers,
        payload: formData({ dry_run: dryRun }, [['file', data, 'drugs.csv']]),
      });
    expect((await upload('true')).statusCode).toBe(200);
    expect(await entries('action=import')).toEqual([]);

    const job = (await upload('false')).json().job as string;
    let finish: Entry | undefined;
    for (let i = 0; i < 200 && !finish; i++) {
      finish = (await entries('action=import.finish'))[0];
      if (!finish) await new Promise((r) => setTimeout(r, 25));
    }
    expect(finish?.after).toMatchObject({ job, state: 'done' });
    expect((await entries('action=import.start'))[0]!.after).toMatchObject({
      job,
      file: 'drugs.csv',
      format: 'csv',
    });

    expect((await call(staff, 'GET', 'staff/exports/?format=csv')).statusCode).toBe(200);
    const [exported] = await entries('action=export');
    expect(exported).toMatchObject({
      action: 'export.download',
      actor: { email: staff.user.email },
      after: { format: 'csv', module: null },
    });
  });
});
