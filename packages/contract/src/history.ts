import { z } from 'zod';
import { pkItemSchema, pkSchema } from './fields';
import { ANSWER_MODES, MAX_CHOICES, RATINGS, SCORING_RULES } from './constants';
import { pageQuerySchema } from './common';
import { confidenceSchema, missClassSchema } from './confidence';
import { CONFIDENCE_LEVELS } from './confidence-values';

export { ANSWER_MODES, RATINGS, SCORING_RULES };

/** A database id in a payload or a query string. */
const id = pkSchema;
const timestamp = z.iso.datetime();
/** `?is_correct=true|false` (DRF's boolean filter spellings). */
const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

export const scoringRuleSchema = z.enum(SCORING_RULES).default('all_or_nothing');
export type ScoringRule = (typeof SCORING_RULES)[number];

export const answerModeSchema = z.enum(ANSWER_MODES);

/** Ticked choice ids (an empty list is an unanswered question: scored, never right). */
export const choiceIdsSchema = z.array(pkItemSchema).max(MAX_CHOICES);

/** One choice as the correction shows it. */
export const choiceCorrectionSchema = z.object({
  id: z.number().int(),
  letter: z.string(),
  is_correct: z.boolean(),
  explanation: z.string(),
});

/** The correction of an answer, scored on the server (PRODUCT.md §3). */
export const answerCorrectionSchema = z.object({
  is_correct: z.boolean(),
  score: z.number(),
  correct_choices: z.array(z.number().int()),
  explanation: z.string(),
  choice_explanations: z.array(choiceCorrectionSchema),
});
export type AnswerCorrection = z.infer<typeof answerCorrectionSchema>;

/** The choice ids as shown to the learner (random answer order), kept with the answer. */
export const choiceOrderSchema = z
  .array(pkItemSchema)
  .max(MAX_CHOICES)
  .nullable()
  .default(null)
  .describe(
    'The choice ids in the order they were shown (random answer order): each choice once; the review shows them so',
  );

// question_answer_history

export const historyCreateSchema = z.object({
  question: id,
  choices: choiceIdsSchema,
  mode: answerModeSchema,
  time_spent_ms: z.number().int().min(0).max(86_400_000).default(0),
  scoring: scoringRuleSchema,
  confidence: confidenceSchema,
  counted: z
    .boolean()
    .default(true)
    .describe('false: a "don\'t count this run" answer, left out of statistics and the dashboard'),
  choice_order: choiceOrderSchema,
});
export type HistoryCreate = z.infer<typeof historyCreateSchema>;

export const historyCreatedSchema = answerCorrectionSchema.extend({
  id: z.number().int(),
  question: z.number().int(),
  choices: z.array(z.number().int()),
  mode: answerModeSchema,
  time_spent_ms: z.number().int(),
  confidence: z.enum(CONFIDENCE_LEVELS).nullable(),
  counted: z.boolean(),
  choice_order: z
    .array(z.number().int())
    .nullable()
    .describe('The order the choices were shown in; null: letter order'),
  created_at: timestamp,
});
export type HistoryCreated = z.infer<typeof historyCreatedSchema>;

export const historyQuestionSummarySchema = z.object({
  id: z.number().int(),
  /** The first 200 characters of the stem. */
  stem: z.string(),
  course: z.number().int(),
  module: z.number().int(),
});

export const historyEntrySchema = z.object({
  id: z.number().int(),
  question: historyQuestionSummarySchema,
  choices: z.array(z.number().int()),
  is_correct: z.boolean(),
  score: z.number(),
  mode: answerModeSchema,
  time_spent_ms: z.number().int(),
  confidence: z.enum(CONFIDENCE_LEVELS).nullable(),
  miss_class: missClassSchema.nullable(),
  created_at: timestamp,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyListQuerySchema = pageQuerySchema.extend({
  module: id.optional(),
  course: id.optional(),
  question: id.optional(),
  is_correct: queryBoolean.optional(),
});
export type HistoryListQuery = z.infer<typeof historyListQuerySchema>;

// question-evaluations

export const ratingSchema = z.enum(RATINGS);
export type Rating = (typeof RATINGS)[number];

export const evaluationCreateSchema = z.object({ question: id, rating: ratingSchema });
export type EvaluationCreate = z.infer<typeof evaluationCreateSchema>;

/** The user's rating of a question with its FSRS card state. */
export const evaluationSchema = z.object({
  id: z.number().int(),
  question: z.number().int(),
  rating: ratingSchema,
  stability: z.number(),
  difficulty: z.number(),
  reps: z.number().int(),
  lapses: z.number().int(),
  due_at: timestamp,
  created_at: timestamp,
  updated_at: timestamp,
});
export type Evaluation = z.infer<typeof evaluationSchema>;

export const evaluationListQuerySchema = pageQuerySchema.extend({
  question: id.optional(),
  /** `due=true`: the review queue (due now or earlier), soonest first. */
  due: queryBoolean.optional(),
});
export type EvaluationListQuery = z.infer<typeof evaluationListQuerySchema>;
