import { z } from 'zod';
import { pkItemSchema, pkSchema } from './fields';
import { pageQuerySchema } from './common';
import {
  answerCorrectionSchema,
  choiceIdsSchema,
  choiceOrderSchema,
  scoringRuleSchema,
} from './history';
import { confidenceSchema } from './confidence';
import { CONFIDENCE_LEVELS } from './confidence-values';

const id = pkSchema;
const timestamp = z.iso.datetime();

/** One pass of the caller through a course, or a custom set of questions. */
export const sessionSchema = z.object({
  id: z.number().int(),
  course: z.number().int().nullable(),
  name: z.string(),
  question_ids: z.array(z.number().int()).nullable(),
  is_finished: z.boolean(),
  answered: z.number().int(),
  correct: z.number().int(),
  total: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListQuerySchema = pageQuerySchema.extend({
  course: id.optional(),
  is_finished: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;

/** `{course_id}` for a course session, or `{name, question_ids}` for a custom set. */
export const sessionCreateSchema = z.object({
  course_id: id.optional(),
  name: z.string().trim().max(200).optional(),
  question_ids: z.array(pkItemSchema).min(1).max(1000).optional(),
});
export type SessionCreate = z.infer<typeof sessionCreateSchema>;

/** `session_id` restarts a session; `course_id` starts a fresh pass (camelCase accepted too). */
export const startNewSessionSchema = z.object({
  session_id: id.optional(),
  course_id: id.optional(),
  sessionId: id.optional(),
  courseId: id.optional(),
});
export type StartNewSession = z.infer<typeof startNewSessionSchema>;

export const clearCourseProgressSchema = z.object({ course_id: id });
export type ClearCourseProgress = z.infer<typeof clearCourseProgressSchema>;
export const clearModuleProgressSchema = z.object({ module_id: id });
export type ClearModuleProgress = z.infer<typeof clearModuleProgressSchema>;
export const clearedSchema = z.object({ cleared: z.number().int() });
export type Cleared = z.infer<typeof clearedSchema>;

/** Position of a question in its list, 10 per page: page 1-based, index 0-based. */
export const questionPositionSchema = z.object({
  question_id: z.number().int(),
  page: z.number().int(),
  index: z.number().int(),
});

export const sessionResumeSchema = z.object({
  session_id: z.number().int(),
  name: z.string(),
  /** Null for a custom set. */
  course: z.object({ id: z.number().int(), name: z.string(), module: z.number().int() }).nullable(),
  answered: z.number().int(),
  total: z.number().int(),
  correct: z.number().int(),
  first_unanswered: questionPositionSchema.nullable(),
  updated_at: timestamp,
});
export type SessionResume = z.infer<typeof sessionResumeSchema>;

// session_questions: the answers given in a session.

export const sessionQuestionCreateSchema = z.object({
  session: id,
  question: id,
  choices: choiceIdsSchema,
  time_spent_ms: z.number().int().min(0).max(86_400_000).default(0),
  scoring: scoringRuleSchema,
  confidence: confidenceSchema,
  choice_order: choiceOrderSchema,
});
export type SessionQuestionCreate = z.infer<typeof sessionQuestionCreateSchema>;

export const sessionQuestionSchema = answerCorrectionSchema.extend({
  id: z.number().int(),
  session: z.number().int(),
  question: z.number().int(),
  choices: z.array(z.number().int()),
  confidence: z.enum(CONFIDENCE_LEVELS).nullable(),
  /** The history entry this answer logged (POST only): the id a miss is classified on. */
  history_id: z.number().int().optional(),
  answered_at: timestamp,
});
export type SessionQuestion = z.infer<typeof sessionQuestionSchema>;

export const sessionQuestionListQuerySchema = pageQuerySchema.extend({
  session: id.optional(),
});
export type SessionQuestionListQuery = z.infer<typeof sessionQuestionListQuerySchema>;
