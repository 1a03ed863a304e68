import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { hashPassword } from '../../lib/passwords';

/** Creates a confirmed staff user; an existing user is promoted. Returns true when created. */
export async function createStaffUser(db: Db, email: string, password: string): Promise<boolean> {
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
    passwordHash: await hashPassword(password),
    isStaff: true,
    isConfirmed: true,
  });
  return true;
}
