import { z } from 'zod';
import { pageQuerySchema } from './common';
import {
  DAILY_LIMIT_MAX,
  DESIRED_RETENTION_MAX,
  DESIRED_RETENTION_MIN,
  MISTAKES_STREAK_MAX,
  RATINGS,
} from './constants';

export { DAILY_LIMIT_MAX, DESIRED_RETENTION_MAX, DESIRED_RETENTION_MIN, MISTAKES_STREAK_MAX };
import { drfMessages, pkSchema } from './fields';
import { questionSchema } from './questions';

/** Spaced repetition (FSRS-6) and the mistakes shelf (issue 13, decision 038). */

export const MISTAKES_STREAK_DEFAULT = 2;
/** A card forgotten this many times is a leech: flagged and pinned on the mistakes shelf. */
export const LEECH_LAPSES = 8;
/** Wrong answers in a row, without a right one, that make a leech even if it was never learned. */
export const LEECH_MISSES = 8;
/** Daily limits (Anki's): new questions a due run opens, and reviews, per learner day. */
export const NEW_PER_DAY_DEFAULT = 20;
export const REVIEWS_PER_DAY_DEFAULT = 200;

/** A leech: forgotten eight times, or missed eight times in a row whether or not ever learned. */
export function isLeech(card: { lapses: number; misses: number }): boolean {
  return card.lapses >= LEECH_LAPSES || card.misses >= LEECH_MISSES;
}
export const FORECAST_DAYS = 30;
/** At most this many questions in one review or mistakes run. */
export const RUN_MAX_QUESTIONS = 100;

export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type CardState = (typeof CARD_STATES)[number];

const timestamp = z.iso.datetime();

/**
 * The learner's offset from UTC in minutes (JavaScript's `-getTimezoneOffset()`), so that
 * "today" and the forecast's days are the learner's own.
 */
/** Accepted from older clients and ignored: the learner's stored time zone decides (issue 38). */
const tzOffset = z.coerce
  .number({ error: drfMessages.invalidInteger })
  .int({ error: drfMessages.invalidInteger })
  .min(-840, { error: drfMessages.minValue(-840) })
  .max(840, { error: drfMessages.maxValue(840) })
  .optional()
  .describe('Ignored: days follow the time_zone of the review settings');

/** A time zone the runtime knows (the same tz database as PostgreSQL's, both IANA). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

export const reviewSettingsSchema = z.object({
  desired_retention: z.number(),
  mistakes_streak: z.number().int(),
  review_count: z.number().int().describe('Reviews logged so far'),
  personalised: z.boolean().describe('Scheduled with parameters fitted to this learner'),
  personalised_at: timestamp.nullable(),
  time_zone: z.string().describe('IANA time zone where the learner’s days start (UTC until set)'),
  new_per_day: z.number().int().describe('New questions a due run adds per day'),
  reviews_per_day: z.number().int().describe('Reviews the due queue offers per day'),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

const dailyLimit = z
  .number({ error: drfMessages.invalidInteger })
  .int({ error: drfMessages.invalidInteger })
  .min(0, { error: drfMessages.minValue(0) })
  .max(DAILY_LIMIT_MAX, { error: drfMessages.maxValue(DAILY_LIMIT_MAX) });

export const reviewSettingsUpdateSchema = z.object({
  desired_retention: z
    .number({ error: drfMessages.invalidNumber })
    .min(DESIRED_RETENTION_MIN, { error: drfMessages.minValue(DESIRED_RETENTION_MIN) })
    .max(DESIRED_RETENTION_MAX, { error: drfMessages.maxValue(DESIRED_RETENTION_MAX) })
    .optional(),
  mistakes_streak: z
    .number({ error: drfMessages.invalidInteger })
    .int({ error: drfMessages.invalidInteger })
    .min(1, { error: drfMessages.minValue(1) })
    .max(MISTAKES_STREAK_MAX, { error: drfMessages.maxValue(MISTAKES_STREAK_MAX) })
    .optional(),
  new_per_day: dailyLimit.optional(),
  reviews_per_day: dailyLimit.optional(),
  time_zone: z
    .string({ error: 'Not a valid string.' })
    .max(64, { error: 'Not a known IANA time zone.' })
    .refine(isTimeZone, { error: 'Not a known IANA time zone.' })
    .optional()
    .describe('The browser’s IANA time zone (Intl), e.g. Pacific/Auckland'),
});
export type ReviewSettingsUpdate = z.input<typeof reviewSettingsUpdateSchema>;

/** A question as the review and mistakes lists show it. */
const questionSummarySchema = z.object({
  id: z.number().int(),
  stem: z.string(),
  course: z.number().int(),
  module: z.number().int(),
  clinical_case: z.number().int().nullable(),
});

export const dueCardSchema = z.object({
  question: questionSummarySchema,
  state: z.enum(CARD_STATES),
  due_at: timestamp,
  reps: z.number().int(),
  lapses: z.number().int(),
  is_leech: z.boolean(),
});
export type DueCard = z.infer<typeof dueCardSchema>;

/** Reviews and shelves limited to one module or one course. */
const scopeQuery = {
  module: pkSchema.optional().describe('Only questions of this module'),
  course: pkSchema.optional().describe('Only questions of this course'),
};
export interface Scope {
  module?: number | undefined;
  course?: number | undefined;
}

export const dueQuerySchema = pageQuerySchema.extend({ tz_offset: tzOffset, ...scopeQuery });
export type DueQuery = z.infer<typeof dueQuerySchema>;

export const forecastQuerySchema = z.object({ tz_offset: tzOffset });
export const forecastSchema = z.object({
  today: z.iso.date().describe('The learner’s date now, in their time zone'),
  overdue: z.number().int().describe('Cards already due before today'),
  days: z.array(z.object({ date: z.iso.date(), count: z.number().int() })),
});
export type Forecast = z.infer<typeof forecastSchema>;

export const mistakeSchema = z.object({
  question: questionSummarySchema,
  last_answered_at: timestamp,
  last_wrong_at: timestamp.nullable(),
  streak: z.number().int().describe('Right answers in a row since the last wrong one'),
  lapses: z.number().int(),
  is_leech: z.boolean(),
  suspended: z.boolean().describe('Left out of the review queue by the learner'),
});
export type Mistake = z.infer<typeof mistakeSchema>;

const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

export const mistakesQuerySchema = pageQuerySchema.extend({
  leech: queryBoolean.optional(),
  ...scopeQuery,
});
export type MistakesQuery = z.infer<typeof mistakesQuerySchema>;

export const RUN_SOURCES = ['due', 'mistakes'] as const;
export const reviewRunCreateSchema = z.object({
  source: z.enum(RUN_SOURCES),
  mode: z.enum(['study', 'exam']).default('study'),
  tz_offset: tzOffset,
  ...scopeQuery,
});
export type ReviewRunCreate = z.input<typeof reviewRunCreateSchema>;

/** A run over the due cards or the shelf: a custom session for study, none for an exam. */
export const reviewRunSchema = z.object({
  session: z.number().int().nullable(),
  questions: z.array(questionSchema),
});
export type ReviewRun = z.infer<typeof reviewRunSchema>;

/** Why an answer got its rating (`history/grade.ts`), so the player can say how it was graded. */
export const GRADE_REASONS = [
  'wrong',
  'partly-right',
  'partly-right-sure',
  'right-guess',
  'right-unsure',
  'right-sure',
  'right-slow',
  'right',
] as const;
export type GradeReason = (typeof GRADE_REASONS)[number];

const ratingEnum = z.enum(RATINGS);

/** What each of the four buttons would do now: the next due date and the interval in days. */
const choiceSchema = z.object({ due_at: timestamp, days: z.number() });

/**
 * A learner's card of one question: its current rating and how it was given, and what pressing
 * each button would schedule (a button pressed within 30 minutes replaces the answer's grade).
 */
export const cardGradeSchema = z.object({
  question: z.number().int().describe('The card (a clinical case’s lead question)'),
  rating: ratingEnum.nullable(),
  graded_by: z.enum(['answer', 'button']).nullable(),
  reason: z.enum(GRADE_REASONS).nullable().describe('Why an answer gave its rating'),
  replaces: z.boolean().describe('A button now replaces the answer’s grade'),
  state: z.enum(CARD_STATES),
  due_at: timestamp.nullable(),
  suspended: z.boolean(),
  is_leech: z.boolean(),
  choices: z.object({
    again: choiceSchema,
    hard: choiceSchema,
    good: choiceSchema,
    easy: choiceSchema,
  }),
});
export type CardGrade = z.infer<typeof cardGradeSchema>;

export const cardParamsSchema = z.object({ question: pkSchema });
export const cardSuspendSchema = z.object({
  suspended: z.boolean({ error: 'Must be a valid boolean.' }),
});
export type CardSuspend = z.infer<typeof cardSuspendSchema>;
