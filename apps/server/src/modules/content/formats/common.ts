import { createHash } from 'node:crypto';
import path from 'node:path';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import {
  choiceLetter,
  CONTENT_FORMAT,
  CONTENT_VERSION,
  hasVisibleContent,
  type ContentDocumentInput,
  type ContentImage,
} from '@qbank/contract';

/**
 * A problem found in a file: the lines of its record (`line` to `end_line`, 1-based) or
 * `record` say where.
 */
export interface Problem {
  line?: number;
  /** Last line of the record, when it spans more than one. */
  end_line?: number;
  record?: string;
  message: string;
}

/** Where a record lies in its file. */
export type Lines = Pick<Problem, 'line' | 'end_line'>;

/** The lines `first` to `last` of a record (a one-line record has no `end_line`). */
export function linesOf(first: number, last: number): Lines {
  return last > first ? { line: first, end_line: last } : { line: first };
}

/** What every parser returns: the document in our JSON format, plus what it could not use. */
export interface ParseResult {
  document: ContentDocumentInput;
  /** Lines of each question of `document.questions` (same index), when the format has lines. */
  questionLines: Lines[];
  /** The file's own index of each question, when records were left out before (JSON). */
  questionRecords?: number[];
  /** Bad records: the whole file is refused when there is one. */
  errors: Problem[];
  /** Records of kinds we do not support (essay, matching…): skipped, each with a message. */
  skipped: Problem[];
  /** Records kept with a remark (e.g. an identical copy of an earlier record, imported once). */
  warnings: Problem[];
}

export interface ParseOptions {
  /** File name: the base of derived external ids and the default course name. */
  fileName: string;
  /** Module of questions without a category. */
  defaultModule?: string;
  /** Course of questions without a sub-category. */
  defaultCourse?: string;
}

/** One question as a text format describes it, before it is placed in the catalogue. */
export interface RawQuestion {
  /** First and last line of the record. */
  line: number;
  endLine: number;
  /** Title (GIFT ::title::, XML <name>, CSV name column): identifies it within the file. */
  name?: string;
  /** An id the file gives explicitly (Moodle idnumber, GIFT `// [id:…]`). */
  id?: string;
  /**
   * The record's external id exactly, not prefixed with the file name: a CSV `external_id`
   * column, which our own export writes, so export → import updates the same questions.
   */
  externalId?: string;
  /** Category path (GIFT $CATEGORY, XML category): first part module, the rest course. */
  category?: string[];
  stem: string;
  explanation?: string;
  /** A positive weight marks a correct choice. */
  choices: { text: string; weight: number; feedback?: string }[];
  /** The file says several answers may be right (GIFT weights, XML single=false). */
  multiple?: boolean;
  tags?: string[];
  /** Exam session (CSV `source` column), with the year read from `year` or from its name. */
  source?: { name: string; year: number | null };
  images?: ContentImage[];
}

const MAX_ID = 200;

export function hashOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 16);
}

export function slug(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return s.slice(0, 60) || hashOf(text);
}

function boundedId(id: string): string {
  return id.length <= MAX_ID ? id : `${id.slice(0, MAX_ID - 17)}~${hashOf(id)}`;
}

/** Drops Moodle's context tokens and the `top` level from a category path. */
export function cleanCategory(raw: string): string[] {
  return raw
    .split('/')
    .map((p) => p.trim())
    .filter((p) => p && !/^\$[a-z0-9]+\$$/i.test(p) && p.toLowerCase() !== 'top');
}

/**
 * Places raw questions in the catalogue (module ← category, course ← sub-category) and gives
 * each a stable external id: the file's id if any, else file name + title, else file name +
 * content hash. Identical untitled records collapse into one (a re-import must not duplicate).
 */
export function buildDocument(
  raws: RawQuestion[],
  options: ParseOptions,
  errors: Problem[],
  skipped: Problem[],
): ParseResult {
  const base = path.basename(options.fileName).replace(/\.[^.]+$/, '') || 'import';
  const defaultModule = options.defaultModule ?? 'Imported questions';
  const defaultCourse = options.defaultCourse ?? base;
  const modules = new Map<
    string,
    {
      external_id: string;
      name: string;
      courses: Map<string, { external_id: string; name: string }>;
      sources: Map<string, { external_id: string; name: string; year: number | null }>;
    }
  >();
  const document: ContentDocumentInput = {
    format: CONTENT_FORMAT,
    version: CONTENT_VERSION,
    modules: [],
    questions: [],
  };
  const questionLines: Lines[] = [];
  const seen = new Map<string, { content: string; line: number }>();
  const warnings: Problem[] = [];

  for (const raw of raws) {
    const lines = { ...linesOf(raw.line, raw.endLine), ...(raw.name ? { record: raw.name } : {}) };
    const problem = recordProblem(raw);
    if (problem) {
      errors.push({ ...lines, message: problem });
      continue;
    }
    const moduleName = (raw.category?.[0] ?? defaultModule).slice(0, 200);
    const courseName = (raw.category?.slice(1).join(' / ') || defaultCourse).slice(0, 200);
    let mod = modules.get(moduleName);
    if (!mod) {
      mod = {
        external_id: boundedId(`module:${slug(moduleName)}`),
        name: moduleName,
        courses: new Map(),
        sources: new Map(),
      };
      modules.set(moduleName, mod);
    }
    let course = mod.courses.get(courseName);
    if (!course) {
      course = {
        external_id: boundedId(`${mod.external_id}/${slug(courseName)}`),
        name: courseName,
      };
      mod.courses.set(courseName, course);
    }

    const content = hashOf(
      raw.stem,
      ...raw.choices.map((c) => `${c.weight > 0 ? '+' : '-'}${c.text}`),
    );
    let id = raw.externalId
      ? raw.externalId
      : raw.id
        ? `${base}:id:${raw.id}`
        : raw.name
          ? `${base}:${raw.name}`
          : `${base}:#${content}`;
    id = boundedId(id);
    const previous = seen.get(id);
    if (previous !== undefined) {
      if (previous.content === content) {
        warnings.push({
          ...lines,
          message: `Same question as line ${previous.line}: imported once.`,
        });
        continue;
      }
      // Same title, different question: keep both, told apart by their content.
      id = boundedId(`${id}#${content}`);
    }
    seen.set(id, { content, line: raw.line });

    let sourceId: string | null = null;
    if (raw.source) {
      const name = raw.source.name.slice(0, 200);
      let source = mod.sources.get(name);
      if (!source) {
        source = {
          external_id: boundedId(`${mod.external_id}/source:${slug(name)}`),
          name,
          year: raw.source.year,
        };
        mod.sources.set(name, source);
      }
      sourceId = source.external_id;
    }

    const correct = raw.choices.filter((c) => c.weight > 0).length;
    document.questions!.push({
      external_id: id,
      course: course.external_id,
      source: sourceId,
      year: raw.source?.year ?? null,
      type: correct > 1 || raw.multiple ? 'qcm' : 'qcs',
      stem: raw.stem,
      explanation: raw.explanation ?? '',
      tags: raw.tags ?? [],
      images: raw.images ?? [],
      choices: raw.choices.map((c) => ({
        text: c.text,
        is_correct: c.weight > 0,
        explanation: c.feedback ?? '',
      })),
    });
    questionLines.push(lines);
  }
  document.modules = [...modules.values()].map((m) => ({
    external_id: m.external_id,
    name: m.name,
    courses: [...m.courses.values()],
    sources: [...m.sources.values()],
  }));
  return { document, questionLines, errors, skipped, warnings };
}

/**
 * What makes a record unusable in every format: a stem or a choice that shows nothing (issue 39:
 * a failed export leaves `<p></p>` answers). A choice whose only content is an image is valid.
 */
function recordProblem(raw: RawQuestion): string | undefined {
  if (!hasVisibleContent(raw.stem)) return 'The question has no text.';
  const blank = raw.choices.flatMap((c, i) => (hasVisibleContent(c.text) ? [] : [choiceLetter(i)]));
  if (blank.length === 1) return `Choice ${blank[0]} has no text and no image.`;
  if (blank.length) return `Choices ${blank.join(', ')} have no text and no image.`;
  return undefined;
}

/** Splits a file into lines without a BOM, whatever its line endings. */
export function splitLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}

/** `encoding: 'auto'`: UTF-8 when the file is UTF-8, else the encoding chardet reads in it. */
export const AUTO_ENCODING = 'auto';

/**
 * The text of an imported file (issue 17, decision 031). With `encoding` (`--encoding`, or the
 * web import's choice), decoded with iconv-lite (windows-1252, gb18030, iso-8859-15, shift_jis…:
 * the real characters, e.g. 0x92 → ’). With `auto` (issue 38: the web's default), a file that is
 * not UTF-8 is decoded in the encoding chardet detects, said in a warning. Without it: UTF-8 (a
 * BOM is dropped; a UTF-16 BOM is honoured); a file that is not UTF-8 is refused at its first bad
 * line, never imported as mojibake.
 */
export function decodeFile(
  data: Buffer,
  encoding?: string,
): { text: string; warning?: Problem } | { error: Problem } {
  if (encoding !== undefined && encoding !== AUTO_ENCODING) {
    if (!iconv.encodingExists(encoding)) {
      return {
        error: { message: `Unknown encoding "${encoding}" (e.g. utf-8, windows-1252, gb18030).` },
      };
    }
    return { text: iconv.decode(data, encoding) };
  }
  if (data[0] === 0xff && data[1] === 0xfe) return { text: iconv.decode(data, 'utf-16le') };
  if (data[0] === 0xfe && data[1] === 0xff) return { text: iconv.decode(data, 'utf-16be') };
  const strict = new TextDecoder('utf-8', { fatal: true });
  try {
    return { text: strict.decode(data) };
  } catch {
    const detected = encoding === AUTO_ENCODING ? detectEncoding(data) : undefined;
    if (detected) {
      return {
        text: iconv.decode(data, detected),
        warning: { message: `The file is not UTF-8: read as ${detected} (detected).` },
      };
    }
    return { error: { line: firstBadLine(data), message: NOT_UTF8 } };
  }
}

const NOT_UTF8 =
  "This line is not UTF-8 text: give the file's encoding with --encoding " +
  '(e.g. windows-1252, gb18030) or save the file as UTF-8.';

/**
 * The encoding chardet finds, if iconv-lite can read it. ISO-8859-1 is read as its superset
 * Windows-1252, which Excel writes on Windows (’ “ ” € œ live in 0x80–0x9F).
 */
function detectEncoding(data: Buffer): string | undefined {
  const found = chardet.detect(data)?.toLowerCase();
  if (!found || !iconv.encodingExists(found)) return undefined;
  return found === 'iso-8859-1' ? 'windows-1252' : found;
}

function firstBadLine(data: Buffer): number {
  const strict = new TextDecoder('utf-8', { fatal: true });
  let start = 0;
  let line = 1;
  for (let i = 0; i <= data.length; i++) {
    if (i < data.length && data[i] !== 0x0a) continue;
    try {
      strict.decode(data.subarray(start, i));
    } catch {
      break;
    }
    start = i + 1;
    line++;
  }
  return line;
}

/**
 * Decodes a file as UTF-8; a line that is not valid UTF-8 (stray Latin-1 bytes) is decoded as
 * Latin-1 instead of turning into replacement characters.
 */
export function decodeText(data: Buffer): string {
  const strict = new TextDecoder('utf-8', { fatal: true });
  try {
    return strict.decode(data);
  } catch {
    const latin1 = new TextDecoder('latin1');
    const out: string[] = [];
    let start = 0;
    for (let i = 0; i <= data.length; i++) {
      if (i === data.length || data[i] === 0x0a) {
        const line = data.subarray(start, i);
        try {
          out.push(strict.decode(line));
        } catch {
          out.push(latin1.decode(line));
        }
        start = i + 1;
      }
    }
    return out.join('\n');
  }
}
