import type { StaffUser, StaffUserDetail, StaffUserQuery, StaffUserUpdate } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import { revokeTokens, type User } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { invalidateUsers } from '../../lib/cache';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import { recordStaffAction } from '../audit/audit.service';
import { listUserPurchases } from '../subscriptions/subscriptions.repository';
import { purchaseStatus } from '../subscriptions/subscriptions.service';
import * as repo from './staff.repository';

type Deps = Pick<ServiceDeps, 'db'>;

export const NOT_YOURSELF = 'You cannot change your own staff or active status.';

function toStaffUser(u: repo.UserRow): StaffUser {
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    is_active: u.isActive,
    is_confirmed: u.isConfirmed,
    is_staff: u.isStaff,
    date_joined: u.dateJoined.toISOString(),
    last_login: u.lastLogin ? u.lastLogin.toISOString() : null,
  };
}

export async function listUsers({ db }: Deps, query: StaffUserQuery) {
  const { total, rows } = await repo.listUsers(
    db,
    { search: query.search || undefined, isStaff: query.is_staff, isActive: query.is_active },
    pageWindow(query),
  );
  assertPageExists(query, total);
  return { total, results: rows.map(toStaffUser) };
}

/** A user with every purchase (archived too), newest first. */
export async function getUser({ db }: Deps, id: number): Promise<StaffUserDetail> {
  const user = await repo.findUser(db, id);
  if (!user) throw notFound();
  const now = new Date();
  const purchases = await listUserPurchases(db, id, undefined);
  return {
    ...toStaffUser(user),
    subscriptions: purchases.map((p) => ({
      id: p.id,
      plan: { id: p.plan.id, name: p.plan.name },
      status: purchaseStatus(p, now),
      created_at: p.createdAt.toISOString(),
      starts_at: p.startsAt ? p.startsAt.toISOString() : null,
      ends_at: p.endsAt ? p.endsAt.toISOString() : null,
    })),
  };
}

/**
 * Grants or revokes staff, deactivates or reactivates. Deactivation signs the user out
 * everywhere; staff cannot change their own flags (no one locks the last admin out by accident).
 */
export async function updateUser(
  deps: Deps,
  actor: User,
  id: number,
  input: StaffUserUpdate,
): Promise<StaffUserDetail> {
  const { db } = deps;
  const before = await repo.findUser(db, id);
  if (!before) throw notFound();
  if (id === actor.id && (input.is_staff !== undefined || input.is_active !== undefined)) {
    throw badRequest(input.is_staff !== undefined ? 'is_staff' : 'is_active', NOT_YOURSELF);
  }
  const values: Parameters<typeof repo.updateUser>[2] = {};
  if (input.is_staff !== undefined) values.isStaff = input.is_staff;
  if (input.is_active !== undefined) values.isActive = input.is_active;
  if (Object.keys(values).length === 0) return getUser(deps, id);
  const after = (await repo.updateUser(db, id, values))!;
  if (before.isActive && !after.isActive) await revokeTokens(db, id);
  // Cached token lookups hold the old flags.
  await invalidateUsers(db, [id]);
  const changes = [
    before.isStaff !== after.isStaff
      ? after.isStaff
        ? 'user.grant_staff'
        : 'user.revoke_staff'
      : null,
    before.isActive !== after.isActive
      ? after.isActive
        ? 'user.activate'
        : 'user.deactivate'
      : null,
  ].filter((a): a is string => a !== null);
  for (const action of changes) {
    await recordStaffAction(
      deps,
      actor,
      action,
      { type: 'user', id },
      toStaffUser(before),
      toStaffUser(after),
    );
  }
  return getUser(deps, id);
}
