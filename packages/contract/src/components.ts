import { z } from 'zod';
import { userDetailSchema } from './auth';
import { auditEntrySchema, notificationSchema, staffUserSchema } from './backoffice';
import { courseSchema, moduleSchema, sourceSchema } from './catalogue';
import { commentReplySchema, commentSchema, reportSchema } from './discussion';
import { courseFilterSchema, moduleFilterSchema } from './filters';
import { evaluationSchema, historyEntrySchema } from './history';
import {
  attachmentItemSchema,
  favoriteSchema,
  hideSchema,
  noteItemDetailSchema,
  noteItemSchema,
  playlistItemDetailSchema,
  playlistItemSchema,
  playlistSchema,
  questionMarkSchema,
} from './personal';
import { choiceSchema, questionSchema } from './questions';
import { dueCardSchema, mistakeSchema, reviewSettingsSchema } from './review';
import { searchHitSchema, similarQuestionSchema } from './search';
import { sessionQuestionSchema, sessionResumeSchema, sessionSchema } from './sessions';
import { staffQuestionSchema } from './staff-content';
import { dashboardSchema, questionStatsSchema } from './stats';
import { planSchema, purchaseSchema, staffPurchaseSchema } from './subscriptions';

/**
 * The entities the OpenAPI document names (`#/components/schemas/Question`), so a client generated
 * from `/api/schema/` gets types it can import instead of one anonymous shape per operation.
 * A registry of its own rather than zod's global one, so only the document reads the ids (the
 * compiled response serializer keeps inlining); it still reads the global descriptions and formats.
 */
class ComponentRegistry extends z.core.$ZodRegistry<{ id?: string }> {
  override get(schema: z.core.$ZodType) {
    const own = super.get(schema);
    const global = z.globalRegistry.get(schema) as { id?: string } | undefined;
    return own || global ? { ...global, ...own } : undefined;
  }
}

export const componentRegistry = new ComponentRegistry();

const COMPONENTS: Record<string, z.ZodType> = {
  User: userDetailSchema,
  Module: moduleSchema,
  Course: courseSchema,
  Source: sourceSchema,
  Question: questionSchema,
  Choice: choiceSchema,
  Session: sessionSchema,
  SessionResume: sessionResumeSchema,
  SessionQuestion: sessionQuestionSchema,
  HistoryEntry: historyEntrySchema,
  Evaluation: evaluationSchema,
  Favorite: favoriteSchema,
  Hide: hideSchema,
  QuestionMark: questionMarkSchema,
  NoteItem: noteItemSchema,
  NoteItemDetail: noteItemDetailSchema,
  Playlist: playlistSchema,
  PlaylistItem: playlistItemSchema,
  PlaylistItemDetail: playlistItemDetailSchema,
  AttachmentItem: attachmentItemSchema,
  Report: reportSchema,
  Comment: commentSchema,
  CommentReply: commentReplySchema,
  ModuleFilter: moduleFilterSchema,
  CourseFilter: courseFilterSchema,
  Plan: planSchema,
  Purchase: purchaseSchema,
  StaffPurchase: staffPurchaseSchema,
  StaffQuestion: staffQuestionSchema,
  StaffUser: staffUserSchema,
  AuditEntry: auditEntrySchema,
  Notification: notificationSchema,
  ReviewSettings: reviewSettingsSchema,
  DueCard: dueCardSchema,
  Mistake: mistakeSchema,
  QuestionStats: questionStatsSchema,
  Dashboard: dashboardSchema,
  SearchHit: searchHitSchema,
  SimilarQuestion: similarQuestionSchema,
};

for (const [id, schema] of Object.entries(COMPONENTS)) componentRegistry.add(schema, { id });
