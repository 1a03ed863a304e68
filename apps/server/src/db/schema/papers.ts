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
import { moment } from './columns';
import { ownerId } from './users';

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
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
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
    // The ranked population of a paper, by score.
    index('paper_attempts_ranking_idx')
      .on(t.sourceId, t.score)
      .where(sql`${t.isRanked} and ${t.submittedAt} is not null`),
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
