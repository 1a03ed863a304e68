import { date, integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { users } from './users';
import { createdAt, updatedAt } from './columns';

/**
 * A learner's plan to their exam date (issue 35, decision 054): one row per learner. The
 * baseline (`startedOn`, `startRemaining`) is the pace line "behind / ahead" is measured from;
 * it restarts whenever the date, the days off or the modules change.
 */
export const examPlans = pgTable('exam_plans', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  examDate: date('exam_date').notNull(),
  /** ISO weekdays off (1 Monday … 7 Sunday). */
  weekdaysOff: jsonb('weekdays_off').$type<number[]>().notNull().default([]),
  /** Single dates off (YYYY-MM-DD). */
  datesOff: jsonb('dates_off').$type<string[]>().notNull().default([]),
  /** The modules the plan covers; null: every module the learner's subscription opens. */
  moduleIds: jsonb('module_ids').$type<number[]>(),
  /** The learner's date the pace line starts on, and the questions left at its start. */
  startedOn: date('started_on').notNull(),
  startRemaining: integer('start_remaining').notNull(),
  /** The learner's date the daily reminder (mail list `plan_reminder`) last went out: the claim. */
  remindedOn: date('reminded_on'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
