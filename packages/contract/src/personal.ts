import { z } from 'zod';
import { pageQuerySchema, paginated } from './common';
import { drfMessages, pkSchema } from './fields';
import { difficultyFilterSchema } from './stats';

/**
 * Personal tools (issue 4): favourites, hides, notes, playlists and attachment items.
 * Field names as the seed spells them (`noteItem_attachments`, `removed_attachment_id`).
 */

export const NOTE_CONTENT_MAX = 20_000;
export const PLAYLIST_NAME_MAX = 200;
export const PLAYLIST_DESCRIPTION_MAX = 2_000;
/** Items one playlist may hold, so its item list stays a plain array the client can reorder. */
export const PLAYLIST_ITEMS_MAX = 1_000;
/** Images one note or one attachment item may hold. */
export const IMAGES_PER_RECORD_MAX = 10;
export const QUESTION_SUMMARY_STEM_CHARS = 200;

const REQUIRED = drfMessages.required;

const optionalPk = pkSchema.optional();

const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Not a valid string.') })
    .max(max, `Ensure this field has no more than ${max} characters.`);

const timestamp = z.string().describe('ISO 8601 date-time');

/** DRF's message for a body that is not an object. */
const expectDictionary = {
  error: (issue: { input: unknown }) => drfMessages.invalidData(issue.input),
};

// ---------------------------------------------------------------- favourites and hides

export const favoriteCreateSchema = z.object(
  { module: optionalPk, course: optionalPk },
  expectDictionary,
);
export type FavoriteCreate = z.infer<typeof favoriteCreateSchema>;
export const favoriteQuerySchema = z.object({ module: optionalPk, course: optionalPk });
export const favoriteSchema = z.object({
  id: z.number().int(),
  module: z.number().int().nullable(),
  course: z.number().int().nullable(),
  created_at: timestamp,
});
export type Favorite = z.infer<typeof favoriteSchema>;

export const hideCreateSchema = z.object(
  { module: optionalPk, course: optionalPk, source: optionalPk },
  expectDictionary,
);
export type HideCreate = z.infer<typeof hideCreateSchema>;
export const hideQuerySchema = z.object({
  module: optionalPk,
  course: optionalPk,
  source: optionalPk,
});
export const hideSchema = favoriteSchema.extend({ source: z.number().int().nullable() });
export type Hide = z.infer<typeof hideSchema>;

/** Shared by favorite_questions and hide_questions. */
export const questionMarkCreateSchema = z.object({ question: pkSchema }, expectDictionary);
export const questionMarkQuerySchema = pageQuerySchema.extend({ question: optionalPk });
export const questionMarkSchema = z.object({
  id: z.number().int(),
  question: z.number().int(),
  created_at: timestamp,
});
export type QuestionMark = z.infer<typeof questionMarkSchema>;
export const questionMarkPageSchema = paginated(questionMarkSchema);

// ---------------------------------------------------------------- images and question summary

export const storedImageSchema = z.object({ id: z.number().int(), url: z.string() });
export type StoredImage = z.infer<typeof storedImageSchema>;

export const personalQuestionSummarySchema = z.object({
  id: z.number().int(),
  /** The stem's first 200 characters. */
  stem: z.string(),
  course: z.number().int(),
  module: z.number().int(),
});

/**
 * `removed_attachment_id`: a repeated field, a JSON list ("[1,2]") or a comma list ("1,2");
 * the server reads all three (multipart fields are collected as a list of texts).
 */
export const removedAttachmentIdsSchema = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()])
  .describe('Image ids to delete: repeated field, JSON list or comma-separated list');
const binaryImages = z
  .array(
    z.string().meta({ format: 'binary', description: 'JPEG, PNG or WebP image, at most 5 MB' }),
  )
  .describe('files, as `name` or `name[i]`');
const idOrText = z.union([z.number(), z.string()]);

// ---------------------------------------------------------------- notes

export const noteContentSchema = text(NOTE_CONTENT_MAX).describe('Markdown, stored as written');
export const noteQuerySchema = pageQuerySchema.extend({
  question: optionalPk,
  search: z
    .string()
    .transform((v) => v.replace(/\0/g, '').trim())
    .pipe(z.string().max(200, 'Ensure this field has no more than 200 characters.'))
    .optional()
    .describe('Words found in the note or its question’s stem (case-insensitive)'),
  ...difficultyFilterSchema.shape,
});
export const questNotesQuerySchema = z.object({ question: pkSchema });
export const noteItemSchema = z.object({
  id: z.number().int(),
  question: z.number().int(),
  content: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type NoteItem = z.infer<typeof noteItemSchema>;
export const noteItemPageSchema = paginated(noteItemSchema);
export const noteItemUpdateSchema = z.object({ content: noteContentSchema }, expectDictionary);

export const noteItemDetailSchema = noteItemSchema.extend({
  images: z.array(storedImageSchema),
  question_detail: personalQuestionSummarySchema,
});
export type NoteItemDetail = z.infer<typeof noteItemDetailSchema>;
export const noteItemDetailPageSchema = paginated(noteItemDetailSchema);

/** POST /noteitemsdetail/ fields (JSON, or multipart with files `noteItem_attachments[i]`). */
export const noteItemCreateSchema = z.object({ question: pkSchema, content: noteContentSchema });
export type NoteItemCreate = z.infer<typeof noteItemCreateSchema>;
/** PATCH /noteitemsdetail/{id}/ fields (multipart or JSON). */
export const noteItemDetailUpdateSchema = z.object({ content: noteContentSchema.optional() });
export const NOTE_FILES_FIELD = 'noteItem_attachments';

/** Documents the multipart body of the note routes in /api/schema/ (parsed by the service). */
export const noteItemFormDoc = z
  .looseObject(
    {
      question: idOrText.optional(),
      content: z.string().optional(),
      [NOTE_FILES_FIELD]: binaryImages.optional(),
      removed_attachment_id: removedAttachmentIdsSchema.optional(),
    },
    expectDictionary,
  )
  .nullish();

// ---------------------------------------------------------------- playlists

const playlistFields = {
  name: text(PLAYLIST_NAME_MAX).trim().min(1, 'This field may not be blank.'),
  description: text(PLAYLIST_DESCRIPTION_MAX).optional(),
};
export const playlistCreateSchema = z.object(playlistFields, expectDictionary);
export type PlaylistCreate = z.infer<typeof playlistCreateSchema>;
export const playlistUpdateSchema = z.object(
  { name: playlistFields.name.optional(), description: playlistFields.description },
  expectDictionary,
);
export type PlaylistUpdate = z.infer<typeof playlistUpdateSchema>;
export const playlistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  items_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Playlist = z.infer<typeof playlistSchema>;
export const playlistPageSchema = paginated(playlistSchema);

export const playlistItemCreateSchema = z.object(
  { playlist: pkSchema, question: pkSchema },
  expectDictionary,
);
export type PlaylistItemCreate = z.infer<typeof playlistItemCreateSchema>;
export const playlistItemSchema = z.object({
  id: z.number().int(),
  playlist: z.number().int(),
  question: z.number().int(),
  order: z.number().int(),
  created_at: timestamp,
});
export type PlaylistItem = z.infer<typeof playlistItemSchema>;
export const playlistItemDetailSchema = playlistItemSchema.extend({
  question_detail: personalQuestionSummarySchema,
});
export type PlaylistItemDetail = z.infer<typeof playlistItemDetailSchema>;
export const playlistItemsQuerySchema = z.object({ playlist: pkSchema });

/**
 * PATCH /playlistitems/: `{playlist, order: [every item id of the playlist, once]}` reorders;
 * an empty body changes nothing (the seed's client sends one).
 */
export const playlistReorderSchema = z
  .object(
    {
      playlist: optionalPk,
      order: z
        .array(pkSchema, {
          error: (i) => (i.input === undefined ? REQUIRED : 'Expected a list of items.'),
        })
        .max(
          PLAYLIST_ITEMS_MAX,
          `Ensure this field has no more than ${PLAYLIST_ITEMS_MAX} elements.`,
        )
        .optional(),
    },
    expectDictionary,
  )
  .nullish();
export type PlaylistReorder = z.infer<typeof playlistReorderSchema>;
export const playlistOrderSchema = z.object({
  playlist: z.number().int().nullable(),
  order: z.array(z.number().int()),
});
export type PlaylistOrder = z.infer<typeof playlistOrderSchema>;

// ---------------------------------------------------------------- attachment items

export const ATTACHMENT_FILES_FIELD = 'images';
export const attachmentQuerySchema = pageQuerySchema.extend({ question: optionalPk });
export const attachmentCreateSchema = z.object({ question: pkSchema });
export const attachmentItemSchema = z.object({
  id: z.number().int(),
  question: z.number().int(),
  images: z.array(storedImageSchema),
  created_at: timestamp,
});
export type AttachmentItem = z.infer<typeof attachmentItemSchema>;
export const attachmentItemPageSchema = paginated(attachmentItemSchema);
export const attachmentFormDoc = z
  .looseObject(
    {
      question: idOrText.optional(),
      [ATTACHMENT_FILES_FIELD]: binaryImages.optional(),
      removed_attachment_id: removedAttachmentIdsSchema.optional(),
    },
    expectDictionary,
  )
  .nullish();
