import { invalidPk } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import {
  IMAGES_PER_RECORD_MAX,
  NOTE_FILES_FIELD,
  noteItemCreateSchema,
  noteItemDetailUpdateSchema,
  noteItemUpdateSchema,
  type NoteItem,
  type NoteItemDetail,
  type PageQuery,
} from '@qbank/contract';
import type { User } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import { parseOrThrow } from '../../lib/validation';
import { REMOVED_FIELD, type ImageForm } from '../../lib/image-form';
import { cleanImages, deleteStoredFiles, withStoredImages } from '../../lib/images';
import * as repo from './notes.repository';

/** What the notes need of the app (decision 043): the database, the file store, the log. */
export type NotesDeps = Pick<ServiceDeps, 'db' | 'storage' | 'log'>;

const BLANK = 'This field may not be blank.';
const TOO_MANY_IMAGES = `A note can hold at most ${IMAGES_PER_RECORD_MAX} images.`;

const toNote = (row: repo.NoteRow): NoteItem => ({
  id: row.id,
  question: row.questionId,
  content: row.content,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Notes with their images and question summaries, in the order given. */
async function toDetails(deps: NotesDeps, rows: repo.NoteRow[]): Promise<NoteItemDetail[]> {
  const [images, summaries] = await Promise.all([
    repo.imagesOfNotes(
      deps.db,
      rows.map((r) => r.id),
    ),
    repo.questionSummaries(deps.db, [...new Set(rows.map((r) => r.questionId))]),
  ]);
  return rows.map((row) => {
    const q = summaries.get(row.questionId)!;
    return {
      ...toNote(row),
      images: images
        .filter((i) => i.noteItemId === row.id)
        .map((i) => ({ id: i.id, url: deps.storage.url(i.key) })),
      question_detail: { id: q.id, stem: q.stem, course: q.course, module: q.module },
    };
  });
}

type NoteListQuery = PageQuery & { question?: number; search?: string; difficulty?: number[] };

async function pageOf<T>(
  deps: NotesDeps,
  user: User,
  query: NoteListQuery,
  map: (rows: repo.NoteRow[]) => Promise<T[]> | T[],
): Promise<{ total: number; results: T[] }> {
  const filter = {
    questionId: query.question,
    search: query.search || undefined,
    difficulty: query.difficulty,
  };
  const total = await repo.countNotes(deps.db, user.id, filter);
  assertPageExists(query, total);
  const rows = await repo.listNotes(deps.db, user.id, {
    ...filter,
    ...pageWindow(query),
  });
  return { total, results: await map(rows) };
}

export const listNotes = (deps: NotesDeps, user: User, query: NoteListQuery) =>
  pageOf(deps, user, query, (rows) => rows.map(toNote));

export const listNoteDetails = (deps: NotesDeps, user: User, query: NoteListQuery) =>
  pageOf(deps, user, query, (rows) => toDetails(deps, rows));

/** The caller's notes on one question, newest first. */
export async function questionNotes(
  deps: NotesDeps,
  user: User,
  questionId: number,
): Promise<NoteItemDetail[]> {
  return toDetails(deps, await repo.listNotes(deps.db, user.id, { questionId }));
}

async function ownNote(deps: NotesDeps, user: User, id: number): Promise<repo.NoteRow> {
  const note = await repo.findNote(deps.db, user.id, id);
  if (!note) throw notFound();
  return note;
}

export async function getNoteDetail(
  deps: NotesDeps,
  user: User,
  id: number,
): Promise<NoteItemDetail> {
  const [detail] = await toDetails(deps, [await ownNote(deps, user, id)]);
  return detail!;
}

/** POST /noteitemsdetail/: JSON {question, content} or multipart with images. */
export async function createNote(
  deps: NotesDeps,
  user: User,
  form: ImageForm,
): Promise<NoteItemDetail> {
  const input = parseOrThrow(noteItemCreateSchema, form.data);
  if (form.removedIds.length)
    throw badRequest(REMOVED_FIELD, 'A new note has no attachments to remove.');
  if (input.content.trim() === '' && form.files.length === 0) throw badRequest('content', BLANK);
  const question = (await repo.questionSummaries(deps.db, [input.question])).get(input.question);
  if (!question?.isPublished) throw badRequest('question', invalidPk(input.question));
  const images = await cleanImages(NOTE_FILES_FIELD, form.files);
  const note = await withStoredImages(deps.storage, 'notes', images, (keys) =>
    repo.insertNote(
      deps.db,
      { userId: user.id, questionId: input.question, content: input.content },
      keys,
    ),
  );
  return getNoteDetail(deps, user, note.id);
}

/**
 * Changes a note in one transaction: content, added images, removed images. Every removed id
 * must be an image of this note; a note may not end up blank with no images.
 */
async function changeNote(
  deps: NotesDeps,
  user: User,
  id: number,
  change: { content?: string; removeIds: number[]; files: Buffer[] },
): Promise<void> {
  const images = await cleanImages(NOTE_FILES_FIELD, change.files);
  const removedKeys = await withStoredImages(deps.storage, 'notes', images, (addKeys) =>
    repo.updateNote(
      deps.db,
      user.id,
      id,
      { content: change.content, removeIds: change.removeIds, addKeys },
      (state) => {
        if (state.unknownRemovedIds.length)
          throw badRequest(REMOVED_FIELD, invalidPk(state.unknownRemovedIds[0]));
        if (state.imagesAfter > IMAGES_PER_RECORD_MAX)
          throw badRequest(NOTE_FILES_FIELD, TOO_MANY_IMAGES);
        if (
          change.content !== undefined &&
          change.content.trim() === '' &&
          state.imagesAfter === 0
        ) {
          throw badRequest('content', BLANK);
        }
      },
    ),
  );
  if (removedKeys === null) throw notFound();
  await deleteStoredFiles(deps.storage, removedKeys, deps.log);
}

/**
 * PATCH /noteitems/{id}/ (JSON or multipart): the content, required here; images sent along are
 * handled as on the detail route. Answers the plain note.
 */
export async function updateNoteContent(
  deps: NotesDeps,
  user: User,
  id: number,
  form: ImageForm,
): Promise<NoteItem> {
  await ownNote(deps, user, id);
  const input = parseOrThrow(noteItemUpdateSchema, form.data);
  await changeNote(deps, user, id, {
    content: input.content,
    removeIds: form.removedIds,
    files: form.files,
  });
  return toNote(await ownNote(deps, user, id));
}

/** PATCH /noteitemsdetail/{id}/: content, new images, removed_attachment_id. */
export async function updateNoteDetail(
  deps: NotesDeps,
  user: User,
  id: number,
  form: ImageForm,
): Promise<NoteItemDetail> {
  await ownNote(deps, user, id);
  const input = parseOrThrow(noteItemDetailUpdateSchema, form.data);
  await changeNote(deps, user, id, {
    content: input.content,
    removeIds: form.removedIds,
    files: form.files,
  });
  return getNoteDetail(deps, user, id);
}

export async function deleteNote(deps: NotesDeps, user: User, id: number): Promise<void> {
  const keys = await repo.deleteNote(deps.db, user.id, id);
  if (keys === null) throw notFound();
  await deleteStoredFiles(deps.storage, keys, deps.log);
}
