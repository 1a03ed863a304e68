import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '@qbank/contract';
import { contentJsonSchemaText, contentSchemaFile } from './content.json-schema';
import { parseContent, type ContentFormat } from './content.parse';
import { validateContent } from './content.validate';

/** Parser tests on our own small fixtures (src/modules/content/fixtures), no database needed. */
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

async function check(name: string, format: ContentFormat, text?: string) {
  const data = text === undefined ? fs.readFileSync(fixture(name)) : Buffer.from(text);
  return validateContent(parseContent(data, format, { fileName: name }));
}

const byName = (doc: ContentDocument, name: string) =>
  doc.questions.find((q) => q.external_id.endsWith(`:${name}`));

describe('GIFT', () => {
  it('imports single and multiple choice and true/false; skips other kinds with a message', async () => {
    const result = await check('cardio.gift', 'gift');
    expect(result.errors).toEqual([]);
    expect(result.document.questions).toHaveLength(4);
    expect(result.skipped).toEqual([
      { line: 22, record: 'Dose', message: 'Skipped: numerical questions are not supported.' },
      { line: 24, record: 'Essay', message: 'Skipped: essay questions are not supported.' },
    ]);
    // module ← category, course ← sub-category
    expect(result.document.modules).toEqual([
      expect.objectContaining({
        name: 'Cardiology',
        courses: [expect.objectContaining({ name: 'Heart failure' })],
      }),
    ]);
  });

  it('maps = and ~ to choices, # to choice feedback and #### to the explanation', async () => {
    const { document } = await check('cardio.gift', 'gift');
    const bnp = document.questions.find((q) => q.external_id === 'cardio:id:hf-1')!;
    expect(bnp.type).toBe('qcs');
    expect(bnp.stem).toBe('Which peptide is released by stretched ventricles?');
    expect(bnp.choices).toEqual([
      { text: 'BNP', is_correct: true, explanation: 'Right: B-type natriuretic peptide.' },
      { text: 'Insulin', is_correct: false, explanation: 'No.' },
      { text: 'Glucagon', is_correct: false, explanation: '' },
    ]);
    expect(bnp.explanation).toBe('BNP rises with ventricular wall stress.');
  });

  it('turns partial credits into correct choices (qcm), negative weights into wrong ones', async () => {
    const { document } = await check('cardio.gift', 'gift');
    const signs = byName(document, 'Signs')!;
    expect(signs.type).toBe('qcm');
    expect(signs.choices.map((c) => c.is_correct)).toEqual([true, true, false]);
  });

  it('reads true/false as two choices, True first, and resolves escapes', async () => {
    const { document } = await check('cardio.gift', 'gift');
    expect(byName(document, 'Loop')!.choices).toEqual([
      { text: 'True', is_correct: true, explanation: '' },
      { text: 'False', is_correct: false, explanation: '' },
    ]);
    const escapes = byName(document, 'Escapes')!;
    expect(escapes.stem).toBe('Which symbol is = escaped: { and }?');
    expect(escapes.choices.map((c) => c.text)).toEqual(['~ tilde', '# hash']);
  });

  it('refuses an answer block that is never closed, naming the line of the record', async () => {
    const result = await check(
      'broken.gift',
      'gift',
      '::A:: First?{=yes ~no}\n\n::B:: Second?{=yes ~no\n\n::C:: Third?{=a ~b}\n',
    );
    expect(result.errors).toEqual([{ line: 3, record: 'B', message: "'{' is never closed." }]);
  });
});

describe('Aiken', () => {
  it('reads A) and A. options and ANSWER lines, with a BOM and CRLF line ends', async () => {
    const result = await check('valves.aiken.txt', 'aiken');
    expect(result.errors).toEqual([]);
    const [first, second] = result.document.questions;
    expect(first!.stem).toBe('Which valve lies between the left atrium and the left ventricle?');
    expect(first!.choices.map((c) => [c.text, c.is_correct])).toEqual([
      ['Mitral', true],
      ['Aortic', false],
      ['Tricuspid', false],
    ]);
    expect(second!.choices.map((c) => c.text)).toEqual(['Bisoprolol', 'Amlodipine']);
    // No external id in Aiken: file name + content hash, the same at every import.
    expect(first!.external_id).toMatch(/^valves\.aiken:#[0-9a-f]{16}$/);
  });

  it('reports every broken record by the lines it spans, naming the faulty line', async () => {
    const result = await check('broken.aiken.txt', 'aiken');
    expect(result.errors).toEqual([
      { line: 1, end_line: 3, message: 'The question has no "ANSWER: X" line.' },
      {
        line: 10,
        end_line: 14,
        message: 'Line 13: unexpected line in an Aiken question: "NUMBERING: 123".',
      },
    ]);
  });

  it('reports each bad record by its own lines when no blank line separates the records', async () => {
    const text = [
      'Q1 lacks its answer line?', // 1
      'A) x',
      'B) y',
      'Q2 is fine?', // 4
      'A) a',
      'B) b',
      'ANSWER: A',
      'Q3 has its options out of order?', // 8
      'A) a',
      'C) c', // 10
      'ANSWER: A',
      'Q4 is fine', // 12
      'over two lines?',
      'A) a',
      'B) b',
      'ANSWER: B',
      'Q5 names a missing option?', // 17
      'A) a',
      'ANSWER: D',
      'Q6 is fine?', // 20
      'A) ok',
      'B) no',
      'ANSWER: A',
    ].join('\n');
    const result = await check('packed.txt', 'aiken', text);
    expect(result.errors).toEqual([
      { line: 1, end_line: 3, message: 'The question has no "ANSWER: X" line.' },
      { line: 8, end_line: 11, message: 'Line 10: option C is out of order (expected B).' },
      { line: 17, end_line: 19, message: 'ANSWER: D names no option of the question.' },
    ]);
    const parsed = parseContent(Buffer.from(text), 'aiken', { fileName: 'packed.txt' });
    expect(parsed.document.questions!.map((q) => q.stem)).toEqual([
      'Q2 is fine?',
      'Q4 is fine\nover two lines?',
      'Q6 is fine?',
    ]);
  });
});

describe('character encodings', () => {
  const aiken = 'Quelle est la dose\u2019? \u00e9t\u00e9 \u20ac\nA) Un\nB) Deux\nANSWER: A\n';
  const chinese = 'Which is correct?\nA) \u5fc3\u810f\u8870\u7aed\nB) \u80be\u810f\nANSWER: A\n';
  const parse = (data: Buffer, encoding?: string) =>
    validateContent(parseContent(data, 'aiken', { fileName: 'enc.txt', encoding }));

  it('decodes Windows-1252 and GB18030 to the right characters when told the encoding', async () => {
    const cp1252 = await parse(iconv.encode(aiken, 'windows-1252'), 'windows-1252');
    expect(cp1252.errors).toEqual([]);
    // 0x92 is the right single quotation mark (U+2019), not the C1 control U+0092.
    expect(cp1252.document.questions[0]!.stem).toBe(
      'Quelle est la dose\u2019? \u00e9t\u00e9 \u20ac',
    );
    const gb = await parse(iconv.encode(chinese, 'gb18030'), 'gb18030');
    expect(gb.errors).toEqual([]);
    expect(gb.document.questions[0]!.choices.map((c) => c.text)).toEqual([
      '\u5fc3\u810f\u8870\u7aed',
      '\u80be\u810f',
    ]);
  });

  it('refuses a file that is not UTF-8 at its first bad line, never as mojibake', async () => {
    const message =
      "This line is not UTF-8 text: give the file's encoding with --encoding (e.g. windows-1252, gb18030) or save the file as UTF-8.";
    expect((await parse(iconv.encode(aiken, 'windows-1252'))).errors).toEqual([
      { line: 1, message },
    ]);
    expect((await parse(iconv.encode(chinese, 'gb18030'))).errors).toEqual([{ line: 2, message }]);
    // UTF-8 (with or without a BOM) and UTF-16 with a BOM need no option.
    expect((await parse(Buffer.from(`\ufeff${aiken}`))).document.questions[0]!.stem).toContain(
      '\u2019',
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(chinese, 'utf16le')]);
    expect((await parse(utf16)).document.questions[0]!.choices[0]!.text).toBe(
      '\u5fc3\u810f\u8870\u7aed',
    );
  });
});

describe('CSV', () => {
  it('reads the layout Question, Answer 1…N, correct (1-based index of the right answer)', async () => {
    const text = [
      'Question,Answer 1,Answer 2,Answer 3,correct',
      'Which drug is a beta blocker?,Atenolol,Ramipril,Amlodipine,1',
      '"Which one is an ACE inhibitor, then?",Atenolol,Ramipril,Amlodipine,2',
      'Which has no right answer?,One,Two,Three,4',
    ].join('\n');
    const result = await check('layout.csv', 'csv', text);
    expect(result.errors).toEqual([{ line: 4, message: 'The correct answer 4 is an empty cell.' }]);
    const ok = await check('layout.csv', 'csv', text.split('\n').slice(0, 3).join('\n'));
    expect(ok.errors).toEqual([]);
    expect(
      ok.document.questions.map((q) => [
        q.stem,
        q.type,
        q.choices.map((c) => [c.text, c.is_correct]),
      ]),
    ).toEqual([
      [
        'Which drug is a beta blocker?',
        'qcs',
        [
          ['Atenolol', true],
          ['Ramipril', false],
          ['Amlodipine', false],
        ],
      ],
      [
        'Which one is an ACE inhibitor, then?',
        'qcs',
        [
          ['Atenolol', false],
          ['Ramipril', true],
          ['Amlodipine', false],
        ],
      ],
    ]);
  });

  it('reads named columns, several correct answers, quoted cells over two lines', async () => {
    const result = await check('drugs.csv', 'csv');
    expect(result.errors).toEqual([]);
    const [d1, d2, d3] = result.document.questions;
    expect(d1).toMatchObject({
      external_id: 'drugs:D1',
      type: 'qcs',
      explanation: 'Ramipril ends in -pril.',
      tags: ['ace', 'hypertension'],
    });
    expect(d1!.choices.map((c) => c.text)).toEqual([
      'Ramipril',
      'Atenolol',
      'Nifedipine, long-acting',
    ]);
    expect(d2!.type).toBe('qcm');
    expect(d2!.choices.map((c) => c.is_correct)).toEqual([true, true, false, false]);
    expect(d3!.stem).toBe('Quoted "stem" over\ntwo lines?');
    // source ← exam session, with the year of its name
    expect(d1!.source).toBe(d2!.source);
    expect(d1!.year).toBe(2019);
    expect(d3!.source).toBeNull();
    expect(result.document.modules[0]!.sources).toEqual([
      { external_id: d1!.source, name: 'Residency exam 2019', year: 2019, order: 0 },
    ]);
    expect(result.document.modules[0]).toMatchObject({
      name: 'Pharmacology',
      courses: [{ name: 'Cardiovascular drugs' }],
    });
  });

  it('reports every bad row with its line', async () => {
    const result = await check('broken.csv', 'csv');
    expect(result.errors).toEqual([
      { line: 3, message: 'Empty correct answer.' },
      { line: 4, message: '5 fields, the header has 4.' },
      { line: 5, message: 'The correct answer 2 is an empty cell.' },
    ]);
  });

  it('refuses a header it does not know, naming line 1', async () => {
    const result = await check('odd.csv', 'csv', 'prompt,A,B,key\nx,y,z,A\n');
    expect(result.errors[0]).toEqual({
      line: 1,
      message: 'Unknown column(s) in the header: "prompt", "key".',
    });
  });
});

describe('Moodle XML', () => {
  it('imports multichoice and truefalse with fractions, feedback, tags and base64 images', async () => {
    const result = await check('renal.xml', 'moodle-xml');
    expect(result.errors).toEqual([]);
    expect(result.skipped).toEqual([
      {
        line: 25,
        end_line: 29,
        record: 'Short',
        message: 'Skipped: shortanswer questions are not supported.',
      },
    ]);
    const oliguria = byName(result.document, 'Oliguria')!;
    expect(oliguria.type).toBe('qcm');
    expect(oliguria.choices.map((c) => c.is_correct)).toEqual([true, true, false]);
    expect(oliguria.choices[2]!.explanation).toBe('That is tubular necrosis.');
    expect(oliguria.explanation).toBe('Prerenal injury keeps tubular function.');
    expect(oliguria.tags).toEqual(['aki']);
    expect(oliguria.images.map((i) => i.name)).toEqual(['kidney.png']);
    expect(result.document.modules[0]).toMatchObject({
      name: 'Nephrology',
      courses: [{ name: 'Acute kidney injury' }],
    });
    const potassium = byName(result.document, 'Potassium')!;
    expect(potassium.choices.map((c) => [c.text, c.is_correct])).toEqual([
      ['True', true],
      ['False', false],
    ]);
  });

  it('refuses malformed XML naming the line, and choice records without text or answers', async () => {
    const malformed = await check(
      'bad.xml',
      'moodle-xml',
      '<quiz>\n<question type="multichoice">\n<name><text>x</name>\n</quiz>\n',
    );
    expect(malformed.errors).toHaveLength(1);
    expect(malformed.errors[0]!.line).toBe(3);
    const empty = await check(
      'empty.xml',
      'moodle-xml',
      '<quiz>\n<question type="multichoice">\n<name><text>E</text></name>\n<questiontext><text></text></questiontext>\n</question>\n</quiz>\n',
    );
    expect(empty.errors).toEqual([
      { line: 2, end_line: 5, message: "multichoice 'E': empty question text, no <answer>." },
    ]);
  });

  it('refuses a question whose text is only empty markup, at its line', async () => {
    const answers =
      '<answer fraction="100"><text>Yes</text></answer><answer fraction="0"><text>No</text></answer>';
    const question = (name: string, text: string) =>
      `<question type="multichoice">\n<name><text>${name}</text></name>\n` +
      `<questiontext format="html"><text><![CDATA[${text}]]></text></questiontext>\n${answers}\n</question>\n`;
    const result = await check(
      'markup.xml',
      'moodle-xml',
      '<quiz>\n' +
        question('P', '<p dir="ltr" style="text-align: left;"></p>') +
        question('N', '<p>&nbsp;<br></p>\n') +
        question('Image', '<p><img src="@@PLUGINFILE@@/x.png"></p>') +
        question('Text', '<p dir="ltr">Real text?</p>') +
        '</quiz>\n',
    );
    expect(result.errors).toEqual([
      { line: 2, end_line: 6, message: "multichoice 'P': empty question text." },
      { line: 7, end_line: 12, message: "multichoice 'N': empty question text." },
    ]);
    // The same rule for every format: GIFT and CSV stems too.
    const gift = await check('markup.gift', 'gift', '<p></p>{=yes ~no}\n');
    expect(gift.errors).toEqual([{ line: 1, message: 'The question has no text.' }]);
  });

  it('drops an image that is not JPEG, PNG or WebP with a warning, and keeps the question', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ).toString('base64');
    const xml = fs
      .readFileSync(fixture('renal.xml'), 'utf8')
      .replace(
        'name="kidney.png" path="/" encoding="base64">',
        `name="kidney.svg" path="/" encoding="base64">${svg}`,
      )
      .replace(
        /kidney\.svg" path="\/" encoding="base64">([^<]*)/,
        `kidney.svg" path="/" encoding="base64">${svg}`,
      );
    const result = await check('renal.xml', 'moodle-xml', xml);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      expect.objectContaining({
        message:
          'Image "kidney.svg" dropped: only JPEG, PNG and WebP images up to 5 MB are accepted.',
      }),
    ]);
    expect(byName(result.document, 'Oliguria')!.images).toEqual([]);
  });
});

describe('JSON', () => {
  it('reports every invalid record with its position, and bad references', async () => {
    const doc = {
      format: 'qbank',
      version: 1,
      modules: [{ external_id: 'm', name: 'M', courses: [{ external_id: 'c', name: 'C' }] }],
      questions: [
        {
          external_id: 'q1',
          course: 'c',
          type: 'qcs',
          stem: 'One?',
          choices: [{ text: 'a', is_correct: true }],
        },
        {
          external_id: 'q2',
          course: 'c',
          type: 'qcs',
          stem: 'Two?',
          choices: [
            { text: 'a', is_correct: true },
            { text: 'b', is_correct: true },
          ],
        },
        {
          external_id: 'q3',
          course: 'c',
          type: 'qcm',
          stem: '',
          choices: [
            { text: 'a', is_correct: false },
            { text: 'b', is_correct: false },
          ],
        },
      ],
    };
    const result = await check('bad.json', 'json', JSON.stringify(doc));
    expect(result.errors).toEqual([
      { record: 'questions[0] "q1"', message: 'choices: A question needs 2 to 26 choices.' },
      {
        record: 'questions[1] "q2"',
        message: 'type: A qcs question has exactly one correct choice; use qcm.',
      },
      { record: 'questions[2] "q3"', message: 'stem: The question has no text.' },
      { record: 'questions[2] "q3"', message: 'choices: No choice is marked correct.' },
    ]);
    const refs = await check(
      'refs.json',
      'json',
      JSON.stringify({
        ...doc,
        questions: [{ ...doc.questions[1], type: 'qcm', course: 'nope', source: 's' }],
      }),
    );
    expect(refs.errors).toEqual([
      { record: 'questions[0] "q2"', message: 'course: unknown course "nope".' },
      { record: 'questions[0] "q2"', message: 'source: unknown source "s".' },
    ]);
  });

  it('names the line of a JSON syntax error', async () => {
    const result = await check('syntax.json', 'json', '{\n "format": "qbank",\n "version": 1,,\n}');
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.line).toBe(3);
    expect(result.errors[0]!.message).toMatch(/^Invalid JSON: /);
  });
});

describe('docs/qbank-content.schema.json', () => {
  it('is the JSON Schema of the zod schema (regenerate with scripts/write-content-schema.ts)', () => {
    expect(fs.readFileSync(contentSchemaFile(), 'utf8')).toBe(contentJsonSchemaText());
  });
});
