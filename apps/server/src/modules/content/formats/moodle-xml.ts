import { SaxesParser } from 'saxes';
import { hasVisibleContent, type ContentImage } from '@qbank/contract';
import {
  buildDocument,
  cleanCategory,
  linesOf,
  type ParseOptions,
  type ParseResult,
  type Problem,
  type RawQuestion,
} from './common';

interface Node {
  name: string;
  attributes: Record<string, string>;
  children: Node[];
  text: string;
  line: number;
  endLine: number;
}

/** A small element tree; saxes refuses any XML that is not well-formed, naming line and column. */
function readXml(text: string): { root?: Node; error?: Problem } {
  const parser = new SaxesParser({ position: true });
  const root: Node = {
    name: '#root',
    attributes: {},
    children: [],
    text: '',
    line: 1,
    endLine: 1,
  };
  const stack: Node[] = [root];
  let error: Problem | undefined;
  parser.on('error', (e) => {
    error ??= { line: parser.line, message: `Malformed XML: ${e.message}` };
  });
  parser.on('opentag', (tag) => {
    const node: Node = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
      line: parser.line,
      endLine: parser.line,
    };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => void (stack.pop()!.endLine = parser.line));
  parser.on('text', (t) => void (stack.at(-1)!.text += t));
  parser.on('cdata', (t) => void (stack.at(-1)!.text += t));
  try {
    parser.write(text.replace(/^\uFEFF/, '')).close();
  } catch (e) {
    error ??= { line: parser.line, message: `Malformed XML: ${(e as Error).message}` };
  }
  return error ? { error } : { root };
}

const child = (node: Node | undefined, name: string) => node?.children.find((c) => c.name === name);
const children = (node: Node | undefined, name: string) =>
  node?.children.filter((c) => c.name === name) ?? [];
/** `<x><text>…</text></x>` → its text. */
const textOf = (node: Node | undefined) => (child(node, 'text')?.text ?? '').trim();

/** Every `<file encoding="base64">` below a node (question text, feedback, answers). */
function filesOf(node: Node, into: ContentImage[]): ContentImage[] {
  for (const c of node.children) {
    if (
      c.name === 'file' &&
      c.attributes.name &&
      (c.attributes.encoding ?? 'base64') === 'base64'
    ) {
      into.push({ name: c.attributes.name, data: c.text.replace(/\s+/g, '') });
    } else filesOf(c, into);
  }
  return into;
}

function choiceQuestion(
  q: Node,
  type: string,
): { raw?: Omit<RawQuestion, 'category'>; error?: string } {
  const name = textOf(child(q, 'name')) || undefined;
  const label = `${type} '${name ?? '(no name)'}'`;
  let stem = textOf(child(q, 'questiontext'));
  const images = filesOf(q, []);
  // Moodle 1.x exports carry one image beside the text.
  const oldImage = child(q, 'image')?.text.trim();
  const oldData = child(q, 'image_base64')?.text.replace(/\s+/g, '');
  if (oldImage && oldData) {
    const file = oldImage.split('/').pop()!;
    images.push({ name: file, data: oldData });
    stem += `\n\n<img src="@@PLUGINFILE@@/${file}">`;
  }
  const answers = children(q, 'answer');
  const problems = [
    !hasVisibleContent(stem) && 'empty question text',
    !answers.length && 'no <answer>',
  ].filter(Boolean);
  if (problems.length) return { error: `${label}: ${problems.join(', ')}.` };
  let choices = answers.map((a) => ({
    text: textOf(a) || (a.text ?? '').trim(),
    weight: Number(a.attributes.fraction ?? 0),
    feedback: textOf(child(a, 'feedback')),
  }));
  if (type === 'truefalse') {
    const value = (t: string) => t.toLowerCase();
    const truth = choices.find((c) => value(c.text) === 'true');
    const falsity = choices.find((c) => value(c.text) === 'false');
    if (!truth || !falsity) return { error: `${label}: the answers are not "true" and "false".` };
    choices = [
      { ...truth, text: 'True' },
      { ...falsity, text: 'False' },
    ];
  }
  const single = child(q, 'single')?.text.trim().toLowerCase();
  const tags = children(child(q, 'tags'), 'tag').map(textOf).filter(Boolean);
  return {
    raw: {
      line: q.line,
      endLine: q.endLine,
      name,
      id: child(q, 'idnumber')?.text.trim() || undefined,
      stem,
      explanation: textOf(child(q, 'generalfeedback')),
      choices,
      multiple: single === 'false' || single === '0',
      tags,
      images,
    },
  };
}

/**
 * Moodle XML (`<quiz><question type="…">`): multichoice and truefalse are imported (base64
 * `<file>` images included); categories give module and course; any other type is skipped.
 */
export function parseMoodleXml(text: string, options: ParseOptions): ParseResult {
  const errors: Problem[] = [];
  const skipped: Problem[] = [];
  const raws: RawQuestion[] = [];
  const { root, error } = readXml(text);
  if (error) return buildDocument([], options, [error], []);
  const quiz = child(root, 'quiz');
  if (!quiz)
    return buildDocument(
      [],
      options,
      [{ line: 1, message: 'Not a Moodle XML file: no <quiz> element.' }],
      [],
    );
  let category: string[] | undefined;
  for (const q of children(quiz, 'question')) {
    const type = q.attributes.type ?? '';
    if (type === 'category') {
      category = cleanCategory(textOf(child(q, 'category')));
      continue;
    }
    if (type !== 'multichoice' && type !== 'truefalse') {
      const name = textOf(child(q, 'name'));
      skipped.push({
        ...linesOf(q.line, q.endLine),
        ...(name ? { record: name } : {}),
        message: `Skipped: ${type || 'untyped'} questions are not supported.`,
      });
      continue;
    }
    const { raw, error: problem } = choiceQuestion(q, type);
    if (problem) errors.push({ ...linesOf(q.line, q.endLine), message: problem });
    else raws.push({ ...raw!, category: category?.length ? category : undefined });
  }
  return buildDocument(raws, options, errors, skipped);
}
