import { z } from 'zod';
import { drfMessages, pkItemSchema } from './fields';

/** A plan to the exam date (issue 35, decision 054). */

/** The farthest exam date a plan takes, in days from the learner's today. */
export const PLAN_MAX_DAYS = 730;
/** At most this many single dates off. */
export const PLAN_MAX_DATES_OFF = 366;
/** At most this many questions in one block of new questions. */
export const PLAN_BLOCK_MAX = 100;
/** A block's size once today's quota is done (or on a day off): getting ahead. */
export const PLAN_EXTRA_BLOCK = 10;
/** The learner's local hour from which the daily reminder goes out. */
export const PLAN_REMINDER_HOUR = 7;

const isoDate = z.iso.date({ error: drfMessages.invalidDate });

const weekday = z
  .number({ error: drfMessages.invalidInteger })
  .int({ error: drfMessages.invalidInteger })
  .min(1, { error: drfMessages.minValue(1) })
  .max(7, { error: drfMessages.maxValue(7) });

export const studyPlanUpdateSchema = z.object({
  exam_date: isoDate.describe('The exam date (YYYY-MM-DD, the learner’s calendar); not studied'),
  weekdays_off: z
    .array(weekday, { error: drfMessages.notAList })
    .max(6, { error: 'Keep at least one study day a week.' })
    .default([])
    .describe('ISO weekdays off: 1 Monday … 7 Sunday'),
  dates_off: z
    .array(isoDate, { error: drfMessages.notAList })
    .max(PLAN_MAX_DATES_OFF, { error: drfMessages.maxItems(PLAN_MAX_DATES_OFF) })
    .default([])
    .describe('Single dates off (YYYY-MM-DD)'),
  modules: z
    .array(pkItemSchema, { error: drfMessages.notAList })
    .max(500, { error: drfMessages.maxItems(500) })
    .nullable()
    .default(null)
    .describe('Modules the plan covers; null: every module the subscription opens'),
  reminder: z
    .boolean({ error: drfMessages.invalidBoolean })
    .default(false)
    .describe('A daily reminder by e-mail in the morning (learner’s time zone)'),
});
export type StudyPlanUpdate = z.input<typeof studyPlanUpdateSchema>;

export const studyPlanDaySchema = z.object({
  date: z.iso.date(),
  day_off: z.boolean(),
  new: z.number().int().describe('New questions planned on this day'),
  reviews: z.number().int().describe('Review cards falling due on this day (ts-fsrs)'),
});
export type StudyPlanDay = z.infer<typeof studyPlanDaySchema>;

export const studyPlanSchema = z.object({
  exam_date: z.iso.date(),
  weekdays_off: z.array(z.number().int()),
  dates_off: z.array(z.iso.date()),
  modules: z.array(z.number().int()).nullable(),
  covered_modules: z.array(z.number().int()).describe('The modules the plan counts now'),
  readable_modules: z
    .array(z.number().int())
    .describe('The modules the learner’s subscription opens: those a plan may cover'),
  reminder: z.boolean(),
  today: z.iso.date().describe('The learner’s date now, in their time zone'),
  day_off: z.boolean().describe('Today is a day off'),
  study_days_left: z.number().int().describe('Study days from today to the eve of the exam'),
  remaining: z.number().int().describe('Questions of the plan never answered'),
  quota: z.number().int().describe('New questions planned today'),
  new_done: z.number().int().describe('Questions of the plan first answered today'),
  behind: z
    .number()
    .int()
    .describe('Questions behind the pace line (negative: ahead) at the start of today'),
  reviews_done: z.number().int().describe('Reviews done today'),
  reviews_due: z.number().int().describe('Reviews done today plus those still due today'),
  overdue: z.number().int().describe('Cards due before today'),
  days: z.array(studyPlanDaySchema).describe('Today to the eve of the exam'),
});
export type StudyPlan = z.infer<typeof studyPlanSchema>;

export const studyPlanBlockSchema = z.object({
  size: z
    .number({ error: drfMessages.invalidInteger })
    .int({ error: drfMessages.invalidInteger })
    .min(1, { error: drfMessages.minValue(1) })
    .max(PLAN_BLOCK_MAX, { error: drfMessages.maxValue(PLAN_BLOCK_MAX) })
    .optional()
    .describe('Questions in the block; default: what is left of today’s quota'),
});
