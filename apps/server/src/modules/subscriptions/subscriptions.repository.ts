import { and, asc, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PurchaseStatusValue } from '@qbank/contract';
import type { Db } from '../../db/client';
import { modules, planModules, plans, purchases, users } from '../../db/schema/index';

export type PlanRow = typeof plans.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;
export type PlanWithModules = PlanRow & { modules: { id: number; name: string }[] };

// ---------------------------------------------------------------- plans

/** The modules of each plan, in display order. */
async function modulesOfPlans(
  db: Db,
  planIds: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const byPlan = new Map<number, { id: number; name: string }[]>(planIds.map((id) => [id, []]));
  if (planIds.length === 0) return byPlan;
  const rows = await db
    .select({ planId: planModules.planId, id: modules.id, name: modules.name })
    .from(planModules)
    .innerJoin(modules, eq(modules.id, planModules.moduleId))
    .where(inArray(planModules.planId, planIds))
    .orderBy(asc(modules.order), asc(modules.id));
  for (const row of rows) byPlan.get(row.planId)?.push({ id: row.id, name: row.name });
  return byPlan;
}

async function withModules(db: Db, rows: PlanRow[]): Promise<PlanWithModules[]> {
  const byPlan = await modulesOfPlans(db, [...new Set(rows.map((r) => r.id))]);
  return rows.map((r) => ({ ...r, modules: byPlan.get(r.id) ?? [] }));
}

export async function listPlans(
  db: Db,
  isArchived: boolean | undefined,
): Promise<PlanWithModules[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(isArchived === undefined ? undefined : eq(plans.isArchived, isArchived))
    .orderBy(asc(plans.order), asc(plans.id));
  return withModules(db, rows);
}

export async function findPlan(db: Db, id: number): Promise<PlanWithModules | undefined> {
  const rows = await db.select().from(plans).where(eq(plans.id, id));
  return (await withModules(db, rows))[0];
}

/** The ids among `ids` that name no module. */
export async function missingModuleIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db.select({ id: modules.id }).from(modules).where(inArray(modules.id, ids));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export type PlanValues = Omit<typeof plans.$inferInsert, 'id' | 'order'>;

/** Inserts a plan and its modules in one transaction; returns its id. */
export async function insertPlan(db: Db, values: PlanValues, moduleIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(plans).values(values).returning({ id: plans.id });
    if (moduleIds.length) {
      await tx
        .insert(planModules)
        .values(moduleIds.map((moduleId) => ({ planId: row!.id, moduleId })));
    }
    return row!.id;
  });
}

/** Updates a plan; `moduleIds`, when given, replaces its module list. */
export async function updatePlan(
  db: Db,
  id: number,
  values: Partial<PlanValues>,
  moduleIds: number[] | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (Object.keys(values).length) await tx.update(plans).set(values).where(eq(plans.id, id));
    if (moduleIds) {
      await tx.delete(planModules).where(eq(planModules.planId, id));
      if (moduleIds.length) {
        await tx
          .insert(planModules)
          .values(moduleIds.map((moduleId) => ({ planId: id, moduleId })));
      }
    }
  });
}

// ---------------------------------------------------------------- purchases

export type PurchaseWithPlan = PurchaseRow & { plan: PlanWithModules };

/**
 * Each purchase with its plan as bought: name and description from the plan, price, currency,
 * duration and modules from the purchase's own record of them (issue 34).
 */
async function attachPlans<T extends PurchaseRow>(
  db: Db,
  rows: T[],
): Promise<(T & { plan: PlanWithModules })[]> {
  const planIds = [...new Set(rows.map((r) => r.planId))];
  const planRows = planIds.length
    ? await db.select().from(plans).where(inArray(plans.id, planIds))
    : [];
  const byId = new Map(planRows.map((p) => [p.id, p]));
  const moduleIds = [...new Set(rows.flatMap((r) => r.moduleIds))];
  const bought = moduleIds.length
    ? await db
        .select({ id: modules.id, name: modules.name })
        .from(modules)
        .where(inArray(modules.id, moduleIds))
        .orderBy(asc(modules.order), asc(modules.id))
    : [];
  return rows.map((r) => ({
    ...r,
    plan: {
      ...byId.get(r.planId)!,
      price: r.price,
      currency: r.currency,
      durationDays: r.durationDays,
      allModules: r.allModules,
      modules: bought.filter((m) => r.moduleIds.includes(m.id)),
    },
  }));
}

/** The purchases of one user, newest first. */
export async function listUserPurchases(
  db: Db,
  userId: number,
  isArchived: boolean | undefined,
): Promise<PurchaseWithPlan[]> {
  const rows = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        isArchived === undefined ? undefined : eq(purchases.isArchived, isArchived),
      ),
    )
    .orderBy(desc(purchases.createdAt), desc(purchases.id));
  return attachPlans(db, rows);
}

/** One purchase of its owner (undefined for anyone else's). */
export async function findUserPurchase(
  db: Db,
  userId: number,
  id: number,
): Promise<PurchaseWithPlan | undefined> {
  const rows = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, id), eq(purchases.userId, userId)));
  return (await attachPlans(db, rows))[0];
}

export async function setPurchaseArchived(
  db: Db,
  userId: number,
  id: number,
  isArchived: boolean,
): Promise<void> {
  await db
    .update(purchases)
    .set({ isArchived })
    .where(and(eq(purchases.id, id), eq(purchases.userId, userId)));
}

/** Deletes one of the user's purchases while still pending; returns its receipt key, or false. */
export async function deletePendingUserPurchase(
  db: Db,
  userId: number,
  id: number,
): Promise<{ receipt: string | null } | false> {
  const rows = await db
    .delete(purchases)
    .where(and(eq(purchases.id, id), eq(purchases.userId, userId), eq(purchases.status, 'pending')))
    .returning({ receipt: purchases.receipt });
  return rows[0] ?? false;
}

/**
 * Runs `fn` in a transaction that holds a lock on the user's row, so that two purchases of
 * the same user are checked and inserted one after the other.
 */
export async function withUserLock<T>(
  db: Db,
  userId: number,
  fn: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return fn(tx);
  });
}

export async function hasPendingPurchase(db: Db, userId: number, planId: number): Promise<boolean> {
  const rows = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.planId, planId),
        eq(purchases.status, 'pending'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type PurchaseValues = Pick<
  typeof purchases.$inferInsert,
  | 'userId'
  | 'planId'
  | 'paymentReference'
  | 'receipt'
  | 'price'
  | 'currency'
  | 'durationDays'
  | 'allModules'
  | 'moduleIds'
>;

/** What a purchase of `plan` buys now: kept with the purchase, granted on approval. */
export const termsOf = (plan: PlanRow, moduleIds: number[]) => ({
  price: plan.price,
  currency: plan.currency,
  durationDays: plan.durationDays,
  allModules: plan.allModules,
  moduleIds,
});

export async function insertPurchase(db: Db, values: PurchaseValues): Promise<number> {
  const [row] = await db.insert(purchases).values(values).returning({ id: purchases.id });
  return row!.id;
}

/** Approved purchases running at `now`, the one ending last first. */
export async function activePurchases(
  db: Db,
  userId: number,
  now: Date,
): Promise<PurchaseWithPlan[]> {
  const rows = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.status, 'approved'),
        lte(purchases.startsAt, now),
        gt(purchases.endsAt, now),
      ),
    )
    .orderBy(desc(purchases.endsAt), desc(purchases.id));
  return attachPlans(db, rows);
}

// ---------------------------------------------------------------- staff

const buyer = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};
export type Buyer = { id: number; email: string; firstName: string; lastName: string };
export type StaffPurchaseRow = PurchaseWithPlan & { user: Buyer };

function statusCondition(status: PurchaseStatusValue, now: Date): SQL | undefined {
  switch (status) {
    case 'pending':
    case 'rejected':
      return eq(purchases.status, status);
    case 'active':
      return and(eq(purchases.status, 'approved'), gt(purchases.endsAt, now));
    case 'expired':
      return and(eq(purchases.status, 'approved'), lte(purchases.endsAt, now));
  }
}

export interface StaffPurchaseFilter {
  status?: PurchaseStatusValue;
  search?: string;
  now: Date;
  limit: number;
  offset: number;
}

/** A page of every user's purchases; pending ones oldest first (a queue), others newest first. */
export async function listAllPurchases(
  db: Db,
  filter: StaffPurchaseFilter,
): Promise<{ count: number; rows: StaffPurchaseRow[] }> {
  const pattern = filter.search
    ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    : undefined;
  const where = and(
    filter.status ? statusCondition(filter.status, filter.now) : undefined,
    pattern
      ? or(ilike(users.email, pattern), ilike(purchases.paymentReference, pattern))
      : undefined,
  );
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(where);
  const order =
    filter.status === 'pending'
      ? [asc(purchases.createdAt), asc(purchases.id)]
      : [desc(purchases.createdAt), desc(purchases.id)];
  const rows = await db
    .select({ purchase: purchases, user: buyer })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(where)
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset);
  const withPlans = await attachPlans(
    db,
    rows.map((r) => ({ ...r.purchase, user: r.user })),
  );
  return { count: total?.count ?? 0, rows: withPlans };
}

export async function findStaffPurchase(db: Db, id: number): Promise<StaffPurchaseRow | undefined> {
  const rows = await db
    .select({ purchase: purchases, user: buyer })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(eq(purchases.id, id));
  return (
    await attachPlans(
      db,
      rows.map((r) => ({ ...r.purchase, user: r.user })),
    )
  )[0];
}

/**
 * Decides a pending purchase in one statement (so two staff members cannot both decide it);
 * false when it is not pending any more.
 */
export async function decidePendingPurchase(
  db: Db,
  id: number,
  values: Pick<PurchaseRow, 'status' | 'staffNote' | 'decidedAt' | 'startsAt' | 'endsAt'>,
): Promise<boolean> {
  const rows = await db
    .update(purchases)
    .set(values)
    .where(and(eq(purchases.id, id), eq(purchases.status, 'pending')))
    .returning({ id: purchases.id });
  return rows.length > 0;
}
