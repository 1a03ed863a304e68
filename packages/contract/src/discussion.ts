import { z } from 'zod';
import { INT_MAX, invalidPk } from './fields';
import { pageQuerySchema } from './common';
import {
  COMMENT_ORDERINGS,
  REPORT_REASON_VALUES,
  REPORT_SCREENSHOT_FIELD,
  REPORT_STATUS_VALUES,
} from './constants';

export { REPORT_SCREENSHOT_FIELD };

export { COMMENT_ORDERINGS, REPORT_REASON_VALUES, REPORT_STATUS_VALUES };

/**
 * Reports, comments, comment replies and their reactions (PRODUCT.md §5, seed §7).
 * Field names follow the seed; messages follow Django REST framework's.
 */

const REQUIRED = 'This field is required.';
const NOT_INTEGER = 'A valid integer is required.';

/** An integer from JSON, a query string or a multipart field; missing → "This field is required." */
const intField = () =>
  z.preprocess(
    (v) =>
      v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v,
    z
      .number({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_INTEGER) })
      .int({
        error: (iss) => (Number.isInteger(iss.input) ? invalidPk(iss.input) : NOT_INTEGER),
        abort: true,
      })
      .positive({ error: 'Ensure this value is greater than or equal to 1.' })
      .max(INT_MAX, { error: (iss) => invalidPk(iss.input) }),
  );

const choiceField = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (iss) =>
      iss.input === undefined ? REQUIRED : `"${String(iss.input)}" is not a valid choice.`,
  });

const textField = (max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? REQUIRED : 'Not a valid string.') })
    .max(max, { error: `Ensure this field has no more than ${max} characters.` });

/** A required text that may not be blank (whitespace only); kept as written. */
const bodyField = (max: number) =>
  textField(max).refine((s) => s.trim().length > 0, { error: 'This field may not be blank.' });

// ---------------------------------------------------------------------------------------------
// Reports

export const REPORT_MESSAGE_MAX = 2000;
export const STAFF_ANSWER_MAX = 5000;

export const reportReasonSchema = choiceField(REPORT_REASON_VALUES);
export const reportStatusSchema = choiceField(REPORT_STATUS_VALUES);

export const reportSchema = z.object({
  id: z.number().int(),
  question: z.number().int(),
  reason: z.enum(REPORT_REASON_VALUES),
  message: z.string(),
  status: z.enum(REPORT_STATUS_VALUES),
  staff_answer: z.string(),
  /** Signed URL of the optional screenshot (private: only the reporter and staff get it). */
  screenshot: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListQuerySchema = pageQuerySchema.extend({
  status: reportStatusSchema.optional(),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

export const reportCreateSchema = z.object({
  question: intField(),
  reason: reportReasonSchema,
  message: textField(REPORT_MESSAGE_MAX).default(''),
});
export type ReportCreate = z.infer<typeof reportCreateSchema>;

/** The owner may change reason and message while the report is open. */
export const reportUpdateSchema = z.object({
  reason: reportReasonSchema.optional(),
  message: textField(REPORT_MESSAGE_MAX).optional(),
});
export type ReportUpdate = z.infer<typeof reportUpdateSchema>;

export const reportBulkDeleteSchema = z.object({
  ids: z
    .array(intField(), {
      error: (iss) => (iss.input === undefined ? REQUIRED : 'Expected a list of items.'),
    })
    .min(1, { error: 'This list may not be empty.' })
    .max(1000, { error: 'Ensure this field has no more than 1000 elements.' }),
});
export type ReportBulkDelete = z.infer<typeof reportBulkDeleteSchema>;

export const bulkDeleteResultSchema = z.object({ deleted: z.number().int() });
export type BulkDeleteResult = z.infer<typeof bulkDeleteResultSchema>;

/** Back office: the report with what staff need to act on it. */
export const staffReportSchema = reportSchema.extend({
  question_summary: z.object({
    id: z.number().int(),
    stem: z.string(),
    course: z.number().int(),
    course_name: z.string(),
  }),
  reporter_email: z.string().nullable(),
});
export type StaffReport = z.infer<typeof staffReportSchema>;

export const staffReportListQuerySchema = reportListQuerySchema;

export const staffReportUpdateSchema = z.object({
  status: choiceField(['resolved', 'rejected'] as const),
  staff_answer: textField(STAFF_ANSWER_MAX).optional(),
});
export type StaffReportUpdate = z.infer<typeof staffReportUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Comments and replies

export const COMMENT_BODY_MAX = 10_000;
/** Attachments one comment or reply may hold in all. */
export const COMMENT_ATTACHMENTS_MAX = 10;

export const commentAuthorSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  image: z.string().nullable(),
  /** Staff answers carry a badge in the client. */
  is_staff: z.boolean(),
});

export const commentAttachmentSchema = z.object({ id: z.number().int(), url: z.string() });

export const reactionValueSchema = z.union([z.literal(1), z.literal(-1)]);

const discussionItem = {
  id: z.number().int(),
  /** null once the author deleted their account ("deleted user"). */
  author: commentAuthorSchema.nullable(),
  /** Markdown as written; the client renders and sanitizes it. */
  body: z.string(),
  attachments: z.array(commentAttachmentSchema),
  rank: z.number().int(),
  my_reaction: reactionValueSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  is_mine: z.boolean(),
};

export const commentSchema = z.object({
  ...discussionItem,
  question: z.number().int(),
  replies_count: z.number().int(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentReplySchema = z.object({ ...discussionItem, comment: z.number().int() });
export type CommentReply = z.infer<typeof commentReplySchema>;

export const commentListQuerySchema = pageQuerySchema.extend({
  question: intField(),
  ordering: choiceField(COMMENT_ORDERINGS).default('-created_at'),
});

export const commentReplyListQuerySchema = pageQuerySchema.extend({
  comment: intField(),
  ordering: choiceField(COMMENT_ORDERINGS).default('created_at'),
});

/** Text fields of POST /api/comments/ (JSON or multipart; files go in `attachments[i]`). */
export const commentCreateSchema = z.object({
  question: intField(),
  body: bodyField(COMMENT_BODY_MAX),
});
export type CommentCreate = z.infer<typeof commentCreateSchema>;

export const commentReplyCreateSchema = z.object({
  comment: intField(),
  body: bodyField(COMMENT_BODY_MAX),
});

/** Text fields of PATCH (new files go in `attachments[i]`); `id` when the path carries none. */
export const commentUpdateSchema = z.object({
  id: intField().optional(),
  body: bodyField(COMMENT_BODY_MAX).optional(),
  removed_attachment_id: z
    .preprocess(
      (v) => (Array.isArray(v) ? v : [v]),
      z.array(intField()).max(100, { error: 'Ensure this field has no more than 100 elements.' }),
    )
    .optional(),
});

export const reactionResultSchema = z.object({
  id: z.number().int(),
  rank: z.number().int(),
  my_reaction: reactionValueSchema.nullable(),
});
export type ReactionResult = z.infer<typeof reactionResultSchema>;

export const commentReactionSchema = z.object({
  id: z.number().int(),
  comment: z.number().int(),
  value: reactionValueSchema,
});

export const commentReactionQuerySchema = z.object({
  question: intField().optional(),
  comment: intField().optional(),
});

export const commentReplyReactionSchema = z.object({
  id: z.number().int(),
  reply: z.number().int(),
  value: reactionValueSchema,
});

export const commentReplyReactionQuerySchema = z.object({
  comment: intField().optional(),
  reply: intField().optional(),
});
