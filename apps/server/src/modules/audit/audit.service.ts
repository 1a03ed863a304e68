import type { AuditEntry, AuditQuery } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import * as repo from './audit.repository';
import { fieldChanges } from './audit-diff';

type Deps = Pick<ServiceDeps, 'db'>;

export interface StaffActor {
  id: number;
  email: string;
}

export interface AuditTarget {
  /** e.g. plan, purchase, report, comment, reply, user, question. */
  type: string;
  id: number | null;
}

/** Plain JSON of a record (dates as ISO text), or null. */
function snapshot(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/**
 * The one call every staff write makes: who did what to which record, and the record before
 * and after (in the API's own shape, so the log reads like the API).
 */
export async function recordStaffAction(
  { db }: Deps,
  actor: StaffActor,
  action: string,
  target: AuditTarget,
  before: unknown,
  after: unknown,
): Promise<void> {
  await repo.insert(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    targetType: target.type,
    targetId: target.id,
    before: snapshot(before),
    after: snapshot(after),
  });
}

function toEntry(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    actor: { id: row.actorId, email: row.actorEmail, name: row.actorName },
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
    changes: fieldChanges(row.before, row.after),
    created_at: row.createdAt.toISOString(),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function list({ db }: Deps, query: AuditQuery) {
  const { total, rows } = await repo.list(
    db,
    {
      actor: query.actor || undefined,
      action: query.action || undefined,
      targetType: query.target_type || undefined,
      targetId: query.target_id,
      since: query.since ? new Date(`${query.since}T00:00:00Z`) : undefined,
      before: query.until
        ? new Date(new Date(`${query.until}T00:00:00Z`).getTime() + DAY_MS)
        : undefined,
    },
    pageWindow(query),
  );
  assertPageExists(query, total);
  return { total, results: rows.map(toEntry) };
}
