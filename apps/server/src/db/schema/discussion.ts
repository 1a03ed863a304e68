import {
  REPORT_REASON_VALUES as REPORT_REASONS,
  REPORT_STATUS_VALUES as REPORT_STATUSES,
} from '@qbank/contract/constants';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { questions } from './catalogue';
import { users } from './users';

export { REPORT_REASONS, REPORT_STATUSES };

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 16 }).$type<(typeof REPORT_REASONS)[number]>().notNull(),
    message: text('message').notNull().default(''),
    status: varchar('status', { length: 16 })
      .$type<(typeof REPORT_STATUSES)[number]>()
      .notNull()
      .default('open'),
    staffAnswer: text('staff_answer').notNull().default(''),
    /** Storage key of the optional screenshot (private, `reports/…`). */
    screenshot: varchar('screenshot', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_user_idx').on(t.userId), index('reports_status_idx').on(t.status)],
);

/** A comment on a question; its author becomes null when the account is deleted. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** ups - downs, kept in step with comment_reactions in the same transaction. */
    rank: integer('rank').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comments_question_idx').on(t.questionId, t.createdAt)],
);

export const commentAttachments = pgTable(
  'comment_attachments',
  {
    id: serial('id').primaryKey(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
  },
  (t) => [index('comment_attachments_comment_idx').on(t.commentId)],
);

export const commentReplies = pgTable(
  'comment_replies',
  {
    id: serial('id').primaryKey(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    rank: integer('rank').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comment_replies_comment_idx').on(t.commentId, t.createdAt)],
);

export const commentReplyAttachments = pgTable(
  'comment_reply_attachments',
  {
    id: serial('id').primaryKey(),
    replyId: integer('reply_id')
      .notNull()
      .references(() => commentReplies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
  },
  (t) => [index('comment_reply_attachments_reply_idx').on(t.replyId)],
);

/** At most one reaction per user and comment: a unique constraint, not a check in code. */
export const commentReactions = pgTable(
  'comment_reactions',
  {
    id: serial('id').primaryKey(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comment_reactions_comment_user_idx').on(t.commentId, t.userId),
    check('comment_reactions_value', sql`${t.value} in (-1, 1)`),
  ],
);

export const commentReplyReactions = pgTable(
  'comment_reply_reactions',
  {
    id: serial('id').primaryKey(),
    replyId: integer('reply_id')
      .notNull()
      .references(() => commentReplies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comment_reply_reactions_reply_user_idx').on(t.replyId, t.userId),
    check('comment_reply_reactions_value', sql`${t.value} in (-1, 1)`),
  ],
);
