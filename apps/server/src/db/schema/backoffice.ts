import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { questionRef } from './catalogue';
import { users } from './users';
import { createdAt, moment } from './columns';

/** What a question version keeps: its whole editable content (decision 037). */
export interface QuestionSnapshot {
  type: 'qcs' | 'qcm';
  stem: string;
  explanation: string;
  key_point: string;
  tags: string[];
  images: string[];
  course: number;
  source: number | null;
  year: number | null;
  clinical_case: number | null;
  status: string;
  choices: { id: number; text: string; is_correct: boolean; explanation: string }[];
}

/** The version history of a question: one row per saved edit of a live question. */
export const questionVersions = pgTable(
  'question_versions',
  {
    id: serial('id').primaryKey(),
    questionId: questionRef(),
    number: integer('number').notNull(),
    snapshot: jsonb('snapshot').$type<QuestionSnapshot>().notNull(),
    /** The key (correct choice ids) changed from the previous version: answers were re-scored. */
    rescored: integer('rescored').notNull().default(0),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('question_versions_question_number_idx').on(t.questionId, t.number),
    index('question_versions_question_idx').on(t.questionId),
  ],
);

/**
 * A background import from the web (issue 38): its progress lives here so any instance can
 * answer a poll. The instance running it refreshes `heartbeat_at`; a `running` row whose
 * heartbeat stopped belongs to a process that died, and is reported failed.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey(),
    state: varchar('state', { length: 16 }).$type<'running' | 'done' | 'failed'>().notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull(),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    error: text('error'),
    heartbeatAt: moment('heartbeat_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('import_jobs_created_idx').on(t.createdAt)],
);

/**
 * Settings staff adjust from the back office (issue 34), one row per key, e.g.
 * `duplicates.threshold`. A key with no row uses the code's default.
 */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});
