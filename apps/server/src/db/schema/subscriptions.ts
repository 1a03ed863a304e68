import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { modules } from './catalogue';
import { ownerId } from './users';
import { createdAt, moment } from './columns';

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  description: text('description').notNull().default(''),
  price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  durationDays: integer('duration_days').notNull(),
  /** Opens every module; otherwise the modules listed in plan_modules. */
  allModules: boolean('all_modules').notNull().default(false),
  isArchived: boolean('is_archived').notNull().default(false),
  order: integer('order').notNull().default(0),
});

export const planModules = pgTable(
  'plan_modules',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.moduleId] })],
);

export const PURCHASE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** A learner's purchase of a plan; staff approve or reject it. */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    paymentReference: varchar('payment_reference', { length: 200 }).notNull().default(''),
    /** Media key of the receipt image. */
    receipt: text('receipt'),
    status: varchar('status', { length: 16 }).$type<PurchaseStatus>().notNull().default('pending'),
    // What was bought, as the plan stood at the purchase (issue 34): a later edit of the plan
    // changes neither the price staff compare with the receipt nor what approval grants.
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    durationDays: integer('duration_days').notNull(),
    allModules: boolean('all_modules').notNull(),
    moduleIds: integer('module_ids').array().notNull(),
    staffNote: text('staff_note').notNull().default(''),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
    decidedAt: moment('decided_at'),
    startsAt: moment('starts_at'),
    endsAt: moment('ends_at'),
  },
  (t) => [index('purchases_user_idx').on(t.userId, t.status)],
);
