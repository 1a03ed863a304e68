import { QUESTION_KINDS, type ContentDocumentInput } from '@qbank/contract';
import type { ParseResult, Problem } from './common';

const KINDS = new Set<unknown>(QUESTION_KINDS);

/**
 * Questions of kinds we do not import (another tool's `essay`, `matching`…) are skipped and
 * named, as in every other format (issue 39); `questionRecords` keeps the file's own index of
 * the questions kept.
 */
function skipUnsupported(document: ContentDocumentInput): {
  skipped: Problem[];
  questionRecords: number[];
} {
  const skipped: Problem[] = [];
  const questionRecords: number[] = [];
  if (!Array.isArray(document.questions)) return { skipped, questionRecords };
  const kept: typeof document.questions = [];
  document.questions.forEach((q, i) => {
    const type = (q as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || KINDS.has(type)) {
      kept.push(q);
      questionRecords.push(i);
      return;
    }
    const id = typeof q.external_id === 'string' ? ` "${q.external_id}"` : '';
    skipped.push({
      record: `questions[${i}]${id}`,
      message: `Skipped: ${type.slice(0, 40)} questions are not supported.`,
    });
  });
  document.questions = kept;
  return { skipped, questionRecords };
}

/** Our own JSON format: parsed as is; the schema check comes with every other format's. */
export function parseJson(text: string): ParseResult {
  const clean = text.replace(/^\uFEFF/, '');
  try {
    const document = JSON.parse(clean) as ContentDocumentInput;
    const { skipped, questionRecords } =
      document && typeof document === 'object'
        ? skipUnsupported(document)
        : { skipped: [], questionRecords: [] };
    return { document, questionLines: [], questionRecords, errors: [], skipped, warnings: [] };
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? clean.slice(0, Number(position[1])).split('\n').length : undefined;
    return {
      document: { format: 'qbank', version: 1 },
      questionLines: [],
      errors: [{ line, message: `Invalid JSON: ${message}` }],
      skipped: [],
      warnings: [],
    };
  }
}
