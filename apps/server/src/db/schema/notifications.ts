import { index, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
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

/**
 * The mailing lists a learner opted into (one row per list: present = subscribed, off by
 * default), e.g. `mock_exam_opens`. Each mail of a list carries a one-click unsubscribe link
 * (`modules/notifications/unsubscribe.ts`).
 */
export const mailSubscriptions = pgTable(
  'mail_subscriptions',
  {
    userId: ownerId(),
    list: varchar('list', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.list] }),
    index('mail_subscriptions_list_idx').on(t.list),
  ],
);
