import { invalidPk } from '@qbank/contract';
import {
  buySubscriptionFieldsSchema,
  type Plan,
  type PlanCreateData,
  type PlanUpdateData,
  type Purchase,
  type PurchaseApprove,
  type PurchaseArchive,
  type PurchaseReject,
  type PurchaseStatusValue,
  type StaffPurchase,
  type StaffPurchaseQuery,
  type SubscriptionCheck,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import { invalidateUsers } from '../../lib/cache';
import type { User } from '../../lib/auth';
import { badRequest, fieldErrors, nonFieldError, notFound } from '../../lib/errors';
import { cleanImage, newImageKey } from '../../lib/images';
import { firstValues, type ParsedForm } from '../../lib/multipart';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import { parseOrThrow } from '../../lib/validation';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { notifyAndMail, type MailDeps } from '../notifications/notifications.service';
import * as repo from './subscriptions.repository';

export type Deps = Pick<ServiceDeps, 'db' | 'storage'>;
/** Staff decisions also tell the learner (in the app and by mail). */
export type StaffDeps = Deps & MailDeps;

const DAY_MS = 24 * 60 * 60 * 1000;
export const RECEIPT_FOLDER = 'receipts';
export const MESSAGES = {
  noFile: 'No file was submitted.',
  planArchived: 'This plan is no longer available.',
  alreadyPending: 'You already have a pending purchase of this plan; wait for it to be reviewed.',
  archivePending: 'A pending purchase cannot be archived.',
  notPending: 'Only a pending purchase can be approved or rejected.',
  cancelDecided: 'Only a pending purchase can be cancelled.',
  noModules: 'Choose at least one module, or open all modules.',
};

// ---------------------------------------------------------------- shapes

export function toPlan(p: repo.PlanWithModules): Plan {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    currency: p.currency,
    duration_days: p.durationDays,
    all_modules: p.allModules,
    modules: p.modules,
    is_archived: p.isArchived,
  };
}

/** Stored states pending/approved/rejected; an approved one is active until it ends. */
export function purchaseStatus(p: repo.PurchaseRow, now: Date): PurchaseStatusValue {
  if (p.status !== 'approved') return p.status;
  return p.endsAt && now < p.endsAt ? 'active' : 'expired';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toPurchase(p: repo.PurchaseWithPlan, deps: Deps, now: Date): Purchase {
  return {
    id: p.id,
    plan: toPlan(p.plan),
    payment_reference: p.paymentReference,
    receipt: p.receipt ? deps.storage.url(p.receipt) : null,
    status: purchaseStatus(p, now),
    staff_note: p.staffNote,
    created_at: p.createdAt.toISOString(),
    starts_at: iso(p.startsAt),
    ends_at: iso(p.endsAt),
    is_archived: p.isArchived,
  };
}

function toStaffPurchase(p: repo.StaffPurchaseRow, deps: Deps, now: Date): StaffPurchase {
  return {
    ...toPurchase(p, deps, now),
    user: {
      id: p.user.id,
      email: p.user.email,
      first_name: p.user.firstName,
      last_name: p.user.lastName,
    },
    decided_at: iso(p.decidedAt),
  };
}

// ---------------------------------------------------------------- learners

export async function listPlans(deps: Deps, isArchived: boolean | undefined): Promise<Plan[]> {
  return (await repo.listPlans(deps.db, isArchived)).map(toPlan);
}

export async function getPlan(deps: Deps, id: number): Promise<Plan> {
  const plan = await repo.findPlan(deps.db, id);
  if (!plan) throw notFound();
  return toPlan(plan);
}

export async function listMyPurchases(
  deps: Deps,
  user: User,
  isArchived: boolean | undefined,
): Promise<Purchase[]> {
  const now = new Date();
  return (await repo.listUserPurchases(deps.db, user.id, isArchived)).map((p) =>
    toPurchase(p, deps, now),
  );
}

export async function getMyPurchase(deps: Deps, user: User, id: number): Promise<Purchase> {
  const purchase = await repo.findUserPurchase(deps.db, user.id, id);
  if (!purchase) throw notFound();
  return toPurchase(purchase, deps, new Date());
}

/** Withdraws a purchase staff have not decided yet (e.g. the wrong receipt), with its file. */
export async function cancelMyPurchase(deps: Deps, user: User, id: number): Promise<void> {
  const purchase = await repo.findUserPurchase(deps.db, user.id, id);
  if (!purchase) throw notFound();
  const deleted = await repo.deletePendingUserPurchase(deps.db, user.id, id);
  if (!deleted) throw nonFieldError(MESSAGES.cancelDecided);
  if (deleted.receipt) await deps.storage.delete(deleted.receipt);
}

export async function archiveMyPurchase(
  deps: Deps,
  user: User,
  id: number,
  input: PurchaseArchive,
): Promise<Purchase> {
  const purchase = await repo.findUserPurchase(deps.db, user.id, id);
  if (!purchase) throw notFound();
  // A hidden pending purchase would still block buying the plan again, with no way to see why.
  if (input.is_archived && purchase.status === 'pending')
    throw badRequest('is_archived', MESSAGES.archivePending);
  await repo.setPurchaseArchived(deps.db, user.id, id, input.is_archived);
  return toPurchase({ ...purchase, isArchived: input.is_archived }, deps, new Date());
}

/**
 * Creates a pending purchase from the multipart form. Everything is checked before the
 * receipt is written, and the file is removed again if the row cannot be saved, so a failed
 * request leaves no file behind.
 */
export async function buy(deps: Deps, user: User, form: ParsedForm): Promise<Purchase> {
  const fields = parseOrThrow(buySubscriptionFieldsSchema, firstValues(form.fields));
  const file = form.files.find((f) => f.field === 'receipt');
  if (!file) throw badRequest('receipt', MESSAGES.noFile);
  const plan = await repo.findPlan(deps.db, fields.plan);
  if (!plan) throw badRequest('plan', invalidPk(fields.plan));
  if (plan.isArchived) throw badRequest('plan', MESSAGES.planArchived);
  const image = await cleanImage('receipt', file.data);

  const key = newImageKey(RECEIPT_FOLDER, image);
  let id: number;
  try {
    id = await repo.withUserLock(deps.db, user.id, async (tx) => {
      if (await repo.hasPendingPurchase(tx, user.id, plan.id))
        throw badRequest('plan', MESSAGES.alreadyPending);
      const purchaseId = await repo.insertPurchase(tx, {
        userId: user.id,
        planId: plan.id,
        paymentReference: fields.payment_reference,
        receipt: key,
        // What the learner pays for now; approval grants exactly this.
        ...repo.termsOf(
          plan,
          plan.modules.map((m) => m.id),
        ),
      });
      // Written last, inside the transaction: a failed write rolls the row back.
      await deps.storage.put(key, image.data);
      return purchaseId;
    });
  } catch (error) {
    // The row was rolled back: remove the file too, whether it was written whole, partly or not at all.
    await deps.storage.delete(key);
    throw error;
  }
  const purchase = await repo.findUserPurchase(deps.db, user.id, id);
  return toPurchase(purchase!, deps, new Date());
}

/** Whether the caller has an approved purchase running now, and what it opens. */
export async function checkSubscription(
  deps: Pick<ServiceDeps, 'db' | 'storage' | 'config'>,
  user: User,
): Promise<SubscriptionCheck> {
  const active = await repo.activePurchases(deps.db, user.id, new Date());
  const latest = active[0];
  const free_questions_per_course = deps.config.freeQuestionsPerCourse;
  if (!latest)
    return {
      has_subscription: false,
      expires_at: null,
      plan: null,
      modules: [],
      free_questions_per_course,
    };
  const opensAll = active.some((p) => p.plan.allModules);
  const moduleIds = [...new Set(active.flatMap((p) => p.plan.modules.map((m) => m.id)))].sort(
    (a, b) => a - b,
  );
  return {
    has_subscription: true,
    expires_at: latest.endsAt!.toISOString(),
    plan: { id: latest.plan.id, name: latest.plan.name },
    modules: opensAll ? 'all' : moduleIds,
    free_questions_per_course,
  };
}

// ---------------------------------------------------------------- staff: purchases

export async function listPurchasesForStaff(
  deps: Deps,
  query: StaffPurchaseQuery,
): Promise<{ total: number; results: StaffPurchase[] }> {
  const now = new Date();
  const { count, rows } = await repo.listAllPurchases(deps.db, {
    status: query.status,
    search: query.search || undefined,
    now,
    ...pageWindow(query),
  });
  assertPageExists(query, count);
  return { total: count, results: rows.map((p) => toStaffPurchase(p, deps, now)) };
}

async function findForStaff(deps: Deps, id: number): Promise<repo.StaffPurchaseRow> {
  const purchase = await repo.findStaffPurchase(deps.db, id);
  if (!purchase) throw notFound();
  return purchase;
}

async function decide(
  deps: StaffDeps,
  actor: StaffActor,
  before: repo.StaffPurchaseRow,
  values: Parameters<typeof repo.decidePendingPurchase>[2],
): Promise<StaffPurchase> {
  if (!(await repo.decidePendingPurchase(deps.db, before.id, values)))
    throw nonFieldError(MESSAGES.notPending);
  // The learner's cached access changes now, whoever or whatever decided (decision 042).
  await invalidateUsers(deps.db, [before.userId]);
  const now = new Date();
  const after = toStaffPurchase(await findForStaff(deps, before.id), deps, now);
  const action = values.status === 'approved' ? 'purchase.approve' : 'purchase.reject';
  await recordStaffAction(
    deps,
    actor,
    action,
    { type: 'purchase', id: before.id },
    toStaffPurchase(before, deps, now),
    after,
  );
  const plan = before.plan.name;
  const note = after.staff_note ? ` Note from the team: ${after.staff_note}` : '';
  const message =
    values.status === 'approved'
      ? `Your purchase of "${plan}" was approved; it runs until ${after.ends_at!.slice(0, 10)}.${note}`
      : `Your purchase of "${plan}" was rejected. Reason: ${after.staff_note}`;
  await notifyAndMail(deps, before.user, {
    kind: values.status === 'approved' ? 'purchase_approved' : 'purchase_rejected',
    subject:
      values.status === 'approved' ? 'Your subscription is active' : 'Your purchase was rejected',
    message,
    link: '/subscriptions',
  });
  return after;
}

/** Starts the purchase now, for the plan's duration. */
export async function approvePurchase(
  deps: StaffDeps,
  actor: StaffActor,
  id: number,
  input: PurchaseApprove,
): Promise<StaffPurchase> {
  const purchase = await findForStaff(deps, id);
  const now = new Date();
  return decide(deps, actor, purchase, {
    status: 'approved',
    staffNote: input.staff_note ?? purchase.staffNote,
    decidedAt: now,
    startsAt: now,
    endsAt: new Date(now.getTime() + purchase.plan.durationDays * DAY_MS),
  });
}

/** Refuses the purchase; the note tells the learner why. */
export async function rejectPurchase(
  deps: StaffDeps,
  actor: StaffActor,
  id: number,
  input: PurchaseReject,
): Promise<StaffPurchase> {
  const purchase = await findForStaff(deps, id);
  return decide(deps, actor, purchase, {
    status: 'rejected',
    staffNote: input.staff_note,
    decidedAt: new Date(),
    startsAt: null,
    endsAt: null,
  });
}

// ---------------------------------------------------------------- staff: plans

async function assertModulesExist(deps: Deps, ids: number[]): Promise<void> {
  const missing = await repo.missingModuleIds(deps.db, ids);
  if (missing.length) throw fieldErrors({ modules: missing.map(invalidPk) });
}

/** A staff member creates a plan: stored, then written to the audit log. */
export async function createPlan(
  deps: Deps,
  actor: StaffActor,
  input: PlanCreateData,
): Promise<Plan> {
  const plan = await insertPlan(deps, input);
  await recordStaffAction(deps, actor, 'plan.create', { type: 'plan', id: plan.id }, null, plan);
  return plan;
}

/** Stores a plan; also used by the demo loader, which is no staff action. */
export async function insertPlan(deps: Deps, input: PlanCreateData): Promise<Plan> {
  if (!input.all_modules && input.modules.length === 0)
    throw badRequest('modules', MESSAGES.noModules);
  await assertModulesExist(deps, input.modules);
  const id = await repo.insertPlan(
    deps.db,
    {
      name: input.name,
      description: input.description,
      price: input.price,
      currency: input.currency,
      durationDays: input.duration_days,
      allModules: input.all_modules,
      isArchived: input.is_archived,
    },
    input.modules,
  );
  return toPlan((await repo.findPlan(deps.db, id))!);
}

export async function updatePlan(
  deps: Deps,
  actor: StaffActor,
  id: number,
  input: PlanUpdateData,
): Promise<Plan> {
  const plan = await repo.findPlan(deps.db, id);
  if (!plan) throw notFound();
  const allModules = input.all_modules ?? plan.allModules;
  const moduleCount = input.modules ? input.modules.length : plan.modules.length;
  if (!allModules && moduleCount === 0) throw badRequest('modules', MESSAGES.noModules);
  if (input.modules) await assertModulesExist(deps, input.modules);
  const values: Partial<repo.PlanValues> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description;
  if (input.price !== undefined) values.price = input.price;
  if (input.currency !== undefined) values.currency = input.currency;
  if (input.duration_days !== undefined) values.durationDays = input.duration_days;
  if (input.all_modules !== undefined) values.allModules = input.all_modules;
  if (input.is_archived !== undefined) values.isArchived = input.is_archived;
  await repo.updatePlan(deps.db, id, values, input.modules);
  const after = toPlan((await repo.findPlan(deps.db, id))!);
  const action =
    input.is_archived !== undefined && input.is_archived !== plan.isArchived
      ? input.is_archived
        ? 'plan.archive'
        : 'plan.unarchive'
      : 'plan.update';
  await recordStaffAction(deps, actor, action, { type: 'plan', id }, toPlan(plan), after);
  return after;
}
