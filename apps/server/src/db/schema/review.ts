import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { questionRef } from './catalogue';
import { ownerId, users } from './users';
import { moment } from './columns';

/**
 * Every review of a card (decision 038): what the optimiser learns a learner's FSRS parameters
 * from, and what "≥ 400 reviews" counts. `questionId` is the card (a clinical case's lead question).
 */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    questionId: questionRef(),
    /** ts-fsrs Rating 1..4 (again, hard, good, easy). */
    rating: smallint('rating').notNull(),
    /** The card's state before this review. */
    state: smallint('state').notNull(),
    reviewedAt: moment('reviewed_at').notNull(),
    /** 'answer': graded from an answer; 'button': pressed by the learner. */
    source: varchar('source', { length: 8 }).$type<'answer' | 'button'>().notNull(),
    /** The card before an answer's review, so a button pressed right after replaces that grade. */
    previous: jsonb('previous').$type<Record<string, unknown>>(),
  },
  (t) => [index('review_logs_user_card_idx').on(t.userId, t.questionId, t.reviewedAt)],
);

/** A learner's review settings and, once fitted, their own FSRS parameters. */
export const reviewSettings = pgTable('review_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  desiredRetention: doublePrecision('desired_retention').notNull().default(0.9),
  /** Right answers in a row that take a question off the mistakes shelf. */
  mistakesStreak: smallint('mistakes_streak').notNull().default(2),
  /** Daily limits: new questions a due run adds, and reviews the due queue offers. */
  newPerDay: integer('new_per_day').notNull().default(20),
  reviewsPerDay: integer('reviews_per_day').notNull().default(200),
  /** The learner's IANA time zone (from the browser): where their days start. Null: UTC. */
  timeZone: varchar('time_zone', { length: 64 }),
  /** FSRS-6 parameters fitted by the optimiser; null: the library's defaults. */
  weights: jsonb('weights').$type<number[]>(),
  /** Reviews the weights were fitted on. */
  weightsReviewCount: integer('weights_review_count').notNull().default(0),
  weightsUpdatedAt: moment('weights_updated_at'),
});

/**
 * Per learner and question, kept in step with the answer history by every answer (decision 038):
 * what the mistakes shelf reads instead of the history. `streak` is the run of right answers
 * since the last wrong one (all right answers when there was none); `misses` the run of wrong
 * answers since the last right one (eight make a leech, issue 33).
 */
export const questionStreaks = pgTable(
  'question_streaks',
  {
    userId: ownerId(),
    questionId: questionRef(),
    lastAnsweredAt: moment('last_answered_at').notNull(),
    lastWrongAt: moment('last_wrong_at'),
    streak: integer('streak').notNull().default(0),
    misses: integer('misses').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    // The shelf: a learner's questions with a wrong answer and a run shorter than K.
    index('question_streaks_shelf_idx')
      .on(t.userId, t.streak)
      .where(sql`${t.lastWrongAt} is not null`),
    // Leeches by misses in a row (LEECH_MISSES = 8).
    index('question_streaks_leech_idx')
      .on(t.userId, t.questionId)
      .where(sql`${t.misses} >= 8`),
  ],
);
