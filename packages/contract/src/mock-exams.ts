import { z } from 'zod';
import { QUESTION_KINDS } from './constants';
import { pkSchema } from './fields';
import { paperScoringSchema } from './papers';

/**
 * Mock exams scheduled by staff (issue 35): one fixed paper (chosen by hand or drawn from a
 * blueprint), an audience, a window, a duration and a publication time for the results.
 */

const timestamp = z.iso.datetime();
const moment = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

export const MOCK_NOT_OPEN = (at: string) => `This mock exam opens at ${at}.`;
export const MOCK_CLOSED = 'This mock exam is closed.';
export const MOCK_ALREADY_SAT = 'You already sat this mock exam.';
export const MOCK_NOT_FOR_YOU = 'This mock exam is not open to you.';

export const blueprintRowSchema = z.object({
  module: pkSchema.optional(),
  course: pkSchema.optional(),
  type: z.enum(QUESTION_KINDS).optional(),
  difficulty: z
    .enum(['easy', 'medium', 'hard'])
    .optional()
    .describe(
      'The band of peer difficulty (the exam builder’s levels: easy 1–2, medium 3, hard 4–5)',
    ),
  prefer_unseen: z
    .boolean()
    .default(false)
    .describe(
      'Draw the questions the fewest learners have answered first (the same paper for all)',
    ),
  count: z.number().int().min(1).max(500),
});
export type BlueprintRow = z.infer<typeof blueprintRowSchema>;
const blueprintSchema = z.array(blueprintRowSchema).min(1).max(50);

export const eligibleInputSchema = z.object({ blueprint: blueprintSchema });
export const eligibleSchema = z.object({
  rows: z.array(
    z.object({
      eligible: z.number().int().describe('Live questions matching the row, not in earlier rows'),
      count: z.number().int(),
    }),
  ),
});

export const mockExamInputSchema = z
  .object({
    title: z.string().trim().min(1, 'This field may not be blank.').max(200),
    question_ids: z.array(pkSchema).min(1).max(500).optional(),
    blueprint: blueprintSchema.optional(),
    opens_at: moment,
    closes_at: moment,
    duration_minutes: z.number().int().min(1).max(1440),
    results_at: moment,
    scoring: paperScoringSchema.default('partial'),
    audience_plan: pkSchema.nullable().default(null),
    audience_modules: z.array(pkSchema).max(200).default([]),
  })
  .superRefine((v, ctx) => {
    if ((v.question_ids === undefined) === (v.blueprint === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['non_field_errors'],
        message: 'Give either question_ids or a blueprint.',
      });
    if (v.closes_at <= v.opens_at)
      ctx.addIssue({ code: 'custom', path: ['closes_at'], message: 'Must be after opens_at.' });
    if (v.results_at < v.closes_at)
      ctx.addIssue({
        code: 'custom',
        path: ['results_at'],
        message: 'Results are published once the window has closed.',
      });
  });
export type MockExamInput = z.infer<typeof mockExamInputSchema>;

export const staffMockExamSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  question_ids: z.array(z.number().int()),
  opens_at: timestamp,
  closes_at: timestamp,
  duration_minutes: z.number().int(),
  results_at: timestamp,
  scoring: paperScoringSchema,
  audience_plan: z.number().int().nullable(),
  audience_modules: z.array(z.number().int()),
  started: z.number().int(),
  submitted: z.number().int(),
});
export type StaffMockExam = z.infer<typeof staffMockExamSchema>;

export const mockExamSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  questions_count: z.number().int(),
  opens_at: timestamp,
  closes_at: timestamp,
  duration_minutes: z.number().int(),
  results_at: timestamp,
  status: z.enum(['upcoming', 'open', 'closed']),
  results_out: z.boolean(),
  attempt: z
    .object({ id: z.number().int(), submitted_at: timestamp.nullable() })
    .nullable()
    .describe("The caller's sitting, if any"),
});
export type MockExam = z.infer<typeof mockExamSchema>;

export const mockExamReportSchema = z.object({
  exam: staffMockExamSchema,
  takers: z.number().int(),
  mean: z.number().nullable(),
  distribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  items: z.array(
    z.object({
      question: z.number().int(),
      share_right: z.number().describe('Mean score (0–1) of the takers on this question'),
      discrimination: z
        .number()
        .nullable()
        .describe('Mean score of the top 27 % minus the bottom 27 % of takers'),
      choices: z.array(z.object({ choice: z.number().int(), share: z.number() })),
    }),
  ),
});
export type MockExamReport = z.infer<typeof mockExamReportSchema>;
