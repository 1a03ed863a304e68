import { invalidPk } from '@qbank/contract';
import {
  ATTACHMENT_FILES_FIELD,
  attachmentCreateSchema,
  IMAGES_PER_RECORD_MAX,
  type AttachmentItem,
  type PageQuery,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import { parseOrThrow } from '../../lib/validation';
import * as repo from './attachments.repository';
import { REMOVED_FIELD, type ImageForm } from '../../lib/image-form';
import { cleanImages, deleteStoredFiles, withStoredImages } from '../../lib/images';

const FOLDER = 'attachments';

type Deps = Pick<ServiceDeps, 'db' | 'storage'>;
/** Writes that drop images log a file that could not be deleted. */
type WriteDeps = Deps & Pick<ServiceDeps, 'log'>;

async function toItems(deps: Deps, rows: repo.AttachmentRow[]): Promise<AttachmentItem[]> {
  const images = await repo.imagesOfItems(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    question: row.questionId,
    images: images
      .filter((i) => i.attachmentItemId === row.id)
      .map((i) => ({ id: i.id, url: deps.storage.url(i.key) })),
    created_at: row.createdAt.toISOString(),
  }));
}

export async function listItems(
  deps: Deps,
  user: User,
  query: PageQuery & { question?: number },
): Promise<{ total: number; results: AttachmentItem[] }> {
  const total = await repo.countItems(deps.db, user.id, query.question);
  assertPageExists(query, total);
  const rows = await repo.listItems(deps.db, user.id, {
    questionId: query.question,
    ...pageWindow(query),
  });
  return { total, results: await toItems(deps, rows) };
}

export async function getItem(deps: Deps, user: User, id: number): Promise<AttachmentItem> {
  const row = await repo.findItem(deps.db, user.id, id);
  if (!row) throw notFound();
  const [item] = await toItems(deps, [row]);
  return item!;
}

/** POST: a question and at least one image. */
export async function createItem(deps: Deps, user: User, form: ImageForm): Promise<AttachmentItem> {
  const input = parseOrThrow(attachmentCreateSchema, form.data);
  if (form.removedIds.length)
    throw badRequest(REMOVED_FIELD, 'A new item has no images to remove.');
  if (form.files.length === 0) throw badRequest(ATTACHMENT_FILES_FIELD, 'No file was submitted.');
  if (!(await repo.isPublishedQuestion(deps.db, input.question))) {
    throw badRequest('question', invalidPk(input.question));
  }
  const images = await cleanImages(ATTACHMENT_FILES_FIELD, form.files);
  const item = await withStoredImages(deps.storage, FOLDER, images, (keys) =>
    repo.insertItem(deps.db, user.id, input.question, keys),
  );
  return getItem(deps, user, item.id);
}

/**
 * PATCH: adds `images`, deletes `removed_attachment_id` (images of this item only). An item
 * keeps between 1 and 10 images; to remove the last one, delete the item.
 */
export async function updateItem(
  deps: WriteDeps,
  user: User,
  id: number,
  form: ImageForm,
): Promise<AttachmentItem> {
  if (!(await repo.findItem(deps.db, user.id, id))) throw notFound();
  const images = await cleanImages(ATTACHMENT_FILES_FIELD, form.files);
  const removedKeys = await withStoredImages(deps.storage, FOLDER, images, (addKeys) =>
    repo.changeImages(deps.db, user.id, id, { removeIds: form.removedIds, addKeys }, (state) => {
      if (state.unknownRemovedIds.length)
        throw badRequest(REMOVED_FIELD, invalidPk(state.unknownRemovedIds[0]));
      if (state.imagesAfter > IMAGES_PER_RECORD_MAX) {
        throw badRequest(
          ATTACHMENT_FILES_FIELD,
          `An attachment item can hold at most ${IMAGES_PER_RECORD_MAX} images.`,
        );
      }
      if (state.imagesAfter === 0) {
        throw badRequest(
          REMOVED_FIELD,
          'An attachment item keeps at least one image; delete the item instead.',
        );
      }
    }),
  );
  if (removedKeys === null) throw notFound();
  await deleteStoredFiles(deps.storage, removedKeys, deps.log);
  return getItem(deps, user, id);
}

export async function deleteItem(deps: WriteDeps, user: User, id: number): Promise<void> {
  const keys = await repo.deleteItem(deps.db, user.id, id);
  if (keys === null) throw notFound();
  await deleteStoredFiles(deps.storage, keys, deps.log);
}
