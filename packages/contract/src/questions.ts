import { z } from 'zod';
import { EXAM_COUNT_DEFAULT, EXAM_COUNT_MAX, QUESTION_KINDS } from './constants';
import { pageQuerySchema } from './common';
import { optionalQuery, queryId, requiredQueryId } from './catalogue';
import { INT_MAX } from './fields';
import { difficultyFilterSchema, queryDifficultyList } from './stats';

export { EXAM_COUNT_DEFAULT, EXAM_COUNT_MAX, QUESTION_KINDS };

export const QUESTION_ORDERINGS = ['order', '-order', 'id', '-id', 'year', '-year'] as const;
export const LOCKED_QUESTION_MESSAGE = 'This question requires an active subscription.';

const timestamp = z.string().describe('ISO 8601 date-time');

/** A boolean query parameter: 'true' or 'false' (also 1/0), like django-filter's. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: "Select a valid choice. Use 'true' or 'false'." })
  .transform((v) => v === 'true' || v === '1');

/** `1,2,3`: a comma-separated list of ids. */
export const queryIdList = z
  .string()
  .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, { error: 'Enter a comma-separated list of ids.' })
  .transform((v) => v.split(',').map((s) => Number(s.trim())))
  .refine((ids) => ids.every((n) => n >= 1 && n <= INT_MAX), {
    error: 'Enter a comma-separated list of ids.',
  })
  .describe('Comma-separated ids, e.g. 1,2,3');

/** `qcs,qcm`: a comma-separated list of question types. */
const queryTypeList = z
  .string()
  .regex(/^\s*(qcs|qcm)(\s*,\s*(qcs|qcm))*\s*$/, {
    error: "Enter a comma-separated list of 'qcs' and 'qcm'.",
  })
  .transform((v) => [...new Set(v.split(',').map((s) => s.trim() as 'qcs' | 'qcm'))])
  .describe('Comma-separated types: qcs, qcm');

export const choiceSchema = z.object({
  id: z.number().int(),
  label: z.string().describe('A, B, C… by order'),
  text: z.string(),
});

export const lastAnswerSchema = z.object({
  choices: z.array(z.number().int()),
  is_correct: z.boolean(),
  score: z.number(),
  answered_at: timestamp,
});
export type LastAnswer = z.infer<typeof lastAnswerSchema>;

export const correctionSchema = z.object({
  correct_choices: z.array(z.number().int()),
  explanation: z.string(),
  choice_explanations: z.record(z.string(), z.string()).describe('choice id → explanation'),
});
export type Correction = z.infer<typeof correctionSchema>;

/** The question payload of every question list (PRODUCT.md §3, §6). */
export const questionSchema = z.object({
  id: z.number().int(),
  type: z.enum(QUESTION_KINDS),
  stem: z.string().describe('Markdown; "" when locked'),
  course: z.number().int(),
  module: z.number().int(),
  source: z
    .object({ id: z.number().int(), name: z.string(), year: z.number().int().nullable() })
    .nullable(),
  year: z.number().int().nullable(),
  tags: z.array(z.string()),
  images: z.array(z.string()).describe('URLs under /media/'),
  clinical_case: z
    .object({ id: z.number().int(), vignette: z.string(), images: z.array(z.string()) })
    .nullable(),
  case_order: z.number().int().nullable().describe('1-based position in its clinical case'),
  choices: z.array(choiceSchema),
  is_favorite: z.boolean(),
  is_hidden: z.boolean(),
  has_note: z.boolean(),
  playlists: z.array(z.number().int()).describe("Ids of the caller's playlists that hold it"),
  last_answer: lastAnswerSchema
    .nullable()
    .describe(
      "From the session given, else the caller's current session of the course, else history",
    ),
  correction: correctionSchema
    .nullable()
    .describe('Present once the caller has answered the question'),
  is_locked: z.boolean().describe('Outside the free preview without a subscription'),
});
export type Question = z.infer<typeof questionSchema>;

/** Filters of the question list, also used by questnstypes. */
export const questionFilterSchema = z.object({
  module: optionalQuery(queryId),
  course: optionalQuery(queryId),
  sources: optionalQuery(queryIdList),
  type: optionalQuery(z.enum(QUESTION_KINDS)),
  search: z
    .string()
    .transform((v) => v.replace(/\0/g, '').trim())
    .pipe(z.string().max(200))
    .optional()
    .describe('Full-text search (web search syntax)'),
  favorite: optionalQuery(queryBoolean),
  hidden: optionalQuery(queryBoolean).describe(
    'Hidden questions are left out; true lists only them',
  ),
  noted: optionalQuery(queryBoolean),
  unanswered: optionalQuery(queryBoolean),
  incorrect: optionalQuery(queryBoolean),
  session: optionalQuery(queryId).describe('Session whose answers give last_answer and unanswered'),
  difficulty: optionalQuery(queryDifficultyList).describe(
    'Only questions whose peer difficulty (1–5, known after 30 answers) is in this list',
  ),
});
export type QuestionFilter = z.infer<typeof questionFilterSchema>;

export const questionListQuerySchema = pageQuerySchema.extend({
  ...questionFilterSchema.shape,
  ordering: z.enum(QUESTION_ORDERINGS).default('order'),
});
export type QuestionListQuery = z.infer<typeof questionListQuerySchema>;

export const questionTypesCountSchema = z.object({
  qcs: z.number().int(),
  qcm: z.number().int(),
  clinical_case: z.number().int().describe('Questions that belong to a clinical case'),
  total: z.number().int(),
});
export type QuestionTypesCount = z.infer<typeof questionTypesCountSchema>;

export const firstUnansweredQuerySchema = z.object({
  course: requiredQueryId,
  session: optionalQuery(queryId),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});
export const firstUnansweredSchema = z.object({
  question_id: z.number().int().nullable(),
  page: z.number().int().nullable(),
  index: z.number().int().nullable().describe('0-based index in the page'),
  position: z.number().int().nullable().describe('1-based position in the course'),
  total: z.number().int(),
});
export type FirstUnanswered = z.infer<typeof firstUnansweredSchema>;

export const examQuerySchema = z.object({
  modules: optionalQuery(queryIdList),
  courses: optionalQuery(queryIdList),
  sources: optionalQuery(queryIdList),
  types: optionalQuery(queryTypeList),
  count: z.coerce.number().int().min(1).max(EXAM_COUNT_MAX).default(EXAM_COUNT_DEFAULT),
  unanswered: optionalQuery(queryBoolean),
  incorrect: optionalQuery(queryBoolean),
  favorite: optionalQuery(queryBoolean),
  flagged: optionalQuery(queryIdList).describe(
    'The questions the learner flagged (flags live in their browser, decision 040): counted, and kept alone with flagged_only',
  ),
  flagged_only: optionalQuery(queryBoolean).describe('Only the `flagged` questions'),
  seed: optionalQuery(z.string().trim().min(1).max(100)).describe('Same seed, same sample'),
  difficulty: optionalQuery(queryDifficultyList).describe(
    'Only questions whose peer difficulty (1–5, known after 30 answers) is in this list',
  ),
});
export type ExamQuery = z.infer<typeof examQuerySchema>;
export const examSchema = z.object({ count: z.number().int(), results: z.array(questionSchema) });
export type Exam = z.infer<typeof examSchema>;

/** GET /api/questions_exam/counts/: the builder's filters, without the draw's count and seed. */
export const blockCountsQuerySchema = examQuerySchema.omit({ count: true, seed: true });
export type BlockCountsQuery = z.infer<typeof blockCountsQuerySchema>;

const facetCount = z.object({ id: z.number().int(), count: z.number().int() });
/**
 * How many questions a block may draw from (`total`), and for each choice of the builder how
 * many it would leave: a facet's counts apply every OTHER filter (ticking one more module adds
 * its count), the "only" counts apply every filter plus that one (decision 050).
 */
export const blockCountsSchema = z.object({
  total: z.number().int(),
  modules: z.array(facetCount),
  courses: z.array(facetCount),
  sources: z.array(facetCount),
  types: z.object({ qcs: z.number().int(), qcm: z.number().int() }),
  difficulty: z.array(
    z.object({ difficulty: z.number().int().min(1).max(5), count: z.number().int() }),
  ),
  only: z.object({
    unanswered: z.number().int(),
    incorrect: z.number().int(),
    favorite: z.number().int(),
    flagged: z.number().int().describe('0 without `flagged` ids'),
  }),
});
export type BlockCounts = z.infer<typeof blockCountsSchema>;

/**
 * favorites_questions_list, hides_questions_list, noted_questions: narrowed to a module or
 * course, and to difficulties.
 */
export const personalQuestionsQuerySchema = pageQuerySchema.extend({
  module: optionalQuery(queryId),
  course: optionalQuery(queryId),
  ...difficultyFilterSchema.shape,
});
export type PersonalQuestionsQuery = z.infer<typeof personalQuestionsQuerySchema>;

export const playlistQuestionsQuerySchema = pageQuerySchema.extend({
  playlist: requiredQueryId,
  ...difficultyFilterSchema.shape,
});
