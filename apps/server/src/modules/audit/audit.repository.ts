import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema/index';

export type AuditRow = typeof auditLog.$inferSelect & { actorName: string };
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: number;
  since?: Date;
  /** Exclusive upper bound. */
  before?: Date;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function insert(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export async function list(
  db: Db,
  f: AuditFilters,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: AuditRow[] }> {
  const conditions: (SQL | undefined)[] = [
    f.actor ? ilike(auditLog.actorEmail, `%${escapeLike(f.actor)}%`) : undefined,
    f.action
      ? f.action.includes('.')
        ? eq(auditLog.action, f.action)
        : or(eq(auditLog.action, f.action), ilike(auditLog.action, `${escapeLike(f.action)}.%`))
      : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.targetId !== undefined ? eq(auditLog.targetId, f.targetId) : undefined,
    f.since ? gte(auditLog.createdAt, f.since) : undefined,
    f.before ? lt(auditLog.createdAt, f.before) : undefined,
  ];
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(auditLog)
    .where(where);
  // The actor's name is read now (an account renamed shows its new name); the e-mail is kept.
  const rows = await db
    .select({
      ...getTableColumns(auditLog),
      actorName: sql<string>`coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows };
}
