import { z } from 'zod';
import { optionalQuery, queryId, requiredQueryId } from './catalogue';
import { PEER_STATS_MIN_LEARNERS } from './constants';
import { INT_MAX } from './fields';

export { PEER_STATS_MIN_LEARNERS };

/**
 * Peer statistics and the learner dashboard (issue 13, decision 039). Peer figures count each
 * learner's first counted answer to a question; a difficulty (1 easy … 5 hard) is given only
 * once DIFFICULTY_MIN_ANSWERS learners have answered.
 */

export const DIFFICULTY_MIN_ANSWERS = 30;
export const DIFFICULTIES = [1, 2, 3, 4, 5] as const;
/** Questions of a course a learner must have answered to be ranked against its other learners. */
export const PERCENTILE_MIN_QUESTIONS = 20;

/** `?difficulty=4,5`: a comma-separated list of difficulties 1–5. */
export const queryDifficultyList = z
  .string()
  .regex(/^\s*[1-5](\s*,\s*[1-5])*\s*$/, {
    error: 'Enter a comma-separated list of difficulties from 1 to 5.',
  })
  .transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim())))].sort())
  .describe('Comma-separated difficulties 1 (easy) to 5 (hard), e.g. 4,5');

/** The difficulty filter the question list, questnstypes and questions_exam accept. */
export const difficultyFilterSchema = z.object({
  difficulty: optionalQuery(queryDifficultyList).describe(
    'Only questions with a known difficulty in this list (at least 30 answers)',
  ),
});

const share = z.number().min(0).max(1);

export const choiceShareSchema = z.object({
  id: z.number().int(),
  letter: z.string(),
  picked: z.number().int(),
  share: share.describe('Share of answers that ticked this choice'),
});
export type ChoiceShare = z.infer<typeof choiceShareSchema>;

/** GET /api/questns/{id}/stats/: what other learners did with one question. */
export const questionStatsSchema = z.object({
  question: z.number().int(),
  answers: z
    .number()
    .int()
    .describe("Other learners' first counted answers (never the caller's own)"),
  share_right: share.nullable().describe(`null under ${PEER_STATS_MIN_LEARNERS} learners`),
  median_time_ms: z
    .number()
    .int()
    .nullable()
    .describe(`null under ${PEER_STATS_MIN_LEARNERS} learners`),
  difficulty: z
    .number()
    .int()
    .min(1)
    .max(5)
    .nullable()
    .describe(`1 easy … 5 hard; null under ${DIFFICULTY_MIN_ANSWERS} answers`),
  choices: z
    .array(choiceShareSchema)
    .describe(
      `Empty until the caller has answered the question (the shares give the key away) and under ${PEER_STATS_MIN_LEARNERS} learners`,
    ),
});
export type QuestionStats = z.infer<typeof questionStatsSchema>;

/** GET /api/question_stats/?ids=: the difficulty of the questions of a list. */
export const questionStatsListQuerySchema = z.object({
  ids: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'This field is required.' : 'Enter a list of ids.',
    })
    .regex(/^\s*\d+(\s*,\s*\d+){0,99}\s*$/, {
      error: 'Enter a comma-separated list of at most 100 ids.',
    })
    .transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim())))])
    .refine((ids) => ids.every((n) => n >= 1 && n <= INT_MAX), {
      error: 'Enter a comma-separated list of at most 100 ids.',
    }),
});
/** GET /api/question_stats/others/?ids=: up to EXAM_COUNT_MAX (200) questions of a review. */
export const othersStatsQuerySchema = z.object({
  ids: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'This field is required.' : 'Enter a list of ids.',
    })
    .regex(/^\s*\d+(\s*,\s*\d+){0,199}\s*$/, {
      error: 'Enter a comma-separated list of at most 200 ids.',
    })
    .transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim())))])
    .refine((ids) => ids.every((n) => n >= 1 && n <= INT_MAX), {
      error: 'Enter a comma-separated list of at most 200 ids.',
    }),
});

/**
 * What OTHER learners did with a question the caller answered (issue 33): the caller's own
 * first counted answer is taken out of every figure, and nothing is published under
 * PEER_STATS_MIN_LEARNERS other learners.
 */
export const othersStatsSchema = z.object({
  question: z.number().int(),
  others: z.number().int().describe("Other learners' first counted answers"),
  share_right: share.nullable().describe(`null under ${PEER_STATS_MIN_LEARNERS} other learners`),
  median_time_ms: z
    .number()
    .int()
    .nullable()
    .describe(`null under ${PEER_STATS_MIN_LEARNERS} other learners`),
  choices: z
    .array(choiceShareSchema)
    .describe(`Letter order; empty under ${PEER_STATS_MIN_LEARNERS} other learners`),
});
export type OthersStats = z.infer<typeof othersStatsSchema>;

export const questionDifficultySchema = z.object({
  question: z.number().int(),
  answers: z.number().int(),
  difficulty: z.number().int().min(1).max(5).nullable(),
});
export type QuestionDifficulty = z.infer<typeof questionDifficultySchema>;

const tally = {
  answers: z.number().int(),
  correct: z.number().int(),
  time_ms: z.number().describe('Total time spent'),
};

export const dashboardGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ...tally,
});
export type DashboardGroup = z.infer<typeof dashboardGroupSchema>;

export const dashboardDaySchema = z.object({
  date: z.string().describe('YYYY-MM-DD (UTC)'),
  ...tally,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const coursePercentileSchema = z.object({
  course: z.number().int(),
  name: z.string(),
  percentile: z.number().min(0).max(100),
  peers: z.number().int(),
});

/** GET /api/dashboard/: the caller's counted answers, summed. */
export const dashboardSchema = z.object({
  today: z.iso.date().describe('The learner’s date now, in their time zone: the charts end here'),
  totals: z.object({
    ...tally,
    questions: z.number().int().describe('Distinct questions answered'),
    days_studied: z.number().int(),
  }),
  by_module: z.array(dashboardGroupSchema),
  by_course: z.array(dashboardGroupSchema.extend({ module: z.number().int() })),
  by_source: z.array(dashboardGroupSchema.extend({ year: z.number().int().nullable() })),
  days: z
    .array(dashboardDaySchema)
    .describe('Days with answers in the last 53 weeks, oldest first'),
  streak: z.object({
    current: z.number().int().describe('Days in a row up to today (or yesterday)'),
    longest: z.number().int(),
  }),
  percentile: z.object({
    overall: z.number().min(0).max(100).nullable(),
    courses: z.array(coursePercentileSchema),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** One course of GET /api/dashboard/what-next/, with the three factors of its rank. */
export const whatNextItemSchema = z.object({
  course: z.number().int(),
  name: z.string(),
  module: z.number().int(),
  module_name: z.string(),
  score: z.number(),
  weakness: share.describe('1 − share right of first answers (0.5 before any answer)'),
  share_unanswered: share,
  relevance: share.describe('Share of the module’s past exams that asked this course'),
  answered: z.number().int(),
  right: z.number().int(),
  total: z.number().int(),
  exams_with_course: z.number().int(),
  exams_total: z.number().int(),
});
export type WhatNextItem = z.infer<typeof whatNextItemSchema>;
export const whatNextSchema = z.object({ results: z.array(whatNextItemSchema) });

export const relevanceQuerySchema = z.object({ module: requiredQueryId });
export const relevanceCourseSchema = z.object({
  course: z.number().int(),
  name: z.string(),
  questions: z.number().int().describe('Questions from past exams'),
  exams: z.number().int().describe('Past exams with at least one question of the course'),
  relevance: share,
  by_year: z.array(z.object({ year: z.number().int(), questions: z.number().int() })),
});
/** GET /api/exam-relevance/?module=: how often each course appears in past exams, by year. */
export const relevanceSchema = z.object({
  module: z.number().int(),
  exams_total: z.number().int(),
  years: z.array(z.number().int()),
  courses: z.array(relevanceCourseSchema),
});
export type Relevance = z.infer<typeof relevanceSchema>;

export const whatNextQuerySchema = z.object({
  module: optionalQuery(queryId),
  limit: z.coerce.number().int().min(1).max(50).default(5),
});
