import { z } from 'zod';
import { INT_MAX, invalidPk } from './fields';
import { pageQuerySchema, paginated } from './common';
import { PURCHASE_STATUS_VALUES } from './constants';

export { PURCHASE_STATUS_VALUES };

/*
 * Subscriptions (PRODUCT.md §6): plans, a learner's purchases, the subscription check, and the
 * staff back office that approves purchases and edits plans. Messages follow DRF's wording.
 */

const REQUIRED = 'This field is required.';
const BLANK = 'This field may not be blank.';
const maxChars = (n: number) => `Ensure this field has no more than ${n} characters.`;

/** A required text field with DRF's "required" / "blank" / "too long" messages. */
const requiredText = (max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? REQUIRED : 'Not a valid string.') })
    .trim()
    .min(1, BLANK)
    .max(max, maxChars(max));

const bool = z.boolean({
  error: (i) => (i.input === undefined ? REQUIRED : 'Must be a valid boolean.'),
});

/** `?is_archived=true|false` (also 1/0, True/False; empty = no filter, like django-filter). */
const booleanQuery = z
  .enum(['true', 'false', 'True', 'False', '1', '0', ''], { error: 'Must be true or false.' })
  .transform((v) => (v === '' ? undefined : v === 'true' || v === 'True' || v === '1'));

export const archivedQuerySchema = z.object({
  is_archived: booleanQuery.optional(),
});
export type ArchivedQuery = z.infer<typeof archivedQuerySchema>;

// ---------------------------------------------------------------- plans

export const planModuleSchema = z.object({ id: z.number().int(), name: z.string() });

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Decimal as text with two places, e.g. "12.00". */
  price: z.string(),
  currency: z.string(),
  duration_days: z.number().int(),
  all_modules: z.boolean(),
  /** The modules the plan opens (when all_modules is false). */
  modules: z.array(planModuleSchema),
  is_archived: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

export const PLAN_MAX_DURATION_DAYS = 3650;

/** Up to 8 digits before the point and 2 after, ≥ 0; a number or its text. */
const price = z
  .union([z.string(), z.number()], {
    error: (i) => (i.input === undefined ? REQUIRED : 'A valid number is required.'),
  })
  .transform((v, ctx) => {
    const text = String(v).trim();
    if (!/^-?\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'A valid number is required.' });
      return z.NEVER;
    }
    if (text.startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: 'Ensure this value is greater than or equal to 0.' });
      return z.NEVER;
    }
    const [whole = '', fraction = ''] = text.split('.');
    if (fraction.length > 2) {
      ctx.addIssue({
        code: 'custom',
        message: 'Ensure that there are no more than 2 decimal places.',
      });
      return z.NEVER;
    }
    if (whole.replace(/^0+(?=\d)/, '').length > 8) {
      ctx.addIssue({
        code: 'custom',
        message: 'Ensure that there are no more than 8 digits before the decimal point.',
      });
      return z.NEVER;
    }
    return Number(text).toFixed(2);
  });

const currency = z
  .string({ error: (i) => (i.input === undefined ? REQUIRED : 'Not a valid string.') })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Enter a 3-letter ISO 4217 currency code, e.g. "EUR".');

const durationDays = z
  .number({ error: (i) => (i.input === undefined ? REQUIRED : 'A valid integer is required.') })
  .int('A valid integer is required.')
  .min(1, 'Ensure this value is greater than or equal to 1.')
  .max(
    PLAN_MAX_DURATION_DAYS,
    `Ensure this value is less than or equal to ${PLAN_MAX_DURATION_DAYS}.`,
  );

const moduleIds = z
  .array(
    z
      .number({ error: 'Incorrect type. Expected pk value.' })
      .int('Incorrect type. Expected pk value.')
      .positive('Incorrect type. Expected pk value.')
      .max(INT_MAX, { error: (iss) => invalidPk(iss.input) }),
    {
      error: 'Expected a list of items.',
    },
  )
  .max(500, 'Ensure this field has no more than 500 elements.')
  .transform((ids) => [...new Set(ids)]);

const description = z.string({ error: 'Not a valid string.' }).trim().max(5000, maxChars(5000));

/** POST /api/staff/plans/ */
export const planCreateSchema = z.object({
  name: requiredText(200),
  description: description.default(''),
  price,
  currency,
  duration_days: durationDays,
  all_modules: bool.default(false),
  /** Module ids; required (non-empty) unless all_modules. */
  modules: moduleIds.default([]),
  is_archived: bool.default(false),
});
export type PlanCreate = z.input<typeof planCreateSchema>;
/** A create request after validation (defaults applied, price normalised). */
export type PlanCreateData = z.output<typeof planCreateSchema>;

/** PATCH /api/staff/plans/{id}/: any subset; `modules` replaces the whole list. */
export const planUpdateSchema = z.object({
  name: requiredText(200).optional(),
  description: description.optional(),
  price: price.optional(),
  currency: currency.optional(),
  duration_days: durationDays.optional(),
  all_modules: bool.optional(),
  modules: moduleIds.optional(),
  is_archived: bool.optional(),
});
export type PlanUpdate = z.input<typeof planUpdateSchema>;
export type PlanUpdateData = z.output<typeof planUpdateSchema>;

// ---------------------------------------------------------------- purchases

/** pending → approved (active, later expired) or rejected; active/expired computed from the dates. */
export const purchaseStatusSchema = z.enum(PURCHASE_STATUS_VALUES);
export type PurchaseStatusValue = z.infer<typeof purchaseStatusSchema>;

export const purchaseSchema = z.object({
  id: z.number().int(),
  plan: planSchema,
  payment_reference: z.string(),
  /** URL of the receipt image, or null. */
  receipt: z.string().nullable(),
  status: purchaseStatusSchema,
  /** Staff's note to the learner (the reason of a rejection). */
  staff_note: z.string(),
  created_at: z.iso.datetime(),
  starts_at: z.iso.datetime().nullable(),
  ends_at: z.iso.datetime().nullable(),
  is_archived: z.boolean(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchaseListSchema = z.array(purchaseSchema);

/**
 * POST /api/buysubscription/ as multipart: these text fields plus the `receipt` image file
 * (JPEG, PNG or WebP, at most 5 MB).
 */
export const buySubscriptionFieldsSchema = z.object({
  plan: z
    .string({
      error: (i) => (i.input === undefined ? REQUIRED : 'Incorrect type. Expected pk value.'),
    })
    .trim()
    .regex(/^\d{1,9}$/, 'Incorrect type. Expected pk value.')
    .transform(Number),
  payment_reference: requiredText(200),
});

/**
 * How the multipart body of POST /api/buysubscription/ is documented in /api/schema/. Every
 * part is required; the server checks them (buySubscriptionFieldsSchema and the image rules).
 */
export const buySubscriptionFormSchema = z
  .object({
    plan: z.union([z.string(), z.number()]).optional().meta({ description: 'Plan id (required)' }),
    payment_reference: z.string().optional().meta({ description: 'Payment reference (required)' }),
    receipt: z.unknown().optional().meta({
      type: 'string',
      format: 'binary',
      description: 'Receipt image, JPEG, PNG or WebP, at most 5 MB (required)',
    }),
  })
  .nullish();

/** PATCH /api/mysubscriptions/{id}/: a learner hides (or shows again) an old purchase. */
export const purchaseArchiveSchema = z.object({ is_archived: bool });
export type PurchaseArchive = z.infer<typeof purchaseArchiveSchema>;

/** GET /api/check_sub/ */
export const subscriptionCheckSchema = z.object({
  has_subscription: z.boolean(),
  /** End of the latest active purchase. */
  expires_at: z.iso.datetime().nullable(),
  /** Plan of the active purchase that ends last. */
  plan: planModuleSchema.nullable(),
  /** "all", or the ids of the modules opened by the active purchases. */
  modules: z.union([z.literal('all'), z.array(z.number().int())]),
  /** Questions of each course open without a subscription (FREE_QUESTIONS_PER_COURSE). */
  free_questions_per_course: z.number().int(),
});
export type SubscriptionCheck = z.infer<typeof subscriptionCheckSchema>;

// ---------------------------------------------------------------- staff back office

export const staffPurchaseUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const staffPurchaseSchema = purchaseSchema.extend({
  user: staffPurchaseUserSchema,
  decided_at: z.iso.datetime().nullable(),
});
export type StaffPurchase = z.infer<typeof staffPurchaseSchema>;

export const staffPurchaseQuerySchema = pageQuerySchema.extend({
  status: z
    .enum(PURCHASE_STATUS_VALUES, {
      error: (i) =>
        `Select a valid choice. ${String(i.input)} is not one of the available choices.`,
    })
    .optional(),
  /** Part of the buyer's e-mail, or the payment reference. */
  search: z.string().trim().max(200, maxChars(200)).optional(),
});
export type StaffPurchaseQuery = z.infer<typeof staffPurchaseQuerySchema>;
export const staffPurchasePageSchema = paginated(staffPurchaseSchema);

const staffNote = z.string({ error: 'Not a valid string.' }).trim().max(2000, maxChars(2000));

/** POST /api/staff/purchases/{id}/approve/ (body optional). */
export const purchaseApproveSchema = z.object({ staff_note: staffNote.optional() });
export type PurchaseApprove = z.infer<typeof purchaseApproveSchema>;

/** POST /api/staff/purchases/{id}/reject/: the learner is told why. */
export const purchaseRejectSchema = z.object({ staff_note: requiredText(2000) });
export type PurchaseReject = z.infer<typeof purchaseRejectSchema>;
