import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    image: text('image'),
    dateOfBirth: date('date_of_birth'),
    isActive: boolean('is_active').notNull().default(true),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    dateJoined: moment('date_joined').notNull().defaultNow(),
    lastLogin: moment('last_login'),
  },
  // E-mail addresses are unique whatever their case.
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** Token keys are stored only as a SHA-256 hash (PRODUCT.md §1). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    userId: ownerId(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * Six-digit one-time codes (e-mail verification, password reset), stored only as a SHA-256
 * hash of purpose and code; one live code per user and purpose (docs/decisions/001-accounts.md).
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    purpose: varchar('purpose', { length: 32 })
      .$type<'email_verification' | 'password_reset'>()
      .notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose),
    index('one_time_codes_hash_idx').on(t.codeHash),
  ],
);

/** The owning user: required, and the row goes with the account. */
export function ownerId() {
  return integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}
