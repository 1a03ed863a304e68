import { z } from 'zod';
import { pkSchema } from './fields';
import { SCORING_RULES } from './constants';
import { answerCorrectionSchema, choiceIdsSchema } from './history';
import { questionSchema } from './questions';

/**
 * Past papers, replayed (issue 35): a source with a time limit set by staff is sat as it was,
 * in its original order and time, scored with its own rule; a learner's first attempt is
 * ranked among every taker's first attempt, later attempts are practice.
 */

const timestamp = z.iso.datetime();

export const PAPER_ATTEMPT_CLOSED = 'This paper was submitted: its time is over.';
export const PAPER_NOT_SUBMITTED = 'This paper is still open: submit it to see the result.';
export const PAPER_NOT_SITTABLE = 'This source has no time limit: it is not a past paper.';
export const PAPER_NOT_IN_ATTEMPT = 'This question is not on this paper.';
export const resultsNotOut = (at: string) => `The results are published at ${at}.`;

/** What an attempt sat: a past paper (a source) or a mock exam. */
const paperRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  year: z.number().int().nullable(),
  kind: z.enum(['past_paper', 'mock_exam']),
});

/** Minutes of a past paper's time limit, as staff set it on its source (null: not a paper). */
export const timeLimitMinutesSchema = z
  .number()
  .int()
  .min(1, 'Ensure this value is greater than or equal to 1.')
  .max(24 * 60, 'Ensure this value is less than or equal to 1440.')
  .nullable();
export const paperScoringSchema = z.enum(SCORING_RULES);

/** A past paper in the learner's list. */
export const pastPaperSchema = z.object({
  id: z.number().int().describe("The source's id"),
  name: z.string(),
  year: z.number().int().nullable(),
  module: z.object({ id: z.number().int(), name: z.string() }),
  questions_count: z.number().int(),
  time_limit_minutes: z.number().int(),
  scoring: paperScoringSchema,
  is_locked: z.boolean().describe('The caller cannot read this module in full'),
  takers: z.number().int().describe('First attempts submitted (the ranked population)'),
  attempts: z
    .array(
      z.object({
        id: z.number().int(),
        is_ranked: z.boolean(),
        started_at: timestamp,
        submitted_at: timestamp.nullable(),
        score: z.number().nullable(),
      }),
    )
    .describe("The caller's attempts, oldest first"),
});
export type PastPaper = z.infer<typeof pastPaperSchema>;

/** An attempt being sat: the paper in its order, the answers saved so far, the server's time. */
export const paperAttemptSchema = z.object({
  id: z.number().int(),
  paper: paperRefSchema,
  is_ranked: z.boolean().describe('The first attempt: it counts in the ranking'),
  scoring: paperScoringSchema,
  time_limit_minutes: z.number().int(),
  started_at: timestamp,
  deadline: timestamp,
  submitted_at: timestamp.nullable(),
  seconds_left: z.number().int().describe("By the server's clock; 0 once submitted"),
  questions: z
    .array(questionSchema)
    .describe('The paper in its order while open; empty once submitted (see the result)'),
  answers: z.array(z.object({ question: z.number().int(), choices: z.array(z.number().int()) })),
});
export type PaperAttempt = z.infer<typeof paperAttemptSchema>;

export const paperAnswerInputSchema = z.object({ question: pkSchema, choices: choiceIdsSchema });
export type PaperAnswerInput = z.infer<typeof paperAnswerInputSchema>;
export const paperAnswerSavedSchema = z.object({
  question: z.number().int(),
  choices: z.array(z.number().int()),
  seconds_left: z.number().int(),
});

/** Where a score stands among the ranked takers of the same paper (or part of it). */
export const standingSchema = z.object({
  score: z.number(),
  max_score: z.number(),
  rank: z.number().int().nullable().describe('1 + takers scoring higher; null for practice'),
  percentile: z
    .number()
    .nullable()
    .describe('Share of takers (in %) scoring strictly lower; null for practice'),
  takers: z.number().int(),
  mean: z.number().nullable(),
});
export type Standing = z.infer<typeof standingSchema>;

export const paperResultSchema = z.object({
  attempt: z.number().int(),
  paper: paperRefSchema,
  is_ranked: z.boolean(),
  submitted_at: timestamp,
  overall: standingSchema,
  modules: z.array(standingSchema.extend({ id: z.number().int(), name: z.string() })),
  courses: z.array(standingSchema.extend({ id: z.number().int(), name: z.string() })),
  distribution: z
    .array(z.object({ from: z.number(), to: z.number(), count: z.number().int() }))
    .describe('Ranked scores in tenths of the maximum (% of max_score)'),
  review: z.array(
    z.object({
      question: questionSchema,
      choices: z.array(z.number().int()).describe('What the caller ticked'),
      correction: answerCorrectionSchema,
      choice_shares: z
        .array(z.object({ choice: z.number().int(), share: z.number() }))
        .describe('Share (0–1) of ranked takers who ticked each choice'),
    }),
  ),
});
export type PaperResult = z.infer<typeof paperResultSchema>;
