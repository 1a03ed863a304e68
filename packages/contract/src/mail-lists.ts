import { z } from 'zod';

/**
 * Mailing lists a learner opts into (off by default). Every mail of a list carries a one-click
 * unsubscribe link naming the learner and the list by a signed token, usable signed out.
 */
export const MAIL_LISTS = ['mock_exam_opens', 'plan_reminder'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

export const mailListParamSchema = z.object({ list: z.enum(MAIL_LISTS) });
export const mailListSchema = z.object({
  list: z.enum(MAIL_LISTS),
  subscribed: z.boolean(),
});
export type MailListSetting = z.infer<typeof mailListSchema>;
export const mailListsSchema = z.array(mailListSchema);
export const mailListInputSchema = z.object({ subscribed: z.boolean() });

export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1).max(200).describe('The signed token of the mail’s link'),
});
export const UNSUBSCRIBE_BAD_LINK = 'This unsubscribe link is not valid.';
