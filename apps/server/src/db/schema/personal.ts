import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { courses, modules, questionRef, sources } from './catalogue';
import { ownerId } from './users';
import { createdAt, updatedAt } from './columns';

/** A favourite module or course (exactly one of the two). */
export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    moduleId: integer('module_id').references(() => modules.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('favorites_one_target', sql`num_nonnulls(${t.moduleId}, ${t.courseId}) = 1`),
    uniqueIndex('favorites_user_module_idx')
      .on(t.userId, t.moduleId)
      .where(sql`${t.moduleId} is not null`),
    uniqueIndex('favorites_user_course_idx')
      .on(t.userId, t.courseId)
      .where(sql`${t.courseId} is not null`),
  ],
);

export const favoriteQuestions = pgTable(
  'favorite_questions',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    questionId: questionRef(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('favorite_questions_user_question_idx').on(t.userId, t.questionId)],
);

/** A hidden module, course or source (exactly one of the three). */
export const hides = pgTable(
  'hides',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    moduleId: integer('module_id').references(() => modules.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('hides_one_target', sql`num_nonnulls(${t.moduleId}, ${t.courseId}, ${t.sourceId}) = 1`),
    uniqueIndex('hides_user_module_idx')
      .on(t.userId, t.moduleId)
      .where(sql`${t.moduleId} is not null`),
    uniqueIndex('hides_user_course_idx')
      .on(t.userId, t.courseId)
      .where(sql`${t.courseId} is not null`),
    uniqueIndex('hides_user_source_idx')
      .on(t.userId, t.sourceId)
      .where(sql`${t.sourceId} is not null`),
  ],
);

export const hideQuestions = pgTable(
  'hide_questions',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    questionId: questionRef(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('hide_questions_user_question_idx').on(t.userId, t.questionId)],
);

/** A user's note on a question. */
export const noteItems = pgTable(
  'note_items',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    questionId: questionRef(),
    content: text('content').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('note_items_user_question_idx').on(t.userId, t.questionId)],
);

/** An image of a note; the file lives in storage under `key`. */
export const noteItemAttachments = pgTable(
  'note_item_attachments',
  {
    id: serial('id').primaryKey(),
    noteItemId: integer('note_item_id')
      .notNull()
      .references(() => noteItems.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('note_item_attachments_note_idx').on(t.noteItemId)],
);

export const playlists = pgTable(
  'playlists',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('playlists_user_idx').on(t.userId)],
);

export const playlistItems = pgTable(
  'playlist_items',
  {
    id: serial('id').primaryKey(),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    questionId: questionRef(),
    order: integer('order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('playlist_items_playlist_question_idx').on(t.playlistId, t.questionId),
    // The playlists holding a question, for the question payload.
    index('playlist_items_question_idx').on(t.questionId),
  ],
);

/** A user's private images on a question (e.g. a photo of hand-written notes). */
export const attachmentItems = pgTable(
  'attachment_items',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    questionId: questionRef(),
    createdAt: createdAt(),
  },
  (t) => [index('attachment_items_user_question_idx').on(t.userId, t.questionId)],
);

export const attachmentItemImages = pgTable(
  'attachment_item_images',
  {
    id: serial('id').primaryKey(),
    attachmentItemId: integer('attachment_item_id')
      .notNull()
      .references(() => attachmentItems.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('attachment_item_images_item_idx').on(t.attachmentItemId)],
);
