import fs from 'node:fs';
import path from 'node:path';
import { count, like } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { questionAnswerHistory, questions, users } from '../../db/schema/index';
import { runExport, runImport, type Output } from './content.cli';
import { generateData, syntheticDocument } from './generate.cli';

const { app, dataDir } = await setupTestApp();
const db = app.db;
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

function collector() {
  const lines = { log: [] as string[], error: [] as string[] };
  const out: Output = { log: (l) => lines.log.push(l), error: (l) => lines.error.push(l) };
  return { lines, out };
}

describe('import command', () => {
  it('prints skipped records and a summary with the time taken', async () => {
    const { lines, out } = collector();
    expect(await runImport(db, app.storage, [fixture('cardio.gift')], {}, out)).toBe(0);
    expect(lines.error).toEqual([]);
    expect(lines.log).toContain(
      `${fixture('cardio.gift')}:22: Dose: Skipped: numerical questions are not supported.`,
    );
    expect(lines.log.at(-1)).toMatch(
      /cardio\.gift: questions 4 created, 0 updated, 2 skipped; modules 1 created, 0 updated; courses 1 created, 0 updated; sources 0 created, 0 updated; clinical cases 0 created, 0 updated\. \d+\.\d s$/,
    );
  });

  it('refuses a bad file with every problem on its own line and exit code 1', async () => {
    const { lines, out } = collector();
    expect(await runImport(db, app.storage, [fixture('broken.csv')], {}, out)).toBe(1);
    expect(lines.error).toEqual([
      `${fixture('broken.csv')}:3: Empty correct answer.`,
      `${fixture('broken.csv')}:4: 5 fields, the header has 4.`,
      `${fixture('broken.csv')}:5: The correct answer 2 is an empty cell.`,
      `${fixture('broken.csv')}: refused, 3 problem(s); nothing was imported.`,
    ]);
  });

  it('--dry-run reports and writes nothing; --format overrides the extension', async () => {
    const copy = path.join(dataDir, 'valves.questions');
    fs.copyFileSync(fixture('valves.aiken.txt'), copy);
    const { lines, out } = collector();
    expect(await runImport(db, app.storage, [copy], { format: 'aiken', dryRun: true }, out)).toBe(
      0,
    );
    expect(lines.log.at(-1)).toMatch(
      /valid \(aiken\): 2 question\(s\) to import, 0 skipped\. Dry run: nothing written\./,
    );
    expect(await db.select().from(questions).where(like(questions.externalId, 'valves:%'))).toEqual(
      [],
    );
  });

  it('rejects an unknown format and a missing file', async () => {
    const { lines, out } = collector();
    expect(
      await runImport(db, app.storage, [fixture('cardio.gift')], { format: 'docx' }, out),
    ).toBe(1);
    expect(await runImport(db, app.storage, [path.join(dataDir, 'nope.json')], {}, out)).toBe(1);
    expect(lines.error).toEqual([
      'Unknown format "docx": use one of json, csv, gift, aiken, moodle-xml.',
      `${path.join(dataDir, 'nope.json')}: no such file.`,
    ]);
  });
});

describe('export command', () => {
  it('writes a file that imports back as updates', async () => {
    const file = path.join(dataDir, 'export.json');
    const { lines, out } = collector();
    expect(await runExport(db, app.storage, file, {}, out)).toBe(0);
    expect(lines.log[0]).toMatch(/export\.json: 1 module\(s\), 4 question\(s\) exported\./);
    expect(await runImport(db, app.storage, [file], {}, out)).toBe(0);
    expect(lines.log.at(-1)).toMatch(/questions 0 created, 4 updated/);
  });

  it('refuses a bad or unknown module id', async () => {
    const { lines, out } = collector();
    expect(
      await runExport(db, app.storage, path.join(dataDir, 'x.json'), { module: 'abc' }, out),
    ).toBe(1);
    expect(
      await runExport(db, app.storage, path.join(dataDir, 'x.json'), { module: '999999' }, out),
    ).toBe(1);
    expect(lines.error).toEqual([
      '--module takes a module id (a positive integer), not "abc".',
      'No module has the id 999999.',
    ]);
    expect(fs.existsSync(path.join(dataDir, 'x.json'))).toBe(false);
  });
});

describe('generate command (synthetic volume)', () => {
  it('builds deterministic variants of the real demo questions', () => {
    const a = syntheticDocument(50);
    expect(a.questions).toHaveLength(50);
    expect(syntheticDocument(50)).toEqual(a);
    expect(a.questions[0]!.stem).toMatch(/\(variant 1\)$/);
    expect(new Set(a.questions.map((q) => q.external_id)).size).toBe(50);
  });

  it('writes questions, learners and history; a second run updates instead of duplicating', async () => {
    const summary = await generateData(db, app.storage, {
      questions: 300,
      users: 5,
      history: 1200,
    });
    expect(summary).toMatch(
      /questions 300 created, 0 updated; 5 synthetic learners; 1200 history rows/,
    );
    const again = await generateData(db, app.storage, { questions: 300, users: 5, history: 0 });
    expect(again).toMatch(/questions 0 created, 300 updated; 5 synthetic learners; 0 history rows/);
    const n = async (table: typeof questions | typeof users | typeof questionAnswerHistory) =>
      (await db.select({ n: count() }).from(table))[0]!.n;
    expect(await n(questionAnswerHistory)).toBe(1200);
    expect(
      (
        await db
          .select({ n: count() })
          .from(questions)
          .where(like(questions.externalId, 'synthetic:%'))
      )[0]!.n,
    ).toBe(300);
    expect(
      (
        await db.select({ n: count() }).from(users).where(like(users.email, 'synthetic-learner-%'))
      )[0]!.n,
    ).toBe(5);
  });
});

// Last: the export test above counts what the earlier imports wrote.
describe('import command, encodings', () => {
  it('--encoding imports a Windows-1252 file with its real characters; without it, refuses it at its first bad line', async () => {
    const file = path.join(dataDir, 'cafe.csv');
    const text =
      'question,A,B,correct\nWhat is 1+1?,Two,Three,A\nCaf\u00e9\u2019s price in \u20ac?,Two \u20ac,Three,A\n';
    fs.writeFileSync(file, iconv.encode(text, 'windows-1252'));
    const refused = collector();
    expect(await runImport(db, app.storage, [file], {}, refused.out)).toBe(1);
    expect(refused.lines.error[0]).toBe(
      `${file}:3: This line is not UTF-8 text: give the file's encoding with --encoding (e.g. windows-1252, gb18030) or save the file as UTF-8.`,
    );
    const unknown = collector();
    expect(await runImport(db, app.storage, [file], { encoding: 'klingon' }, unknown.out)).toBe(1);
    expect(unknown.lines.error[0]).toBe(
      `${file}: Unknown encoding "klingon" (e.g. utf-8, windows-1252, gb18030).`,
    );
    const { lines, out } = collector();
    expect(await runImport(db, app.storage, [file], { encoding: 'windows-1252' }, out)).toBe(0);
    expect(lines.error).toEqual([]);
    const stems = await db
      .select({ stem: questions.stem })
      .from(questions)
      .where(like(questions.externalId, 'cafe:%'));
    expect(stems.map((q) => q.stem).sort()).toEqual([
      'Caf\u00e9\u2019s price in \u20ac?',
      'What is 1+1?',
    ]);
  });
});
