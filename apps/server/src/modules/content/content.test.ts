import fs from 'node:fs';
import path from 'node:path';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ContentDocumentInput } from '@qbank/contract';
import { setupTestApp } from '../../../test/helper';
import {
  choices,
  clinicalCases,
  courses,
  modules,
  questions,
  sources,
} from '../../db/schema/index';
import { LocalStorage } from '../../lib/storage';
import { exportContent } from './content.export';
import { importFile } from './content.service';

const { app, dataDir } = await setupTestApp();
const db = app.db;
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
let fileCount = 0;
/** Writes a document to a file of the test's data folder. */
function writeFile(content: unknown, ext = 'json'): string {
  const file = path.join(dataDir, `import-${++fileCount}.${ext}`);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

function documentOf(prefix: string, stems: string[]): ContentDocumentInput {
  return {
    format: 'qbank',
    version: 1,
    modules: [
      {
        external_id: `${prefix}:m`,
        name: `Module ${prefix}`,
        courses: [{ external_id: `${prefix}:c`, name: 'Course' }],
        sources: [{ external_id: `${prefix}:s`, name: 'Exam 2019', year: 2019 }],
      },
    ],
    questions: stems.map((stem, i) => ({
      external_id: `${prefix}:q${i}`,
      course: `${prefix}:c`,
      source: `${prefix}:s`,
      type: 'qcm',
      stem,
      explanation: 'Because.',
      tags: ['t'],
      choices: [
        { text: 'Alpha', is_correct: true },
        { text: 'Beta', is_correct: true, explanation: 'Also right.' },
        { text: 'Gamma', is_correct: false },
      ],
    })),
  };
}

const questionsOf = (prefix: string) =>
  db
    .select()
    .from(questions)
    .where(
      inArray(
        questions.externalId,
        [0, 1, 2, 3].map((i) => `${prefix}:q${i}`),
      ),
    )
    .orderBy(asc(questions.id));

describe('importFile (JSON)', () => {
  it('creates the catalogue and the questions with their choices, year and search text', async () => {
    const result = await importFile(
      db,
      app.storage,
      writeFile(documentOf('a', ['First?', 'Second?'])),
    );
    expect(result.ok).toBe(true);
    expect(result.summary).toMatchObject({
      questions: { created: 2, updated: 0 },
      modules: { created: 1, updated: 0 },
      courses: { created: 1, updated: 0 },
      sources: { created: 1, updated: 0 },
    });
    const [first] = await questionsOf('a');
    expect(first).toMatchObject({
      type: 'qcm',
      stem: 'First?',
      explanation: 'Because.',
      year: 2019,
      tags: ['t'],
    });
    expect(first!.searchText).toBe('First? Alpha Beta Gamma Because.');
    const [source] = await db.select().from(sources).where(eq(sources.externalId, 'a:s'));
    expect(first!.sourceId).toBe(source!.id);
    const rows = await db
      .select()
      .from(choices)
      .where(eq(choices.questionId, first!.id))
      .orderBy(asc(choices.order));
    expect(rows.map((c) => [c.text, c.isCorrect, c.explanation, c.order])).toEqual([
      ['Alpha', true, '', 0],
      ['Beta', true, 'Also right.', 1],
      ['Gamma', false, '', 2],
    ]);
  });

  it('re-import updates by external id and never duplicates', async () => {
    await importFile(db, app.storage, writeFile(documentOf('b', ['Old?', 'Kept?'])));
    const before = await questionsOf('b');
    const changed = documentOf('b', ['New?', 'Kept?', 'Added?']);
    changed.questions![0]!.choices = [
      { text: 'Only', is_correct: true },
      { text: 'Other', is_correct: false },
    ];
    changed.questions![0]!.type = 'qcs';
    const result = await importFile(db, app.storage, writeFile(changed));
    expect(result.summary!.questions).toEqual({ created: 1, updated: 2 });
    expect(result.summary!.modules).toEqual({ created: 0, updated: 1 });
    const after = await questionsOf('b');
    expect(after).toHaveLength(3);
    expect(after[0]!.id).toBe(before[0]!.id);
    expect(after[0]).toMatchObject({ stem: 'New?', type: 'qcs' });
    const rows = await db.select().from(choices).where(eq(choices.questionId, after[0]!.id));
    expect(rows.map((c) => c.text).sort()).toEqual(['Only', 'Other']);
    expect(await db.select().from(modules).where(eq(modules.externalId, 'b:m'))).toHaveLength(1);
  });

  it('a dry run validates and writes nothing', async () => {
    const result = await importFile(db, app.storage, writeFile(documentOf('c', ['Dry?'])), {
      dryRun: true,
    });
    expect(result).toMatchObject({ ok: true, questions: 1, errors: [] });
    expect(result.summary).toBeUndefined();
    expect(await questionsOf('c')).toEqual([]);
    expect(await db.select().from(modules).where(eq(modules.externalId, 'c:m'))).toEqual([]);
  });

  it('refuses the whole file when one record is bad, reporting every bad record', async () => {
    const doc = documentOf('d', ['Good?', 'Bad?', 'Also bad?']);
    doc.questions![1]!.choices = [{ text: 'Lonely', is_correct: true }];
    doc.questions![2]!.course = 'missing';
    const result = await importFile(db, app.storage, writeFile(doc));
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      { record: 'questions[1] "d:q1"', message: 'choices: A question needs 2 to 26 choices.' },
    ]);
    doc.questions![1]!.choices = [
      { text: 'A', is_correct: true },
      { text: 'B', is_correct: false },
    ];
    const second = await importFile(db, app.storage, writeFile(doc));
    expect(second.errors).toEqual([
      { record: 'questions[2] "d:q2"', message: 'course: unknown course "missing".' },
    ]);
    expect(await questionsOf('d')).toEqual([]);
  });

  it('refuses a file it cannot read, naming the reason', async () => {
    const result = await importFile(db, app.storage, dataDir, { format: 'json' });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([{ message: `Cannot read ${path.basename(dataDir)} (EISDIR).` }]);
  });

  it('refuses a file whose format it cannot tell', async () => {
    const result = await importFile(db, app.storage, writeFile('x', 'dat'));
    expect(result.ok).toBe(false);
    expect(result.errors[0]!.message).toBe(
      'Cannot tell the format of import-' +
        fileCount +
        '.dat from its name: use --format json|csv|gift|aiken|moodle-xml.',
    );
  });
});

describe('importFile (clinical cases)', () => {
  it('creates a case with its images and links its questions to it', async () => {
    const png = fs.readFileSync(fixture('renal.xml'), 'utf8').match(/base64">([^<]+)</)![1]!;
    const doc = documentOf('g', ['About the case?']);
    doc.clinical_cases = [
      {
        external_id: 'g:case',
        course: 'g:c',
        vignette: 'A man of 70. @@PLUGINFILE@@/x-ray.png',
        images: [{ name: 'x-ray.png', data: png }],
      },
    ];
    doc.questions![0]!.clinical_case = 'g:case';
    const result = await importFile(db, app.storage, writeFile(doc));
    expect(result.summary!.clinicalCases).toEqual({ created: 1, updated: 0 });
    const [question] = await questionsOf('g');
    const [kase] = await db
      .select()
      .from(clinicalCases)
      .where(eq(clinicalCases.externalId, 'g:case'));
    expect(question!.clinicalCaseId).toBe(kase!.id);
    expect(kase!.images).toHaveLength(1);
    expect(kase!.vignette).toBe(`A man of 70. /media/${kase!.images[0]}`);
    const again = await importFile(db, app.storage, writeFile(doc));
    expect(again.summary!.clinicalCases).toEqual({ created: 0, updated: 1 });
  });
});

describe('importFile (other formats)', () => {
  it('gives GIFT questions stable ids: a second import updates them', async () => {
    const first = await importFile(db, app.storage, fixture('cardio.gift'));
    expect(first.summary!.questions).toEqual({ created: 4, updated: 0 });
    expect(first.skipped).toHaveLength(2);
    const again = await importFile(db, app.storage, fixture('cardio.gift'));
    expect(again.summary!.questions).toEqual({ created: 0, updated: 4 });
    const [course] = await db.select().from(courses).where(eq(courses.name, 'Heart failure'));
    expect(
      await db.select().from(questions).where(eq(questions.courseId, course!.id)),
    ).toHaveLength(4);
  });

  it('stores Moodle XML images and points the text at them; a re-import replaces the file', async () => {
    const result = await importFile(db, app.storage, fixture('renal.xml'));
    expect(result.summary!.questions).toEqual({ created: 2, updated: 0 });
    const [question] = await db
      .select()
      .from(questions)
      .where(eq(questions.externalId, 'renal:Oliguria'));
    expect(question!.images).toHaveLength(1);
    const key = question!.images[0]!;
    expect(key).toMatch(/^questions\/[0-9a-f-]+\.png$/);
    expect(await app.storage.exists(key)).toBe(true);
    expect(question!.stem).toContain(`<img src="/media/${key}">`);
    const served = await app.inject({ method: 'GET', url: `/media/${key}` });
    expect(served.statusCode).toBe(200);

    await importFile(db, app.storage, fixture('renal.xml'));
    const [updated] = await db
      .select()
      .from(questions)
      .where(eq(questions.externalId, 'renal:Oliguria'));
    expect(updated!.images[0]).not.toBe(key);
    expect(await app.storage.exists(key)).toBe(false);
    expect(await app.storage.exists(updated!.images[0]!)).toBe(true);
  });

  it('rolls everything back when a record fails while writing, images included', async () => {
    const inner = new LocalStorage(path.join(dataDir, 'failing-media'));
    let puts = 0;
    const failing = Object.assign(Object.create(inner) as LocalStorage, {
      put: async (key: string, data: Buffer) => {
        if (++puts === 2) throw new Error('disk full');
        return inner.put(key, data);
      },
    });
    const png = fs.readFileSync(fixture('renal.xml'), 'utf8').match(/base64">([^<]+)</)![1]!;
    const doc = documentOf('e', ['With image?', 'With another image?']);
    doc.questions![0]!.images = [{ name: 'one.png', data: png }];
    doc.questions![1]!.images = [{ name: 'two.png', data: png }];
    await expect(importFile(db, failing, writeFile(doc))).rejects.toThrow('disk full');
    expect(await questionsOf('e')).toEqual([]);
    expect(await db.select().from(modules).where(eq(modules.externalId, 'e:m'))).toEqual([]);
    expect(await inner.list()).toEqual([]);
  });
});

describe('importFile (bulk writing)', () => {
  /** Every index and foreign key of the two tables a large import suspends, as SQL. */
  const definitions = async () => {
    const result = await db.execute(sql`
      select indexdef as def from pg_indexes where tablename in ('questions', 'choices')
      union all
      select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
      where contype = 'f' and conrelid in ('questions'::regclass, 'choices'::regclass)
      order by 1`);
    return (result as unknown as { rows: { def: string }[] }).rows.map((r) => r.def);
  };
  const bankSize = async () => (await db.select({ n: count() }).from(questions))[0]!.n;

  it('keeps tabs, backslashes and line breaks of the texts as written', async () => {
    const stem = 'Tab\there, back\\slash \\N, lines\nand\r\nend';
    const doc = documentOf('escapes', [stem]);
    doc.questions![0]!.choices![0]!.explanation = 'C:\\temp\t\\.';
    doc.questions![0]!.source = null;
    expect((await importFile(db, app.storage, writeFile(doc))).ok).toBe(true);
    const [question] = await questionsOf('escapes');
    expect(question).toMatchObject({ stem, sourceId: null, tags: ['t'], images: [] });
    const [first] = await db
      .select()
      .from(choices)
      .where(and(eq(choices.questionId, question!.id), eq(choices.order, 0)));
    expect(first!.explanation).toBe('C:\\temp\t\\.');
  });

  it('a file as large as the bank rebuilds the indexes and keys it suspended, as they were', async () => {
    const before = await definitions();
    const length = Math.max(10, (await bankSize()) + 1);
    const stems = Array.from({ length }, (_, i) => `Bulk question ${i}?`);
    const result = await importFile(db, app.storage, writeFile(documentOf('bulk', stems)), {
      bulkFrom: 1,
    });
    expect(result.summary!.questions).toEqual({ created: stems.length, updated: 0 });
    expect(await definitions()).toEqual(before);
    const found = await db.execute(sql`
      select external_id from questions
      where to_tsvector('simple', search_text) @@ websearch_to_tsquery('simple', 'bulk 7')`);
    expect((found as unknown as { rows: unknown[] }).rows).toEqual([{ external_id: 'bulk:q7' }]);
    const [question] = await questionsOf('bulk');
    expect(
      await db.select().from(choices).where(eq(choices.questionId, question!.id)),
    ).toHaveLength(3);
  });

  it('a large file that fails while writing leaves the bank, its indexes and keys untouched', async () => {
    const before = await definitions();
    const size = await bankSize();
    const doc = documentOf(
      'bulk-failing',
      Array.from({ length: size + 1 }, (_, i) => `Failing ${i}?`),
    );
    const failing = await importFile(db, app.storage, writeFile(doc), {
      bulkFrom: 1,
      onProgress: () => {
        throw new Error('interrupted');
      },
    }).catch((error: Error) => error.message);
    expect(failing).toBe('interrupted');
    expect(await bankSize()).toBe(size);
    expect(await definitions()).toEqual(before);
  });
});

describe('exportContent', () => {
  it('writes our JSON format, and importing the export updates without copying', async () => {
    await importFile(db, app.storage, writeFile(documentOf('f', ['Round?', 'Trip?'])));
    const [mod] = await db.select().from(modules).where(eq(modules.externalId, 'f:m'));
    const exported = await exportContent(db, app.storage, { moduleId: mod!.id });
    expect(exported.modules).toHaveLength(1);
    expect(exported.questions.map((q) => q.stem)).toEqual(['Round?', 'Trip?']);
    expect(exported.questions[0]).toMatchObject({ course: 'f:c', source: 'f:s', year: 2019 });

    const result = await importFile(db, app.storage, writeFile(exported));
    expect(result.summary!.questions).toEqual({ created: 0, updated: 2 });
    expect(await exportContent(db, app.storage, { moduleId: mod!.id })).toEqual(exported);
  });

  it('gives records made elsewhere an external id, and keeps image round trips', async () => {
    const [mod] = await db.insert(modules).values({ name: 'Hand made' }).returning();
    const [course] = await db.insert(courses).values({ name: 'C', moduleId: mod!.id }).returning();
    await db.insert(questions).values({ courseId: course!.id, type: 'qcs', stem: 'Typed in?' });
    const exported = await exportContent(db, app.storage, { moduleId: mod!.id });
    expect(exported.modules[0]!.external_id).toBe(`qbank:module:${mod!.id}`);
    const [row] = await db
      .select()
      .from(questions)
      .where(and(eq(questions.courseId, course!.id)));
    expect(row!.externalId).toBe(`qbank:question:${row!.id}`);

    const [renal] = await db
      .select()
      .from(questions)
      .where(eq(questions.externalId, 'renal:Oliguria'));
    const [renalCourse] = await db.select().from(courses).where(eq(courses.id, renal!.courseId));
    const all = await exportContent(db, app.storage, { moduleId: renalCourse!.moduleId });
    const oliguria = all.questions.find((q) => q.external_id === 'renal:Oliguria')!;
    expect(oliguria.images).toHaveLength(1);
    expect(oliguria.stem).toContain(`@@PLUGINFILE@@/${oliguria.images[0]!.name}`);
  });

  it('answers 404 for an unknown module', async () => {
    await expect(exportContent(db, app.storage, { moduleId: 999_999 })).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
