import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { hashPassword } from '../../lib/passwords';

/** Creates a confirmed staff user; an existing user is promoted. Returns true when created. */
export async function createStaffUser(
  db: Db,
  email: string,
  password: string,
  names: { firstName: string; lastName: string } = { firstName: '', lastName: '' },
): Promise<boolean> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (existing[0]) {
    await db.update(users).set({ isStaff: true }).where(eq(users.id, existing[0].id));
    return false;
  }
  await db.insert(users).values({
    email,
    ...names,
    passwordHash: await hashPassword(password),
    isStaff: true,
    isConfirmed: true,
  });
  return true;
}

export async function hasStaff(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isStaff, true));
  return (row?.n ?? 0) > 0;
}

export type UserRow = typeof users.$inferSelect;

export interface UserFilters {
  search?: string;
  isStaff?: boolean;
  isActive?: boolean;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users for the back office, newest first; `search` matches e-mail or names. */
export async function listUsers(
  db: Db,
  f: UserFilters,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: UserRow[] }> {
  const like = f.search ? `%${escapeLike(f.search)}%` : undefined;
  const where = and(
    like
      ? or(
          ilike(users.email, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        )
      : undefined,
    f.isStaff === undefined ? undefined : eq(users.isStaff, f.isStaff),
    f.isActive === undefined ? undefined : eq(users.isActive, f.isActive),
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.dateJoined), desc(users.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows };
}

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<Pick<UserRow, 'isStaff' | 'isActive'>>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}
