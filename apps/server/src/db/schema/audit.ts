import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { createdAt } from './columns';

/**
 * Every staff write: who (kept as e-mail too, so the row outlives the account), what, on
 * which record, and the record before and after. Rows are only ever inserted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: varchar('actor_email', { length: 254 }).notNull(),
    /** e.g. plan.create, purchase.approve, report.answer, comment.delete, user.update. */
    action: varchar('action', { length: 64 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: integer('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);
