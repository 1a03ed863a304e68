import { z } from 'zod';
import { optionalQuery, queryId } from './catalogue';
import {
  BANK_ORDERINGS,
  EXPORT_FORMATS,
  IMPORT_FORMATS,
  QUESTION_KINDS,
  QUESTION_STATUSES,
  SCORING_RULES,
  STATUS_TRANSITIONS,
  type QuestionStatus,
} from './constants';
import { idSchema, INT_MAX } from './fields';
import { paperScoringSchema, timeLimitMinutesSchema } from './papers';

export { BANK_ORDERINGS, EXPORT_FORMATS, IMPORT_FORMATS, QUESTION_STATUSES, STATUS_TRANSITIONS };
export type { QuestionStatus };
import { CHOICE_BLANK, checkQuestionKey, MAX_CHOICES, MIN_CHOICES } from './content';
import { hasVisibleContent } from './visible-text';

/**
 * The staff back office, content part (issue 12, decision 037): catalogue editing, the question
 * editor and its workflow, versions, the bank table and item analysis. Every route is staff only.
 */

const name = z.string().trim().min(1, 'This field may not be blank.').max(200);
const year = z.number().int().min(1900).max(2100).nullable();
const id = z.number().int().min(1).max(INT_MAX);

// ---- Catalogue ------------------------------------------------------------------------------

export const staffCourseSchema = z.object({
  id: z.number().int(),
  module: z.number().int(),
  name: z.string(),
  description: z.string(),
  order: z.number().int(),
  is_archived: z.boolean(),
  questions_count: z.number().int(),
  /** Live questions: what learners stop seeing when this is archived. */
  live_questions_count: z.number().int(),
});
export type StaffCourse = z.infer<typeof staffCourseSchema>;

export const staffSourceSchema = z.object({
  id: z.number().int(),
  module: z.number().int(),
  name: z.string(),
  year: z.number().int().nullable(),
  order: z.number().int(),
  is_archived: z.boolean(),
  questions_count: z.number().int(),
  /** Live questions: what learners stop seeing when this is archived. */
  live_questions_count: z.number().int(),
  /** Set: the source is a past paper learners can sit in this time (issue 35). */
  time_limit_minutes: z.number().int().nullable(),
  scoring: z.enum(SCORING_RULES),
});
export type StaffSource = z.infer<typeof staffSourceSchema>;

export const staffModuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  order: z.number().int(),
  is_archived: z.boolean(),
  questions_count: z.number().int(),
  /** Live questions: what learners stop seeing when this is archived. */
  live_questions_count: z.number().int(),
  courses: z.array(staffCourseSchema),
  sources: z.array(staffSourceSchema),
});
export type StaffModule = z.infer<typeof staffModuleSchema>;

export const staffModuleInputSchema = z.object({
  name,
  description: z.string().max(5000).default(''),
});
export const staffModulePatchSchema = z
  .object({ name, description: z.string().max(5000), is_archived: z.boolean() })
  .partial();
export const staffCourseInputSchema = z.object({
  module: id,
  name,
  description: z.string().max(5000).default(''),
});
export const staffCoursePatchSchema = z
  .object({ name, description: z.string().max(5000), is_archived: z.boolean() })
  .partial();
export const staffSourceInputSchema = z.object({ module: id, name, year: year.default(null) });
export const staffSourcePatchSchema = z
  .object({
    name,
    year,
    is_archived: z.boolean(),
    time_limit_minutes: timeLimitMinutesSchema,
    scoring: paperScoringSchema,
  })
  .partial();
/** The new order: every id of the list (the modules, or one module's courses or sources). */
export const reorderSchema = z.object({
  ids: z.array(id).min(1, 'This list may not be empty.').max(10_000),
});
export type StaffModuleInput = z.input<typeof staffModuleInputSchema>;
export type StaffModulePatch = z.infer<typeof staffModulePatchSchema>;
export type StaffCourseInput = z.input<typeof staffCourseInputSchema>;
export type StaffCoursePatch = z.infer<typeof staffCoursePatchSchema>;
export type StaffSourceInput = z.input<typeof staffSourceInputSchema>;
export type StaffSourcePatch = z.infer<typeof staffSourcePatchSchema>;
export type Reorder = z.infer<typeof reorderSchema>;

// ---- Questions ------------------------------------------------------------------------------

export const staffChoiceInputSchema = z.object({
  /** An existing choice keeps its id (past answers point at it); absent for a new choice. */
  id: id.optional(),
  text: z
    .string()
    .trim()
    .min(1, 'A choice needs a text.')
    .max(20_000)
    .refine(hasVisibleContent, CHOICE_BLANK),
  is_correct: z.boolean(),
  explanation: z.string().max(20_000).default(''),
});

export const staffQuestionInputSchema = z
  .object({
    course: id,
    source: id.nullable().default(null),
    clinical_case: id.nullable().default(null),
    year: year.default(null),
    type: z.enum(QUESTION_KINDS),
    stem: z.string().trim().min(1, 'The question has no text.').max(50_000),
    explanation: z.string().max(50_000).default(''),
    key_point: z.string().max(500).default(''),
    tags: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
    choices: z
      .array(staffChoiceInputSchema)
      .min(MIN_CHOICES, `A question needs ${MIN_CHOICES} to ${MAX_CHOICES} choices.`)
      .max(MAX_CHOICES, `A question needs ${MIN_CHOICES} to ${MAX_CHOICES} choices.`),
  })
  .superRefine(checkQuestionKey);
export type StaffQuestionInput = z.input<typeof staffQuestionInputSchema>;
export type StaffQuestionData = z.output<typeof staffQuestionInputSchema>;

export const staffChoiceSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  is_correct: z.boolean(),
  explanation: z.string(),
});

export const staffQuestionSchema = z.object({
  id: z.number().int(),
  module: z.number().int(),
  course: z.number().int(),
  source: z.number().int().nullable(),
  clinical_case: z.number().int().nullable(),
  year: z.number().int().nullable(),
  type: z.enum(QUESTION_KINDS),
  stem: z.string(),
  explanation: z.string(),
  key_point: z.string(),
  tags: z.array(z.string()),
  status: z.enum(QUESTION_STATUSES),
  version: z.number().int().describe('Number of the latest version (0: never live)'),
  choices: z.array(staffChoiceSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffQuestion = z.infer<typeof staffQuestionSchema>;

/** The answer to a save: the question, and what a key change did. */
export const staffQuestionSavedSchema = staffQuestionSchema.extend({
  rescored: z.number().int().describe('Past answers re-scored because the key changed'),
  notified: z.array(z.number().int()).describe('Learners told about the corrected key'),
});
export type StaffQuestionSaved = z.infer<typeof staffQuestionSavedSchema>;

export const statusChangeSchema = z.object({ status: z.enum(QUESTION_STATUSES) });

export const questionVersionSchema = z.object({
  number: z.number().int(),
  created_at: z.string(),
  author: z.string().nullable(),
  rescored: z.number().int(),
  snapshot: z.object({
    type: z.enum(QUESTION_KINDS),
    stem: z.string(),
    explanation: z.string(),
    key_point: z.string(),
    tags: z.array(z.string()),
    course: z.number().int(),
    source: z.number().int().nullable(),
    year: z.number().int().nullable(),
    status: z.string(),
    choices: z.array(staffChoiceSchema),
  }),
});
export type QuestionVersion = z.infer<typeof questionVersionSchema>;

export const bankQuerySchema = z.object({
  search: optionalQuery(z.string().max(200)),
  module: optionalQuery(queryId),
  course: optionalQuery(queryId),
  source: optionalQuery(queryId),
  type: optionalQuery(z.enum(QUESTION_KINDS)),
  status: optionalQuery(z.enum(QUESTION_STATUSES)),
  flagged: optionalQuery(z.enum(['true', 'false'])),
  /** true: only questions with open reports; false: only those without. */
  reports: optionalQuery(z.enum(['true', 'false'])),
  /** Facility range (share right, 0–1, inclusive); a bound leaves unanswered questions out. */
  facility_min: optionalQuery(
    z.coerce.number({ error: 'A valid number is required.' }).min(0).max(1),
  ),
  facility_max: optionalQuery(
    z.coerce.number({ error: 'A valid number is required.' }).min(0).max(1),
  ),
  ordering: optionalQuery(z.enum(BANK_ORDERINGS)),
  page: optionalQuery(queryId),
  page_size: optionalQuery(queryId.max(100)),
});
export type BankQuery = z.output<typeof bankQuerySchema>;

export const bankRowSchema = z.object({
  id: z.number().int(),
  stem: z.string().describe('The first 160 characters'),
  type: z.enum(QUESTION_KINDS),
  status: z.enum(QUESTION_STATUSES),
  module: z.number().int(),
  module_name: z.string(),
  course: z.number().int(),
  course_name: z.string(),
  source: z.number().int().nullable(),
  source_name: z.string().nullable(),
  year: z.number().int().nullable(),
  reports: z.number().int().describe('Open reports'),
  answers: z.number().int(),
  facility: z.number().nullable().describe('Share of right answers, 0–1; null: never answered'),
  discrimination: z.number().nullable(),
  flags: z.array(z.string()),
  updated_at: z.string(),
});
export const bankPageSchema = z.object({
  count: z.number().int(),
  results: z.array(bankRowSchema),
});
export type BankPage = z.infer<typeof bankPageSchema>;

// ---- Item analysis --------------------------------------------------------------------------

export const ANALYSIS_FLAGS = [
  'too_easy',
  'too_hard',
  'negative_discrimination',
  'dead_distractor',
] as const;

export const itemAnalysisSchema = z.object({
  question: z.number().int(),
  answers: z.number().int().describe('First answers of distinct learners counted'),
  facility: z.number().nullable(),
  discrimination: z.number().nullable().describe('Top third minus bottom third facility'),
  point_biserial: z.number().nullable(),
  median_time_ms: z.number().nullable(),
  choices: z.array(
    z.object({
      id: z.number().int(),
      letter: z.string(),
      is_correct: z.boolean(),
      picked: z.number().int(),
      share: z.number(),
    }),
  ),
  flags: z.array(z.enum(ANALYSIS_FLAGS)),
});
export type ItemAnalysis = z.infer<typeof itemAnalysisSchema>;

// ---- Imports and exports --------------------------------------------------------------------

export const importProblemSchema = z.object({
  message: z.string(),
  line: z.number().int().optional().describe('First line of the record'),
  end_line: z.number().int().optional().describe('Last line of a record of several lines'),
  record: z.string().optional(),
});
// ---- Near-duplicates (issue 34) ------------------------------------------------------------

/** A question already in the bank whose text is close to another's (trigram similarity, 0–1). */
export const duplicateMatchSchema = z.object({
  id: z.number().int(),
  stem: z.string().describe('The first 160 characters'),
  status: z.enum(QUESTION_STATUSES),
  similarity: z.number(),
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;

/**
 * POST /api/staff/questions/duplicates/: the editor's check of the text being typed, a new
 * draft's included (the form's stem, choices and explanation).
 */
export const duplicateCheckSchema = z.object({
  stem: z.string().max(50_000),
  choices: z
    .array(z.object({ text: z.string().max(10_000) }))
    .max(26)
    .default([]),
  explanation: z.string().max(50_000).default(''),
  /** The question being edited: left out of its own matches. */
  question: idSchema.nullable().default(null),
});
export type DuplicateCheck = z.infer<typeof duplicateCheckSchema>;

/** One question of an import file with the bank's questions that look like it. */
export const importDuplicateSchema = z.object({
  /** 0-based position in the file's questions. */
  index: z.number().int(),
  external_id: z.string().nullable(),
  stem: z.string(),
  matches: z.array(duplicateMatchSchema),
});
export type ImportDuplicate = z.infer<typeof importDuplicateSchema>;

export const DUPLICATE_THRESHOLD_DEFAULT = 0.6;
export const duplicateSettingsSchema = z.object({
  threshold: z.coerce
    .number({ error: 'A valid number is required.' })
    .min(0.1, 'Ensure this value is greater than or equal to 0.1.')
    .max(1, 'Ensure this value is less than or equal to 1.'),
});
export type DuplicateSettings = z.infer<typeof duplicateSettingsSchema>;

export const importReportSchema = z.object({
  ok: z.boolean(),
  format: z.enum(IMPORT_FORMATS).nullable(),
  questions: z.number().int(),
  errors: z.array(importProblemSchema),
  skipped: z.array(importProblemSchema),
  warnings: z.array(importProblemSchema),
  job: z.string().nullable().describe('Import job id (absent on a dry run)'),
  /** Dry run: questions of the file close to ones already in the bank (same external id excluded). */
  duplicates: z.array(importDuplicateSchema).optional(),
  /** The similarity threshold the duplicates were found with. */
  duplicate_threshold: z.number().optional(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
export const importJobSchema = z.object({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  error: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

// ---- Clinical cases -------------------------------------------------------------------------

export const staffCaseSchema = z.object({
  id: z.number().int(),
  course: z.number().int(),
  vignette: z.string(),
  questions: z.array(z.number().int()).describe('Sub-question ids, in order'),
});
export type StaffCase = z.infer<typeof staffCaseSchema>;
export const staffCaseInputSchema = z.object({
  course: id,
  vignette: z.string().trim().min(1, 'This field may not be blank.').max(50_000),
  /** The sub-questions, in order: questions of the same course. */
  questions: z.array(id).max(50).default([]),
});
export type StaffCaseInput = z.input<typeof staffCaseInputSchema>;
export const caseListQuerySchema = z.object({
  search: optionalQuery(z.string().max(200)).describe('Words of the vignette'),
  course: optionalQuery(queryId),
  page: optionalQuery(queryId),
  page_size: optionalQuery(queryId.max(100)),
});
export type CaseListQuery = z.output<typeof caseListQuerySchema>;
export const caseRowSchema = z.object({
  id: z.number().int(),
  course: z.number().int(),
  course_name: z.string(),
  module_name: z.string(),
  vignette: z.string().describe('The first 160 characters'),
  questions: z.number().int().describe('How many sub-questions'),
});
export type CaseRow = z.infer<typeof caseRowSchema>;
export const casePageSchema = z.object({
  count: z.number().int(),
  results: z.array(caseRowSchema),
});
export type CasePage = z.infer<typeof casePageSchema>;
