import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;
export interface NewNotification {
  kind: string;
  message: string;
  link?: string | null;
}

export async function insertMany(db: Db, userIds: number[], n: NewNotification): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(notifications)
    .values(
      userIds.map((userId) => ({ userId, kind: n.kind, message: n.message, link: n.link ?? null })),
    );
}

const readFilter = (isRead: boolean | undefined): SQL | undefined =>
  isRead === undefined
    ? undefined
    : isRead
      ? isNotNull(notifications.readAt)
      : isNull(notifications.readAt);

export async function listForUser(
  db: Db,
  userId: number,
  isRead: boolean | undefined,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: NotificationRow[] }> {
  const where = and(eq(notifications.userId, userId), readFilter(isRead));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(notifications)
    .where(where);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's notifications among `ids` (all when undefined) read; answers how many changed. */
export async function markRead(db: Db, userId: number, ids?: number[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findForUser(
  db: Db,
  userId: number,
  id: number,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}
