import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
} from 'drizzle-orm/pg-core';
import { choices, courses, questionRef, questions, sources } from './catalogue';
import { ownerId } from './users';

/**
 * Aggregates kept up to date by every counted answer (decision 039), so that peer statistics
 * and the dashboard never scan the answer history on a request.
 */

/** Per question: learners' first counted answers, with a histogram of their times. */
export const questionStats = pgTable(
  'question_stats',
  {
    questionId: integer('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    answers: integer('answers').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    /** Time bucket (see stats/time-buckets.ts) → number of answers. */
    timeHist: jsonb('time_hist').$type<Record<string, number>>().notNull().default({}),
    /** 1 easy … 5 hard; null under 30 answers. */
    difficulty: smallint('difficulty'),
  },
  (t) => [index('question_stats_difficulty_idx').on(t.difficulty)],
);

/** Per choice: how many first counted answers ticked it. */
export const questionChoiceStats = pgTable(
  'question_choice_stats',
  {
    questionId: questionRef(),
    choiceId: integer('choice_id')
      .notNull()
      .references(() => choices.id, { onDelete: 'cascade' }),
    picked: integer('picked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.choiceId] })],
);

const tally = () => ({
  answers: integer('answers').notNull().default(0),
  correct: integer('correct').notNull().default(0),
  timeMs: bigint('time_ms', { mode: 'number' }).notNull().default(0),
});

/** Per learner and UTC day: every counted answer summed (trend, heatmap, streak). */
export const userDailyStats = pgTable(
  'user_daily_stats',
  {
    userId: ownerId(),
    day: date('day', { mode: 'string' }).notNull(),
    ...tally(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Per learner and course: every counted answer summed, and the distinct questions answered with
 * how many were right the first time (percentile, "what next").
 */
export const userCourseStats = pgTable(
  'user_course_stats',
  {
    userId: ownerId(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    ...tally(),
    questions: integer('questions').notNull().default(0),
    firstRight: integer('first_right').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    // The percentile: a course's learners with enough answered questions.
    index('user_course_stats_course_idx').on(t.courseId, t.questions),
  ],
);

/** Per learner and source (past exam): every counted answer summed. */
export const userSourceStats = pgTable(
  'user_source_stats',
  {
    userId: ownerId(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    ...tally(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sourceId] })],
);
