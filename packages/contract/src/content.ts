import { z } from 'zod';
import {
  CHOICE_LETTERS,
  choiceLetter,
  MAX_CHOICES,
  MIN_CHOICES,
  QUESTION_KINDS,
  QUESTION_STATUSES,
} from './constants';
import { hasVisibleContent } from './visible-text';

export { CHOICE_LETTERS, choiceLetter, MAX_CHOICES, MIN_CHOICES };

/**
 * QBank's own JSON import/export format (docs/import-format.md). One document holds the
 * catalogue it needs (modules with their courses and sources, clinical cases) and a flat list
 * of questions that point at them by external id. Every record carries an `external_id`:
 * importing the same document again updates those records instead of duplicating them.
 */

export const CONTENT_FORMAT = 'qbank';
export const CONTENT_VERSION = 1;

/**
 * The key rules of every question, imported or edited: at least one correct choice, and a qcs
 * has exactly one.
 */
export function checkQuestionKey(
  q: { type: string; choices: { is_correct: boolean }[] },
  ctx: z.RefinementCtx,
): void {
  const correct = q.choices.filter((c) => c.is_correct).length;
  if (correct === 0) {
    ctx.addIssue({ code: 'custom', path: ['choices'], message: 'No choice is marked correct.' });
  } else if (q.type === 'qcs' && correct > 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['type'],
      message: 'A qcs question has exactly one correct choice; use qcm.',
    });
  }
}

/** PostgreSQL text cannot hold NUL characters. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this rule refuses
const text = () => z.string().regex(/^[^\u0000]*$/, 'Text may not contain NUL characters.');
const externalId = text().trim().min(1).max(200);
const name = text().trim().min(1).max(200);
/** Display order (a 32-bit integer in the database). */
const order = z.number().int().min(-2_147_483_648).max(2_147_483_647).default(0);

export const contentCourseSchema = z.object({
  external_id: externalId,
  name,
  description: text().default(''),
  order,
});

export const contentSourceSchema = z.object({
  external_id: externalId,
  name,
  year: z.number().int().min(1900).max(2100).nullable().default(null),
  order,
});

export const contentModuleSchema = z.object({
  external_id: externalId,
  name,
  description: text().default(''),
  order,
  courses: z.array(contentCourseSchema).default([]),
  sources: z.array(contentSourceSchema).default([]),
});

/** An image carried inside the file; texts refer to it as `@@PLUGINFILE@@/<name>`. */
export const contentImageSchema = z.object({
  name: text().trim().min(1).max(200),
  /** Base64 of a JPEG, PNG or WebP file (at most 5 MB once decoded). */
  data: z.base64(),
});

export const contentCaseSchema = z.object({
  external_id: externalId,
  /** External id of the course the case belongs to. */
  course: externalId,
  vignette: text().trim().min(1),
  images: z.array(contentImageSchema).default([]),
});

/** A choice of only empty markup (`<p></p>`) shows learners a blank line (issue 39). */
export const CHOICE_BLANK = 'A choice needs a text or an image.';

export const contentChoiceSchema = z.object({
  text: text().trim().min(1, 'A choice needs a text.').refine(hasVisibleContent, CHOICE_BLANK),
  is_correct: z.boolean(),
  explanation: text().default(''),
});

export const contentQuestionSchema = z
  .object({
    external_id: externalId,
    /** External id of its course (declared under `modules[].courses`). */
    course: externalId,
    /** External id of its exam session (declared under `modules[].sources`), if any. */
    source: externalId.nullable().default(null),
    /** External id of its clinical case, if any. */
    clinical_case: externalId.nullable().default(null),
    type: z.enum(QUESTION_KINDS),
    stem: text().trim().min(1, 'The question has no text.'),
    explanation: text().default(''),
    /** The one thing to remember. Absent: '' for a new question, kept for an existing one. */
    key_point: text().optional(),
    /** Editorial workflow. Absent: live for a new question, kept for an existing one. */
    status: z.enum(QUESTION_STATUSES).optional(),
    year: z.number().int().min(1900).max(2100).nullable().default(null),
    tags: z.array(text().trim().min(1).max(100)).max(50).default([]),
    images: z.array(contentImageSchema).max(20).default([]),
    order,
    choices: z
      .array(contentChoiceSchema)
      .min(MIN_CHOICES, `A question needs ${MIN_CHOICES} to ${MAX_CHOICES} choices.`)
      .max(MAX_CHOICES, `A question needs ${MIN_CHOICES} to ${MAX_CHOICES} choices.`),
  })
  .superRefine(checkQuestionKey);

export const contentDocumentSchema = z.object({
  format: z.literal(CONTENT_FORMAT),
  version: z.literal(CONTENT_VERSION),
  modules: z.array(contentModuleSchema).default([]),
  clinical_cases: z.array(contentCaseSchema).default([]),
  questions: z.array(contentQuestionSchema).default([]),
});

export type ContentImage = z.infer<typeof contentImageSchema>;
export type ContentQuestion = z.infer<typeof contentQuestionSchema>;
export type ContentDocument = z.infer<typeof contentDocumentSchema>;
export type ContentDocumentInput = z.input<typeof contentDocumentSchema>;

/** GET /api/about/: the data sets the demo bank comes from, with their attribution. */
export const datasetCreditSchema = z.object({
  name: z.string(),
  licence: z.string(),
  url: z.string(),
  attribution: z.string(),
});
export const aboutSchema = z.object({ datasets: z.array(datasetCreditSchema) });
export type DatasetCredit = z.infer<typeof datasetCreditSchema>;
export type About = z.infer<typeof aboutSchema>;
