import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ContentDocument, ContentDocumentInput } from '@qbank/contract';
import { setupTestApp } from '../../../test/helper';
import { buildUser } from '../../../test/factories';
import { importData } from '../content/content.service';
import { exportBank } from './exports.service';

/**
 * Issue 34, "Export without loss": export → import into an empty bank → export gives the same
 * content, for each format what that format can carry. JSON carries everything, workflow status
 * and key point included (a draft must not come back live); CSV carries the CSV importer's
 * columns.
 */
const { app } = await setupTestApp();
const db = app.db;
const staff = await buildUser(db, { isStaff: true });

const bank: ContentDocumentInput = {
  format: 'qbank',
  version: 1,
  modules: [
    {
      external_id: 'rt:m',
      name: 'Cardiology',
      courses: [{ external_id: 'rt:c', name: 'Heart failure' }],
      sources: [{ external_id: 'rt:s', name: 'Algiers 2019', year: 2019 }],
    },
  ],
  clinical_cases: [{ external_id: 'rt:case', course: 'rt:c', vignette: 'A man, 67, breathless.' }],
  questions: [
    {
      external_id: 'rt:live',
      course: 'rt:c',
      source: 'rt:s',
      type: 'qcm',
      stem: 'Which signs of **left** heart failure? $x^2$',
      explanation: 'Because.',
      key_point: 'Crackles and orthopnoea.',
      status: 'live',
      tags: ['signs', 'heart failure, left'],
      choices: [
        { text: 'Crackles', is_correct: true, explanation: 'Yes.' },
        { text: 'Orthopnoea', is_correct: true },
        { text: 'Ascites', is_correct: false },
      ],
    },
    {
      external_id: 'rt:draft',
      course: 'rt:c',
      clinical_case: 'rt:case',
      type: 'qcs',
      stem: 'First test to order?',
      tags: ['tests, first line'],
      key_point: 'Natriuretic peptides first.',
      status: 'draft',
      choices: [
        { text: 'BNP', is_correct: true },
        { text: 'Chest CT', is_correct: false },
      ],
    },
    {
      external_id: 'rt:review',
      course: 'rt:c',
      type: 'qcs',
      stem: 'Under review, "quoted", with a comma',
      status: 'in_review',
      choices: [
        { text: 'Yes', is_correct: false },
        { text: 'No', is_correct: true },
      ],
    },
  ],
};

const emptyTheBank = () =>
  db.execute(
    sql`truncate modules, courses, sources, clinical_cases, questions, choices restart identity cascade`,
  );

async function load(data: string, format: 'json' | 'csv') {
  const result = await importData(db, app.storage, Buffer.from(data), `bank.${format}`, {
    format,
  });
  expect(result.errors).toEqual([]);
  expect(result.ok).toBe(true);
}

const exported = async (format: 'json' | 'csv') =>
  String((await exportBank(app, staff.user, format)).body);

describe('export → import into an empty bank → export', () => {
  it('JSON gives the same document, key points and workflow status included', async () => {
    await emptyTheBank();
    await load(JSON.stringify(bank), 'json');
    const first = await exported('json');
    const document = JSON.parse(first) as ContentDocument;
    expect(document.questions.map((q) => [q.external_id, q.status, q.key_point])).toEqual([
      ['rt:live', 'live', 'Crackles and orthopnoea.'],
      ['rt:draft', 'draft', 'Natriuretic peptides first.'],
      ['rt:review', 'in_review', ''],
    ]);

    await emptyTheBank();
    await load(first, 'json');
    expect(await exported('json')).toEqual(first);
    // The draft came back a draft: learners do not see it.
    const published = await db.execute(
      sql`select external_id from questions where is_published order by external_id`,
    );
    expect((published as unknown as { rows: { external_id: string }[] }).rows).toEqual([
      { external_id: 'rt:live' },
    ]);
  });

  it('a file without status or key point leaves what staff set on an existing question', async () => {
    await emptyTheBank();
    await load(JSON.stringify(bank), 'json');
    const bare = {
      ...bank,
      questions: bank.questions!.map(({ status: _s, key_point: _k, ...q }) => q),
    };
    await load(JSON.stringify(bare), 'json');
    const again = JSON.parse(await exported('json')) as ContentDocument;
    expect(again.questions.map((q) => [q.status, q.key_point])).toEqual([
      ['live', 'Crackles and orthopnoea.'],
      ['draft', 'Natriuretic peptides first.'],
      ['in_review', ''],
    ]);
  });

  // Our CSV's external_id column is taken as it is (a teacher's `name` column gets the file name
  // as prefix), and tags holding commas come back whole, alone or with others.
  it('CSV gives the same file (its columns: catalogue names, stem, choices, key, explanation, tags, source, year)', async () => {
    await emptyTheBank();
    await load(JSON.stringify(bank), 'json');
    const first = await exported('csv');
    await emptyTheBank();
    await load(first, 'csv');
    expect(await exported('csv')).toEqual(first);
    // The same records, not copies: re-importing the export updates them.
    await load(first, 'csv');
    const ids = await db.execute(sql`select external_id, tags from questions order by id`);
    expect((ids as unknown as { rows: unknown[] }).rows).toEqual([
      { external_id: 'rt:live', tags: ['signs', 'heart failure, left'] },
      { external_id: 'rt:draft', tags: ['tests, first line'] },
      { external_id: 'rt:review', tags: [] },
    ]);
  });
});
