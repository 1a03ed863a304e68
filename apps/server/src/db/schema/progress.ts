import { ANSWER_MODES } from '@qbank/contract/constants';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Confidence, MissClass } from '@qbank/contract/confidence-values';
import { courses, modules, questionRef } from './catalogue';
import { ownerId } from './users';
import { createdAt, moment, updatedAt } from './columns';

/** One pass of a user through a course (course_id) or a custom set of questions. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull().default(''),
    /** Question ids of a custom session (null for a course session). */
    questionIds: jsonb('question_ids').$type<number[]>(),
    isFinished: boolean('is_finished').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_course_idx').on(t.userId, t.courseId)],
);

/** An answer given in a session. */
export const sessionQuestions = pgTable(
  'session_questions',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    questionId: questionRef(),
    /** Ids of the choices the user ticked. */
    choices: jsonb('choices').$type<number[]>().notNull(),
    isCorrect: boolean('is_correct').notNull(),
    score: real('score').notNull(),
    /** How sure the learner said they were (sure / unsure / guess); null when not asked. */
    confidence: varchar('confidence', { length: 8 }).$type<Confidence>(),
    answeredAt: moment('answered_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('session_questions_session_question_idx').on(t.sessionId, t.questionId),
    index('session_questions_user_idx').on(t.userId, t.questionId),
  ],
);

export { ANSWER_MODES };

/** The permanent log of every answer (PRODUCT.md §4); only its owner can delete an entry. */
export const questionAnswerHistory = pgTable(
  'question_answer_history',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    questionId: questionRef(),
    choices: jsonb('choices').$type<number[]>().notNull(),
    isCorrect: boolean('is_correct').notNull(),
    score: real('score').notNull(),
    timeSpentMs: integer('time_spent_ms').notNull().default(0),
    mode: varchar('mode', { length: 8 }).$type<(typeof ANSWER_MODES)[number]>().notNull(),
    /** How sure the learner said they were (sure / unsure / guess); null when not asked. */
    confidence: varchar('confidence', { length: 8 }).$type<Confidence>(),
    /** Why a wrong answer was missed, as the learner classified it afterwards; null otherwise. */
    missClass: varchar('miss_class', { length: 10 }).$type<MissClass>(),
    /** False for a "don't count this run" answer: left out of statistics (decision 039). */
    counted: boolean('counted').notNull().default(true),
    /** The choice ids in the order the learner saw them (random order); null: letter order. */
    choiceOrder: jsonb('choice_order').$type<number[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('history_user_question_idx').on(t.userId, t.questionId, t.createdAt),
    // The history list: the user's entries, newest first.
    index('history_user_created_idx').on(t.userId, t.createdAt),
    // A question's answers: re-scoring a key change, recounting its peer figures (decision 049).
    index('history_question_idx').on(t.questionId),
  ],
);

export const RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type Rating = (typeof RATINGS)[number];

/** The user's own rating of a question, with its spaced-repetition (FSRS) card state. */
export const questionEvaluations = pgTable(
  'question_evaluations',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    questionId: questionRef(),
    rating: varchar('rating', { length: 8 }).$type<Rating>().notNull(),
    // Double precision: replaying a review log through ts-fsrs gives the very same numbers.
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning (decision 038). */
    state: smallint('state').notNull().default(0),
    /** The (re)learning step the card is on. */
    learningSteps: integer('learning_steps').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    lastReview: moment('last_review'),
    dueAt: moment('due_at').notNull().defaultNow(),
    /** Left out of the due queue by the learner (a leech they gave up on for now). */
    suspended: boolean('suspended').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('evaluations_user_question_idx').on(t.userId, t.questionId),
    index('evaluations_user_due_idx').on(t.userId, t.dueAt),
    // A learner's leeches (LEECH_LAPSES = 8 lapses), pinned on the mistakes shelf.
    index('evaluations_user_leech_idx')
      .on(t.userId, t.questionId)
      .where(sql`${t.lapses} >= 8`),
  ],
);

/** The modules a user chose to study (asked at onboarding). */
export const moduleFilters = pgTable(
  'module_filters',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('module_filters_user_module_idx').on(t.userId, t.moduleId)],
);

/** Per course, the sources to which its questions are limited for this user. */
export const courseFilters = pgTable(
  'course_filters',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    courseSources: jsonb('course_sources').$type<number[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('course_filters_user_course_idx').on(t.userId, t.courseId)],
);
