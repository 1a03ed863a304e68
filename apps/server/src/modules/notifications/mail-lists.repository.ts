import { and, eq } from 'drizzle-orm';
import type { MailList } from '@qbank/contract';
import type { Db } from '../../db/client';
import { mailSubscriptions } from '../../db/schema/index';

/** The lists a learner opted into. */
export async function listsOf(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ list: mailSubscriptions.list })
    .from(mailSubscriptions)
    .where(eq(mailSubscriptions.userId, userId));
  return new Set(rows.map((r) => r.list));
}

export async function subscribe(db: Db, userId: number, list: MailList) {
  await db.insert(mailSubscriptions).values({ userId, list }).onConflictDoNothing();
}

/** Whether the learner was subscribed (the row existed). */
export async function unsubscribe(db: Db, userId: number, list: MailList) {
  const rows = await db
    .delete(mailSubscriptions)
    .where(and(eq(mailSubscriptions.userId, userId), eq(mailSubscriptions.list, list)))
    .returning({ userId: mailSubscriptions.userId });
  return rows.length > 0;
}
