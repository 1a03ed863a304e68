import type { SCORING_RULES } from '@qbank/contract/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { questionRef, sources } from './catalogue';
import { createdAt, moment } from './columns';
import { plans } from './subscriptions';
import { ownerId, users } from './users';

type ScoringRule = (typeof SCORING_RULES)[number];

/**
 * A mock exam scheduled by staff (issue 35): one fixed paper for every taker, who may sit it
 * once inside its window; results are shown from `resultsAt`.
 */
export const mockExams = pgTable('mock_exams', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  /** The paper, drawn or chosen when the exam is created: the same for every taker. */
  questionIds: jsonb('question_ids').$type<number[]>().notNull(),
  scoring: varchar('scoring', { length: 16 }).$type<ScoringRule>().notNull(),
  opensAt: moment('opens_at').notNull(),
  closesAt: moment('closes_at').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  resultsAt: moment('results_at').notNull(),
  /** Who may sit it: holders of this plan, or readers of every module listed; neither: all. */
  audiencePlanId: integer('audience_plan_id').references(() => plans.id, { onDelete: 'set null' }),
  audienceModuleIds: jsonb('audience_module_ids').$type<number[]>().notNull().default([]),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /** Set once the takers were told their results are out (first sweep past `resultsAt`). */
  resultsNotifiedAt: moment('results_notified_at'),
  /** Set once the audience was told it opened (first sweep past `opensAt`, claimed once). */
  openingAnnouncedAt: moment('opening_announced_at'),
  /** Set once the audience was told the window opened. */
  openNotifiedAt: moment('open_notified_at'),
});

/**
 * One sitting of a past paper (issue 35, decision 052). The paper is frozen at the start (its
 * question ids in their original order, its rule, its deadline by the server's clock), so a
 * later edit of the source never changes a sitting under way or a ranked score.
 */
export const paperAttempts = pgTable(
  'paper_attempts',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    /** The past paper sat; null for a mock exam. */
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'cascade' }),
    /** The mock exam sat; null for a past paper. */
    mockExamId: integer('mock_exam_id').references(() => mockExams.id, { onDelete: 'cascade' }),
    questionIds: jsonb('question_ids').$type<number[]>().notNull(),
    scoring: varchar('scoring', { length: 16 }).$type<(typeof SCORING_RULES)[number]>().notNull(),
    timeLimitMinutes: integer('time_limit_minutes').notNull(),
    startedAt: moment('started_at').notNull(),
    deadline: moment('deadline').notNull(),
    submittedAt: moment('submitted_at'),
    /** The learner's first attempt at this paper: the only one that counts in the ranking. */
    isRanked: boolean('is_ranked').notNull(),
    /** Set at submission. */
    score: real('score'),
  },
  (t) => [
    index('paper_attempts_user_source_idx').on(t.userId, t.sourceId),
    // One ranked attempt per learner and paper, whatever races two starts.
    uniqueIndex('paper_attempts_ranked_idx')
      .on(t.userId, t.sourceId)
      .where(sql`${t.isRanked}`),
    // A mock exam is sat once: every attempt at it is ranked, one per learner.
    uniqueIndex('paper_attempts_mock_idx').on(t.userId, t.mockExamId),
    // The ranked population of a paper or a mock exam, by score.
    index('paper_attempts_ranking_idx')
      .on(t.sourceId, t.score)
      .where(sql`${t.isRanked} and ${t.submittedAt} is not null`),
    index('paper_attempts_mock_ranking_idx').on(t.mockExamId, t.score),
    // Open sittings, for the deadline sweep.
    index('paper_attempts_open_idx')
      .on(t.deadline)
      .where(sql`${t.submittedAt} is null`),
  ],
);

/** The choices ticked on one question of an attempt; scored at submission. */
export const paperAnswers = pgTable(
  'paper_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => paperAttempts.id, { onDelete: 'cascade' }),
    questionId: questionRef(),
    choices: jsonb('choices').$type<number[]>().notNull(),
    score: real('score'),
    answeredAt: moment('answered_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);
