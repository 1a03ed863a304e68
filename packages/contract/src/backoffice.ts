import { z } from 'zod';
import { pageQuerySchema, paginated } from './common';
import { staffReportListQuerySchema } from './discussion';
import { purchaseStatusSchema } from './subscriptions';

/*
 * Back office operations (issue 12): in-app notifications for learners, the audit log of staff
 * writes, staff user management, the report queue grouped by question and comment removal.
 */

const REQUIRED = 'This field is required.';
const maxChars = (n: number) => `Ensure this field has no more than ${n} characters.`;

/** `?x=true|false` (also 1/0; empty = no filter). */
const booleanQuery = z
  .enum(['true', 'false', 'True', 'False', '1', '0', ''], { error: 'Must be true or false.' })
  .transform((v) => (v === '' ? undefined : v === 'true' || v === 'True' || v === '1'));

const reasonField = z
  .string({ error: (i) => (i.input === undefined ? REQUIRED : 'Not a valid string.') })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(2000, maxChars(2000));

// ---------------------------------------------------------------- notifications

export const notificationSchema = z.object({
  id: z.number().int(),
  /** e.g. purchase_approved, purchase_rejected, report_answered, comment_removed, question_changed. */
  kind: z.string(),
  message: z.string(),
  /** In-app path to open (e.g. /subscriptions), or null. */
  link: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationPageSchema = paginated(notificationSchema);

export const notificationQuerySchema = pageQuerySchema.extend({ is_read: booleanQuery.optional() });
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const markedReadSchema = z.object({ updated: z.number().int() });

// ---------------------------------------------------------------- audit log

/** One field that differs between the record before and after, by its path (`choices[2].text`). */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** `name` is the account's current full name ('' when unset or the account is gone). */
  actor: z.object({ id: z.number().int().nullable(), email: z.string(), name: z.string() }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The fields that differ, in reading order; the whole records stay in before/after. */
  changes: z.array(auditChangeSchema),
  created_at: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = paginated(auditEntrySchema);

const shortText = z.string().trim().max(64, maxChars(64));
export const auditQuerySchema = pageQuerySchema.extend({
  /** Part of the actor's e-mail. */
  actor: z.string().trim().max(254, maxChars(254)).optional(),
  /** Exact action, e.g. purchase.approve, or its prefix before the dot (purchase). */
  action: shortText.optional(),
  target_type: shortText.optional(),
  target_id: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .positive()
    .optional(),
  /** ISO dates (inclusive), e.g. 2026-01-31. */
  since: z.iso.date({ error: 'Enter a valid date.' }).optional(),
  until: z.iso.date({ error: 'Enter a valid date.' }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

// ---------------------------------------------------------------- staff: users

export const staffUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_active: z.boolean(),
  is_confirmed: z.boolean(),
  is_staff: z.boolean(),
  date_joined: z.iso.datetime(),
  last_login: z.iso.datetime().nullable(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUserPageSchema = paginated(staffUserSchema);

export const staffUserSubscriptionSchema = z.object({
  id: z.number().int(),
  plan: z.object({ id: z.number().int(), name: z.string() }),
  status: purchaseStatusSchema,
  created_at: z.iso.datetime(),
  starts_at: z.iso.datetime().nullable(),
  ends_at: z.iso.datetime().nullable(),
});
export const staffUserDetailSchema = staffUserSchema.extend({
  subscriptions: z.array(staffUserSubscriptionSchema),
});
export type StaffUserDetail = z.infer<typeof staffUserDetailSchema>;

export const staffUserQuerySchema = pageQuerySchema.extend({
  /** Part of the e-mail or name. */
  search: z.string().trim().max(200, maxChars(200)).optional(),
  is_staff: booleanQuery.optional(),
  is_active: booleanQuery.optional(),
});
export type StaffUserQuery = z.infer<typeof staffUserQuerySchema>;

const bool = z.boolean({
  error: (i) => (i.input === undefined ? REQUIRED : 'Must be a valid boolean.'),
});
/** PATCH /api/staff/users/{id}/: grant or revoke staff, deactivate or reactivate. */
export const staffUserUpdateSchema = z.object({
  is_staff: bool.optional(),
  is_active: bool.optional(),
});
export type StaffUserUpdate = z.infer<typeof staffUserUpdateSchema>;

// ---------------------------------------------------------------- staff: report queue by question

export const reportGroupSchema = z.object({
  question: z.object({
    id: z.number().int(),
    stem: z.string(),
    course: z.number().int(),
    course_name: z.string(),
  }),
  /** Reports in the chosen status (open by default). */
  count: z.number().int(),
  /** The reasons given, with how many reports give each. */
  reasons: z.record(z.string(), z.number().int()),
  last_reported_at: z.iso.datetime(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;
export const reportGroupPageSchema = paginated(reportGroupSchema);
export const reportGroupQuerySchema = pageQuerySchema.extend({
  status: z
    .enum(['open', 'resolved', 'rejected'], {
      error: (i) => `"${String(i.input)}" is not a valid choice.`,
    })
    .default('open'),
});
export type ReportGroupQuery = z.infer<typeof reportGroupQuerySchema>;

// ---------------------------------------------------------------- staff: comment removal

/** POST /api/staff/comments/{id}/remove/ and /api/staff/replies/{id}/remove/: the author is told why. */
export const commentRemoveSchema = z.object({ reason: reasonField });
export type CommentRemove = z.infer<typeof commentRemoveSchema>;

/** GET /api/staff/reports/: the status filter, and `question` for one question's reports. */
export const staffReportQueueQuerySchema = staffReportListQuerySchema.extend({
  question: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .positive()
    .optional(),
});
export type StaffReportQueueQuery = z.infer<typeof staffReportQueueQuerySchema>;

export const staffCommentSchema = z.object({
  id: z.number().int(),
  question: z.number().int(),
  body: z.string(),
  /** null once the author deleted their account. */
  author_email: z.string().nullable(),
  replies_count: z.number().int(),
  created_at: z.iso.datetime(),
});
export type StaffComment = z.infer<typeof staffCommentSchema>;
export const staffCommentPageSchema = paginated(staffCommentSchema);
export const staffCommentQuerySchema = pageQuerySchema.extend({
  question: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .positive()
    .optional(),
  search: z.string().trim().max(200, maxChars(200)).optional(),
});
export type StaffCommentQuery = z.infer<typeof staffCommentQuerySchema>;
