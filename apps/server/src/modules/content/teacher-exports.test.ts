import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildUser } from '../../../test/factories';
import { formData } from '../../../test/uploads';
import { guessFormat, parseContent } from './content.parse';
import { validateContent } from './content.validate';

/**
 * Issue 39: the importer on the three classes of input real teachers' exports carry: more than
 * eight choices, kinds we do not import, answers that show nothing. One fixture per class in
 * each format where it can occur (written for this test, under fixtures/teacher-exports).
 */
const dir = path.join(import.meta.dirname, 'fixtures', 'teacher-exports');
const read = (name: string) => fs.readFileSync(path.join(dir, name));
const check = (name: string) =>
  validateContent(parseContent(read(name), guessFormat(name)!, { fileName: name }));

const { app, database } = await setupTestApp();
const staff = await buildUser(database.db, { isStaff: true });
const learner = await buildUser(database.db);

const dryRun = async (name: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/staff/imports/',
    headers: staff.headers,
    payload: formData({}, [['file', read(name), name]]),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('more than eight choices (extended-matching questions)', () => {
  it('imports up to 26 choices, A to Z, in every format', async () => {
    const shapes = async (name: string) =>
      (await check(name)).document.questions.map((q) => [q.type, q.choices.length]);
    expect(await shapes('many-choices.aiken.txt')).toEqual([['qcs', 26]]);
    expect(await shapes('many-choices.gift')).toEqual([['qcm', 12]]);
    expect(await shapes('many-choices.csv')).toEqual([['qcm', 12]]);
    const aiken = (await check('many-choices.aiken.txt')).document.questions[0]!;
    expect(aiken.choices[25]).toMatchObject({ text: 'Sotalol', is_correct: true });
    const csv = (await check('many-choices.csv')).document.questions[0]!;
    expect(csv.choices.flatMap((c, i) => (c.is_correct ? [i] : []))).toEqual([3, 5, 9]);
  });

  it('refuses a 27th choice on that record alone, by its lines', async () => {
    const report = await dryRun('many-choices.xml');
    expect(report).toMatchObject({ ok: false, format: 'moodle-xml' });
    expect(report.errors).toEqual([
      {
        line: 47,
        end_line: 132,
        record: 'questions[1] "many-choices:Twenty-seven options"',
        message: 'choices: A question needs 2 to 26 choices.',
      },
    ]);
  });
});

describe('kinds we do not import', () => {
  it('skips and names each one in every format; the valid questions still import', async () => {
    const gift = await dryRun('unsupported.gift');
    expect(gift).toMatchObject({ ok: true, questions: 2, errors: [] });
    expect(gift.skipped).toEqual([
      { line: 4, record: 'Essay', message: 'Skipped: essay questions are not supported.' },
      {
        line: 6,
        end_line: 8,
        record: 'Essay with a model answer',
        message: 'Skipped: essay questions are not supported.',
      },
      {
        line: 10,
        record: 'Introduction',
        message: 'Skipped: description questions are not supported.',
      },
      {
        line: 18,
        record: 'Ejection fraction',
        message: 'Skipped: numerical questions are not supported.',
      },
      {
        line: 20,
        end_line: 24,
        record: 'Match',
        message: 'Skipped: matching questions are not supported.',
      },
      { line: 26, record: 'Short', message: 'Skipped: shortanswer questions are not supported.' },
    ]);

    const xml = await dryRun('unsupported.xml');
    expect(xml).toMatchObject({ ok: true, questions: 2, errors: [] });
    expect(xml.skipped.map((s: { record: string; line: number }) => [s.line, s.record])).toEqual([
      [6, 'Essay'],
      [11, 'Introduction'],
      [22, 'Match'],
      [28, 'Ejection fraction'],
      [33, 'Short'],
    ]);

    const csv = await dryRun('unsupported.csv');
    expect(csv).toMatchObject({ ok: true, questions: 2, errors: [] });
    expect(csv.skipped).toEqual([
      { line: 2, message: 'Skipped: essay questions are not supported.' },
      { line: 4, message: 'Skipped: matching questions are not supported.' },
      { line: 5, message: 'Skipped: essay questions are not supported.' },
    ]);

    const json = await dryRun('unsupported.json');
    expect(json).toMatchObject({ ok: true, questions: 1, errors: [] });
    expect(json.skipped).toEqual([
      { record: 'questions[0] "essay-1"', message: 'Skipped: essay questions are not supported.' },
      {
        record: 'questions[2] "match-1"',
        message: 'Skipped: matching questions are not supported.',
      },
    ]);
  });
});

describe('answers that show nothing', () => {
  it('refuses a choice without text or image, by the lines of its record, in every format', async () => {
    const errors = async (name: string) => (await dryRun(name)).errors;
    expect(await errors('blank-answers.xml')).toEqual([
      {
        line: 6,
        end_line: 15,
        record: 'Failed maths export',
        message: 'Choices A, B, C, D have no text and no image.',
      },
      {
        line: 26,
        end_line: 33,
        record: 'One blank answer',
        message: 'Choice B has no text and no image.',
      },
    ]);
    expect(await errors('blank-answers.gift')).toEqual([
      {
        line: 3,
        end_line: 7,
        record: 'Failed maths export',
        message: 'Choices A, B, C have no text and no image.',
      },
    ]);
    expect(await errors('blank-answers.aiken.txt')).toEqual([
      { line: 1, end_line: 5, message: 'Choices A, B have no text and no image.' },
    ]);
    expect(await errors('blank-answers.csv')).toEqual([
      { line: 2, message: 'Choices A, B have no text and no image.' },
    ]);
    expect(await errors('blank-answers.json')).toEqual([
      {
        record: 'questions[0] "pr"',
        message: 'choices.0.text: A choice needs a text or an image.',
      },
      {
        record: 'questions[0] "pr"',
        message: 'choices.1.text: A choice needs a text or an image.',
      },
    ]);
  });

  it('keeps a choice whose only content is an image', async () => {
    for (const name of ['blank-answers.xml', 'blank-answers.gift', 'blank-answers.csv']) {
      const { document } = await check(name);
      const tracing = document.questions.find((q) => q.stem.includes('atrial fibrillation'))!;
      expect(tracing.choices[0]!.text).toMatch(/^(<p>)?<img src=/);
    }
  });
});

describe('26 choices through the bank, the player, exams, analysis and exports', () => {
  const get = (url: string, user = learner) =>
    app.inject({ method: 'GET', url, headers: user.headers });

  it('imports, serves, scores and exports the 26th choice as Z', async () => {
    const run = await app.inject({
      method: 'POST',
      url: '/api/staff/imports/',
      headers: staff.headers,
      payload: formData({ dry_run: 'false' }, [
        ['file', read('many-choices.aiken.txt'), 'many-choices.aiken.txt'],
      ]),
    });
    expect(run.statusCode).toBe(202);
    let bank = (await get('/api/staff/questions/', staff)).json();
    for (let i = 0; i < 200 && bank.count === 0; i++) {
      await new Promise((r) => setTimeout(r, 25));
      bank = (await get('/api/staff/questions/', staff)).json();
    }
    const id: number = bank.results[0].id;
    const question = (await get(`/api/staff/questions/${id}/`, staff)).json();
    expect(question.choices).toHaveLength(26);
    const last = question.choices[25];

    // The player: an answer ticking Z is right, and the correction names it Z.
    const answer = await app.inject({
      method: 'POST',
      url: '/api/question_answer_history/',
      headers: learner.headers,
      payload: { question: id, choices: [last.id], mode: 'study', time_spent_ms: 1000 },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ is_correct: true, correct_choices: [last.id] });
    expect(answer.json().choice_explanations[25]).toMatchObject({ letter: 'Z', is_correct: true });

    // An exam built from its course carries all 26 choices.
    const course: number = question.course;
    const exam = (await get(`/api/questions_exam/?courses=${course}&count=10`)).json();
    const examQuestions = Array.isArray(exam) ? exam : exam.results;
    expect(examQuestions[0].choices).toHaveLength(26);

    // Item analysis letters its choices A to Z.
    const analysis = (await get(`/api/staff/questions/${id}/analysis/`, staff)).json();
    expect(analysis.choices.map((c: { letter: string }) => c.letter).join('')).toBe(
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    );
    expect(analysis.choices[25]).toMatchObject({ picked: 1, is_correct: true });

    // Exports: CSV columns A–Z, QTI identifiers A–Z, Moodle XML that imports back whole.
    const csv = (await get('/api/staff/exports/?format=csv', staff)).body;
    expect(csv.split('\r\n')[0]).toContain(',X,Y,Z,correct,');
    const csvBack = await validateContent(
      parseContent(Buffer.from(csv), 'csv', { fileName: 'back.csv' }),
    );
    expect(csvBack.errors).toEqual([]);
    expect(csvBack.document.questions[0]!.choices[25]!.is_correct).toBe(true);
    const qti = await get('/api/staff/exports/?format=qti', staff);
    const files = unzipSync(new Uint8Array(qti.rawPayload));
    const item = strFromU8(files[Object.keys(files).find((f) => f.startsWith('items/'))!]!);
    expect(item).toContain('<correctResponse><value>Z</value></correctResponse>');
    expect(item).toContain('<simpleChoice identifier="Z">Sotalol</simpleChoice>');
    const moodle = await get('/api/staff/exports/?format=moodle-xml', staff);
    expect(moodle.headers['content-type']).toBe('application/xml; charset=utf-8');
    const back = await validateContent(
      parseContent(moodle.rawPayload, 'moodle-xml', { fileName: 'back.xml' }),
    );
    expect(back.errors).toEqual([]);
    expect(back.document.questions[0]!.choices).toHaveLength(26);
    expect(back.document.questions[0]!.choices[25]).toMatchObject({
      text: 'Sotalol',
      is_correct: true,
    });
  });
});

describe('a French spreadsheet (issue 38)', () => {
  // What Excel saves in a French locale: semicolons, decimal commas, Windows-1252 (’ is 0x92).
  const sheet = [
    'question;A;B;C;correct;explanation',
    'Quelle dose d\u2019amoxicilline chez l\u2019enfant ?;50 mg/kg/j;1,5 g/j;"dose\nunique";A;Recommandation 2019',
    'Quel est l\u2019effet de l\u2019\u00e9nalapril ?;IEC;;B\u00eatabloquant;;',
  ].join('\r\n');
  const upload = (encoding?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/staff/imports/',
      headers: staff.headers,
      payload: formData(encoding ? { encoding } : {}, [
        ['file', iconv.encode(sheet, 'windows-1252'), 'pharmacie.csv'],
      ]),
    });

  it('detects the semicolons and the encoding, and names bad rows by their lines', async () => {
    const report = (await upload()).json();
    expect(report.warnings[0]).toEqual({
      message: 'The file is not UTF-8: read as windows-1252 (detected).',
    });
    expect(report.errors).toEqual([{ line: 4, message: 'Empty correct answer.' }]);
    const good = await validateContent(
      parseContent(
        iconv.encode(sheet.split('\r\n').slice(0, 2).join('\r\n'), 'windows-1252'),
        'csv',
        {
          fileName: 'pharmacie.csv',
          encoding: 'auto',
        },
      ),
    );
    expect(good.errors).toEqual([]);
    expect(good.document.questions[0]!.stem).toBe(
      'Quelle dose d\u2019amoxicilline chez l\u2019enfant ?',
    );
    expect(good.document.questions[0]!.choices.map((c) => c.text)).toEqual([
      '50 mg/kg/j',
      '1,5 g/j',
      'dose\nunique',
    ]);
  });

  it('reads the encoding the teacher chooses', async () => {
    const report = (await upload('windows-1252')).json();
    expect(report.warnings).toEqual([]);
    expect(report.errors).toEqual([{ line: 4, message: 'Empty correct answer.' }]);
    expect((await upload('klingon')).json().errors).toEqual([
      { message: 'Unknown encoding "klingon" (e.g. utf-8, windows-1252, gb18030).' },
    ]);
  });
});
