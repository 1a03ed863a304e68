import Papa from 'papaparse';
import {
  buildDocument,
  cleanCategory,
  linesOf,
  type ParseOptions,
  type ParseResult,
  type Problem,
  type RawQuestion,
} from './common';

interface Row {
  line: number;
  endLine: number;
  cells: string[];
}

/** Separators a spreadsheet may use: Excel in a French locale saves with semicolons. */
const DELIMITERS = [',', ';', '\t', '|'];

/**
 * RFC 4180 records (quoted cells may hold separators, quotes and line breaks) with the lines each
 * spans. Papa Parse guesses the separator from the first rows (issue 38: French spreadsheets).
 */
export function readCsv(text: string): { rows: Row[]; error?: Problem } {
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lineAt = lineCounter(src);
  const rows: Row[] = [];
  let error: Problem | undefined;
  let start = 0;
  Papa.parse<string[]>(src, {
    delimitersToGuess: DELIMITERS,
    newline: '\n',
    step: (result) => {
      const end = result.meta.cursor;
      const line = lineAt(start);
      const quote = result.errors.find((e) => e.code === 'MissingQuotes');
      if (quote) {
        error ??= { line: lineAt(quote.index ?? start), message: 'A quoted cell is never closed.' };
      }
      // The cursor stands after the row's line break, if it has one.
      const endLine = lineAt(src[end - 1] === '\n' ? end - 2 : end - 1);
      start = end;
      if (result.data.some((c) => c.trim() !== '')) {
        rows.push({ line, endLine: Math.max(line, endLine), cells: result.data });
      }
    },
  });
  return { rows, error };
}

/** Line (1-based) of a character offset, for offsets asked in increasing order. */
function lineCounter(text: string): (offset: number) => number {
  let at = 0;
  let line = 1;
  return (offset) => {
    if (offset < at) [at, line] = [0, 1];
    for (; at < offset && at < text.length; at++) if (text[at] === '\n') line++;
    return line;
  };
}

type Role =
  | { kind: 'ignore' }
  | {
      kind:
        | 'name'
        | 'externalId'
        | 'stem'
        | 'correct'
        | 'explanation'
        | 'reference'
        | 'category'
        | 'course'
        | 'tags'
        | 'source'
        | 'year'
        | 'kind';
    }
  | { kind: 'choice'; index: number }
  | { kind: 'correctLetter' };

const IGNORED = new Set([
  '',
  '#',
  'time',
  'answernumbering',
  'correctfeedback',
  'partiallycorrectfeedback',
  'incorrectfeedback',
  'defaultmark',
  'entity',
]);

/**
 * A tags cell: with a semicolon, tags are separated by semicolons (a comma then belongs to a tag,
 * as in "heart failure, left"; our export writes that way); else by commas, as teachers type.
 */
export function splitTags(cell: string): string[] {
  return cell
    .split(cell.includes(';') ? ';' : ',')
    .map((t) => t.trim())
    .filter(Boolean);
}

function roleOf(header: string): Role | undefined {
  const h = header.trim().toLowerCase();
  if (IGNORED.has(h)) return { kind: 'ignore' };
  if (h === 'external_id') return { kind: 'externalId' };
  if (['questionname', 'name', 'id'].includes(h)) return { kind: 'name' };
  if (['questiontext', 'question', 'stem'].includes(h)) return { kind: 'stem' };
  if (['correct', 'correctanswer', 'correct_answer', 'answer'].includes(h))
    return { kind: 'correct' };
  if (['explanation', 'feedback', 'generalfeedback'].includes(h)) return { kind: 'explanation' };
  if (h === 'reference') return { kind: 'reference' };
  if (['category', 'module', 'subject'].includes(h)) return { kind: 'category' };
  if (['course', 'topic'].includes(h)) return { kind: 'course' };
  if (h === 'tags') return { kind: 'tags' };
  if (['source', 'exam', 'session'].includes(h)) return { kind: 'source' };
  if (h === 'year') return { kind: 'year' };
  if (['type', 'qtype', 'questiontype'].includes(h)) return { kind: 'kind' };
  if (/^answer \d$/.test(h)) return { kind: 'correctLetter' };
  if (/^[a-z]$/.test(h)) return { kind: 'choice', index: h.charCodeAt(0) - 97 };
  const numbered = /^(?:answer|choice|option)([1-9]|1\d|2[0-6])$/.exec(h);
  if (numbered) return { kind: 'choice', index: Number(numbered[1]) - 1 };
  return undefined;
}

/** `3`, `1,3`, `C`, `AC`, `A;C` → 0-based indexes; undefined when unreadable. */
function correctIndexes(value: string, letters: boolean): number[] | undefined {
  const v = value.trim();
  if (!letters && /^\d+(\s*[,;\s]\s*\d+)*$/.test(v))
    return v.split(/[,;\s]+/).map((n) => Number(n) - 1);
  if (/^[A-Za-z]([,;\s]*[A-Za-z])*$/.test(v)) {
    return v
      .replace(/[,;\s]/g, '')
      .toUpperCase()
      .split('')
      .map((l) => l.charCodeAt(0) - 65);
  }
  return undefined;
}

/** Kinds a `type` column may name that are choice questions (Moodle's, ours, common words). */
const CHOICE_KINDS = new Set([
  '',
  'qcs',
  'qcm',
  'mcq',
  'multichoice',
  'multiple choice',
  'truefalse',
]);

/**
 * The kind of a row we do not import (issue 39): named by a `type` column (essay, matching…), or a
 * row with neither choices nor a correct answer (an essay written as a spreadsheet row).
 */
function unsupportedKind(kind: string, slots: string[], correct: Set<number>): string | undefined {
  if (!CHOICE_KINDS.has(kind)) return kind;
  if (!slots.some(Boolean) && !correct.size) return 'essay';
  return undefined;
}

/**
 * Spreadsheets with a header line. The header names each column (question/questiontext, A–H or
 * answer1–answer8, correct/correctAnswer or "Answer 1", "Answer 2"…, explanation, category,
 * course, tags, name); a header we do not know refuses the file instead of guessing. "Answer 1",
 * "Answer 2"… are the choices when a `correct` column says which is right (and no other column
 * holds choices), else they name the correct letters.
 */
export function parseCsv(text: string, options: ParseOptions): ParseResult {
  const errors: Problem[] = [];
  const { rows, error } = readCsv(text);
  if (error) errors.push(error);
  const header = rows[0];
  if (!header) {
    errors.push({ line: 1, message: 'The file is empty.' });
    return buildDocument([], options, errors, []);
  }
  const roles = header.cells.map(roleOf);
  // `Question,Answer 1,Answer 2,Answer 3,correct`: with a `correct` column and no other choice
  // columns, the "Answer N" columns are the choices (and `correct` the 1-based right one).
  if (
    roles.some((r) => r?.kind === 'correct') &&
    !roles.some((r) => r?.kind === 'choice') &&
    roles.some((r) => r?.kind === 'correctLetter')
  ) {
    header.cells.forEach((cell, i) => {
      if (roles[i]?.kind !== 'correctLetter') return;
      roles[i] = { kind: 'choice', index: Number(/\d/.exec(cell)![0]) - 1 };
    });
  }
  const unknown = header.cells.filter((_, i) => !roles[i]);
  if (unknown.length) {
    errors.push({
      line: 1,
      message: `Unknown column(s) in the header: ${unknown.map((u) => `"${u}"`).join(', ')}.`,
    });
  }
  if (!roles.some((r) => r?.kind === 'stem') || !roles.some((r) => r?.kind === 'choice')) {
    errors.push({ line: 1, message: 'The header needs a question column and answer columns.' });
  }
  if (!roles.some((r) => r?.kind === 'correct' || r?.kind === 'correctLetter')) {
    errors.push({ line: 1, message: 'The header needs a column saying which answer is correct.' });
  }
  if (errors.length) return buildDocument([], options, errors, []);

  const raws: RawQuestion[] = [];
  const skipped: Problem[] = [];
  for (const row of rows.slice(1)) {
    const lines = linesOf(row.line, row.endLine);
    if (row.cells.length !== header.cells.length) {
      errors.push({
        ...lines,
        message: `${row.cells.length} fields, the header has ${header.cells.length}.`,
      });
      continue;
    }
    const slots: string[] = [];
    const correct = new Set<number>();
    let stem = '';
    let name: string | undefined;
    let externalId: string | undefined;
    let explanation = '';
    let reference = '';
    let category: string[] | undefined;
    let course = '';
    let tags: string[] = [];
    let source = '';
    let year: number | null = null;
    let kind = '';
    let bad: string | undefined;
    row.cells.forEach((raw, i) => {
      const role = roles[i]!;
      const value = raw.trim();
      switch (role.kind) {
        case 'choice':
          slots[role.index] = value;
          break;
        case 'stem':
          stem = value;
          break;
        case 'name':
          name = value || undefined;
          break;
        case 'externalId':
          externalId = value || undefined;
          break;
        case 'explanation':
          explanation = value;
          break;
        case 'reference':
          reference = value;
          break;
        case 'category':
          category = value ? cleanCategory(value) : undefined;
          break;
        case 'course':
          course = value;
          break;
        case 'source':
          source = value;
          break;
        case 'kind':
          kind = value.toLowerCase();
          break;
        case 'year':
          if (!value) break;
          year = /^\d{4}$/.test(value) ? Number(value) : null;
          if (year === null || year < 1900 || year > 2100) bad = `Cannot read the year "${value}".`;
          break;
        case 'tags':
          tags = splitTags(value);
          break;
        case 'correct':
        case 'correctLetter': {
          if (!value) break;
          const indexes = correctIndexes(value, role.kind === 'correctLetter');
          if (!indexes) bad = `Cannot read the correct answer "${value}".`;
          else indexes.forEach((n) => correct.add(n));
          break;
        }
      }
    });
    const unsupported = unsupportedKind(kind, slots, correct);
    if (!bad && unsupported) {
      skipped.push({ ...lines, message: `Skipped: ${unsupported} questions are not supported.` });
      continue;
    }
    if (!bad && !correct.size) bad = 'Empty correct answer.';
    if (!bad && !stem) bad = 'The question has no text.';
    const choices: RawQuestion['choices'] = [];
    if (!bad) {
      for (const index of correct) {
        if (!slots[index]) bad = `The correct answer ${index + 1} is an empty cell.`;
      }
      slots.forEach((text, index) => {
        if (text) choices.push({ text, weight: correct.has(index) ? 1 : 0 });
      });
    }
    if (bad) {
      errors.push({ ...lines, message: bad });
      continue;
    }
    if (course) category = [category?.[0] ?? options.defaultModule ?? 'Imported questions', course];
    if (reference)
      explanation = [explanation, `Reference: ${reference}`].filter(Boolean).join('\n\n');
    // The year of an exam session is often in its name ("Residency exam 2019").
    const namedYear = Number(/\b(19|20)\d\d\b/.exec(source)?.[0]) || null;
    raws.push({
      line: row.line,
      endLine: row.endLine,
      name: name ?? externalId,
      externalId,
      stem,
      explanation,
      category,
      tags,
      choices,
      source: source ? { name: source, year: year ?? namedYear } : undefined,
    });
  }
  return buildDocument(raws, options, errors, skipped);
}
