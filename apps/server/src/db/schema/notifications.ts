import { index, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { ownerId } from './users';
import { createdAt, moment } from './columns';

/**
 * In-app messages to one user (a purchase decided, a report answered, a comment removed, a
 * question's key changed). Read by the learner's bell; `readAt` null = unread.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    /** What happened, e.g. purchase_approved, report_answered, comment_removed. */
    kind: varchar('kind', { length: 64 }).notNull(),
    message: text('message').notNull(),
    /** In-app path to open, e.g. /subscriptions or /questions/12. */
    link: text('link'),
    readAt: moment('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
