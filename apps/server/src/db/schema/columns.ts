import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Column builders every table repeats, written once. Each call makes a fresh builder (Drizzle
 * binds a builder to one table). The owner and question references live beside their tables
 * (`ownerId` in users.ts, `questionRef` in catalogue.ts), so no schema file imports in a cycle.
 */

/** A moment with its time zone (every timestamp column is one). */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made. */
export const createdAt = () => moment('created_at').notNull().defaultNow();

/** When the row last changed (written by the code that changes it). */
export const updatedAt = () => moment('updated_at').notNull().defaultNow();
