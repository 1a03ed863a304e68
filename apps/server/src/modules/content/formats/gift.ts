import {
  buildDocument,
  cleanCategory,
  linesOf,
  splitLines,
  type ParseOptions,
  type ParseResult,
  type Problem,
  type RawQuestion,
} from './common';

const ESCAPABLE = new Set(['~', '=', '#', '{', '}', ':']);
const FORMAT_MARKER = /^\s*\[(html|moodle|markdown|plain)\]/i;

/** Index of `token` in `text` from `from`, skipping backslash escapes; -1 if absent. */
function findUnescaped(text: string, token: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text.startsWith(token, i)) return i;
  }
  return -1;
}

/** Resolves GIFT escapes (`\~ \= \# \{ \} \:` and `\n`); any other backslash is kept. */
function unescape(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '\\' && next !== undefined && ESCAPABLE.has(next)) {
      out += next;
      i++;
    } else if (c === '\\' && next === 'n') {
      out += '\n';
      i++;
    } else out += c;
  }
  return out;
}

const clean = (text: string) => unescape(text.replace(FORMAT_MARKER, '')).trim();

interface Answer {
  mark: '=' | '~';
  text: string;
  feedback: string;
}

/** Splits an answer block into answers, per-answer feedback and the general feedback. */
function splitAnswers(inner: string): { answers: Answer[]; general: string } {
  const answers: Answer[] = [];
  let general = '';
  let current: Answer | undefined;
  let target: 'text' | 'feedback' | 'general' = 'text';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === '\\' && i + 1 < inner.length) {
      const piece = inner.slice(i, i + 2);
      if (target === 'general') general += piece;
      else if (current) current[target] += piece;
      i++;
      continue;
    }
    if ((c === '=' || c === '~') && target !== 'general') {
      current = { mark: c, text: '', feedback: '' };
      answers.push(current);
      target = 'text';
      continue;
    }
    if (c === '#' && inner.startsWith('####', i)) {
      target = 'general';
      i += 3;
      continue;
    }
    if (c === '#' && target === 'text' && current) {
      target = 'feedback';
      continue;
    }
    if (target === 'general') general += c;
    else if (current) current[target] += c;
  }
  return { answers, general };
}

type Outcome =
  | { question: Omit<RawQuestion, 'line' | 'endLine' | 'category'> }
  | { unsupported: string }
  | { error: string };

function parseQuestion(text: string): Outcome {
  let rest = text;
  let name: string | undefined;
  if (rest.startsWith('::')) {
    const end = findUnescaped(rest, '::', 2);
    if (end < 0) return { error: 'The title (::title::) is never closed.' };
    name = unescape(rest.slice(2, end)).trim() || undefined;
    rest = rest.slice(end + 2);
  }
  const open = findUnescaped(rest, '{');
  if (open < 0) return { unsupported: 'description' };
  const close = findUnescaped(rest, '}', open + 1);
  if (close < 0) return { error: "'{' is never closed." };
  const before = clean(rest.slice(0, open));
  const after = clean(rest.slice(close + 1));
  const stem = after ? `${before} _____ ${after}` : before;
  const inner = rest.slice(open + 1, close).trim();

  if (!inner) return { unsupported: 'essay' };
  if (inner.startsWith('#') && !inner.startsWith('####')) return { unsupported: 'numerical' };
  const tf = /^(TRUE|FALSE|T|F)(?=\s|#|$)/i.exec(inner);
  if (tf) {
    const value = tf[1]!.toUpperCase().startsWith('T');
    const { general } = splitAnswers(`~${inner.slice(tf[0].length)}`);
    return {
      question: {
        name,
        stem,
        explanation: clean(general),
        choices: [
          { text: 'True', weight: value ? 1 : 0 },
          { text: 'False', weight: value ? 0 : 1 },
        ],
      },
    };
  }
  const { answers, general } = splitAnswers(inner);
  // `{####feedback}`: an essay with general feedback, not a broken record (issue 39).
  if (!answers.length) return { unsupported: 'essay' };
  if (answers.some((a) => a.mark === '=' && findUnescaped(a.text, '->') >= 0)) {
    return { unsupported: 'matching' };
  }
  if (answers.every((a) => a.mark === '=')) return { unsupported: 'shortanswer' };
  let multiple = false;
  const choices = answers.map((a) => {
    const weighted = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(a.text);
    let weight = a.mark === '=' ? 100 : 0;
    if (weighted) {
      weight = Number(weighted[1]);
      if (a.mark === '~') multiple = true;
    }
    return {
      text: clean(weighted ? a.text.slice(weighted[0].length) : a.text),
      weight,
      feedback: clean(a.feedback),
    };
  });
  return { question: { name, stem, explanation: clean(general), choices, multiple } };
}

/**
 * Moodle's GIFT format: records separated by blank lines, `//` comment lines (a Moodle export's
 * `// [id:…]` gives the question id), `$CATEGORY:` lines. Multiple choice and true/false are
 * imported; every other kind is skipped with a message.
 */
export function parseGift(text: string, options: ParseOptions): ParseResult {
  const lines = splitLines(text);
  const errors: Problem[] = [];
  const skipped: Problem[] = [];
  const raws: RawQuestion[] = [];
  let category: string[] | undefined;
  let record: string[] = [];
  let start = 0;
  let end = 0;
  let id: string | undefined;

  const flush = () => {
    if (!record.length) return;
    const body = record.join('\n').trim();
    record = [];
    const recordId = id;
    id = undefined;
    if (!body) return;
    const outcome = parseQuestion(body);
    // The title names the record in the report, beside its lines.
    const title = /^::([\s\S]*?)::/.exec(body)?.[1]?.trim();
    const lines = { ...linesOf(start, end), ...(title ? { record: title } : {}) };
    if ('error' in outcome) errors.push({ ...lines, message: outcome.error });
    else if ('unsupported' in outcome) {
      skipped.push({
        ...lines,
        message: `Skipped: ${outcome.unsupported} questions are not supported.`,
      });
    } else raws.push({ ...outcome.question, line: start, endLine: end, id: recordId, category });
  };

  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (!trimmed) return flush();
    if (trimmed.startsWith('//')) {
      const match = /^\/\/\s*\[id:([^\]]+)\]/.exec(trimmed);
      if (match) id = match[1]!.trim();
      return;
    }
    if (trimmed.startsWith('$CATEGORY:')) {
      flush();
      category = cleanCategory(trimmed.slice('$CATEGORY:'.length));
      return;
    }
    if (!record.length) start = i + 1;
    end = i + 1;
    record.push(line);
  });
  flush();
  return buildDocument(raws, options, errors, skipped);
}
