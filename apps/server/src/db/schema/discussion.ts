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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { questionRef } from './catalogue';
import { ownerId, users } from './users';
import { createdAt, updatedAt } from './columns';

export { REPORT_REASONS, REPORT_STATUSES };

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    questionId: questionRef(),
    reason: varchar('reason', { length: 16 }).$type<(typeof REPORT_REASONS)[number]>().notNull(),
    message: text('message').notNull().default(''),
    status: varchar('status', { length: 16 })
      .$type<(typeof REPORT_STATUSES)[number]>()
      .notNull()
      .default('open'),
    staffAnswer: text('staff_answer').notNull().default(''),
    /** Storage key of the optional screenshot (private, `reports/…`). */
    screenshot: varchar('screenshot', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('reports_user_idx').on(t.userId), index('reports_status_idx').on(t.status)],
);

/**
 * What a comment and a reply both hold: the author (null once the account is deleted), the text
 * and the rank (ups - downs, kept in step with the reactions in the same transaction).
 */
const postColumns = () => ({
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  body: text('body').notNull(),
  rank: integer('rank').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A comment on a question; its author becomes null when the account is deleted. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    questionId: questionRef(),
    ...postColumns(),
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
    ...postColumns(),
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
    userId: ownerId(),
    value: smallint('value').notNull(),
    createdAt: createdAt(),
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
    userId: ownerId(),
    value: smallint('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('comment_reply_reactions_reply_user_idx').on(t.replyId, t.userId),
    check('comment_reply_reactions_value', sql`${t.value} in (-1, 1)`),
  ],
);
