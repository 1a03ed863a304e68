import { contentDocumentSchema, type ContentDocument } from '@qbank/contract';
import { cleanImage } from '../../lib/images';
import type { ParseResult, Problem } from './formats/common';

export interface ValidatedContent {
  document: ContentDocument;
  /** Every bad record of the file; nothing may be imported when there is one. */
  errors: Problem[];
  /** Records of unsupported kinds, skipped. */
  skipped: Problem[];
  /** Kept records with a part dropped (e.g. an SVG image). */
  warnings: Problem[];
}

const EMPTY: ContentDocument = {
  format: 'qbank',
  version: 1,
  modules: [],
  clinical_cases: [],
  questions: [],
};

function where(
  parsed: ParseResult,
  path: PropertyKey[],
): Pick<Problem, 'line' | 'end_line' | 'record'> {
  if (path[0] === 'questions' && typeof path[1] === 'number') {
    const raw = parsed.document.questions?.[path[1]] as { external_id?: unknown } | undefined;
    const id = typeof raw?.external_id === 'string' ? ` "${raw.external_id}"` : '';
    const index = parsed.questionRecords?.[path[1]] ?? path[1];
    return { ...parsed.questionLines[path[1]], record: `questions[${index}]${id}` };
  }
  if (typeof path[1] === 'number') return { record: `${String(path[0])}[${path[1]}]` };
  return {};
}

/**
 * Checks a whole parsed file before anything is written: the schema of every record, the
 * references between records, duplicate ids, and the content of every image.
 */
export async function validateContent(parsed: ParseResult): Promise<ValidatedContent> {
  const errors = [...parsed.errors];
  const warnings: Problem[] = [...parsed.warnings];
  const result = contentDocumentSchema.safeParse(parsed.document);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path.filter((p) => typeof p === 'string').join('.');
      const rest = issue.path.slice(2).map(String).join('.');
      errors.push({
        ...where(parsed, issue.path),
        message: `${rest || field || 'document'}: ${issue.message}`,
      });
    }
    return { document: EMPTY, errors, skipped: parsed.skipped, warnings };
  }
  const document = result.data;

  const courses = new Set<string>();
  const sources = new Set<string>();
  const seen = (set: Set<string>, id: string, record: string) => {
    if (set.has(id)) errors.push({ record, message: `external_id "${id}" is used twice.` });
    set.add(id);
  };
  const moduleIds = new Set<string>();
  document.modules.forEach((m, i) => {
    seen(moduleIds, m.external_id, `modules[${i}]`);
    m.courses.forEach((c, j) => seen(courses, c.external_id, `modules[${i}].courses[${j}]`));
    m.sources.forEach((s, j) => seen(sources, s.external_id, `modules[${i}].sources[${j}]`));
  });
  const cases = new Set<string>();
  document.clinical_cases.forEach((c, i) => {
    seen(cases, c.external_id, `clinical_cases[${i}]`);
    if (!courses.has(c.course)) {
      errors.push({
        record: `clinical_cases[${i}]`,
        message: `course: unknown course "${c.course}".`,
      });
    }
  });
  const questionIds = new Set<string>();
  document.questions.forEach((q, i) => {
    const at = where(parsed, ['questions', i]);
    if (questionIds.has(q.external_id))
      errors.push({ ...at, message: `external_id "${q.external_id}" is used twice.` });
    questionIds.add(q.external_id);
    if (!courses.has(q.course))
      errors.push({ ...at, message: `course: unknown course "${q.course}".` });
    if (q.source !== null && !sources.has(q.source)) {
      errors.push({ ...at, message: `source: unknown source "${q.source}".` });
    }
    if (q.clinical_case !== null && !cases.has(q.clinical_case)) {
      errors.push({ ...at, message: `clinical_case: unknown clinical case "${q.clinical_case}".` });
    }
  });

  // Images: only JPEG, PNG and WebP are kept (an SVG can carry scripts); the record stays.
  const owners = [
    ...document.questions.map((q, i) => ({ owner: q, at: where(parsed, ['questions', i]) })),
    ...document.clinical_cases.map((c, i) => ({
      owner: c,
      at: { record: `clinical_cases[${i}]` },
    })),
  ];
  for (const { owner, at } of owners) {
    if (!owner.images.length) continue;
    const kept = [];
    for (const image of owner.images) {
      try {
        await cleanImage('images', Buffer.from(image.data, 'base64'));
        kept.push(image);
      } catch {
        warnings.push({
          ...at,
          message: `Image "${image.name}" dropped: only JPEG, PNG and WebP images up to 5 MB are accepted.`,
        });
      }
    }
    owner.images = kept;
  }
  return { document, errors, skipped: parsed.skipped, warnings };
}

export function formatProblem(file: string, p: Problem): string {
  const lines = p.end_line !== undefined ? `${p.line}-${p.end_line}` : p.line;
  const place = lines !== undefined ? `${file}:${lines}` : file;
  return `${place}: ${p.record ? `${p.record}: ` : ''}${p.message}`;
}
