import { drfMessages, invalidPk } from '@qbank/contract';
import {
  COMMENT_ATTACHMENTS_MAX,
  commentCreateSchema,
  commentReplyCreateSchema,
  commentUpdateSchema,
  type Comment,
  type CommentReply,
  type PageQuery,
  type ReactionResult,
  type StaffComment,
  type StaffCommentQuery,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { badRequest, fieldErrors, forbidden, notFound } from '../../lib/errors';
import { cleanImages, withStoredImages } from '../../lib/images';
import { firstValues, type ParsedForm, type UploadedFile } from '../../lib/multipart';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import { mediaUrl, type Storage } from '../../lib/storage';
import { parseOrThrow } from '../../lib/validation';
import { recordStaffAction } from '../audit/audit.service';
import { notifyUsers } from '../notifications/notifications.service';
import {
  commentsRepository,
  listCommentReactions,
  listCommentsForStaff,
  listReplyReactions,
  repliesRepository,
  type DiscussionRepository,
  type ItemRow,
  type Ordering,
  type ReactionValue,
} from './comments.repository';

/** What serialized comments and replies have in common. */
export type BaseItem = Omit<Comment, 'question' | 'replies_count'>;

/** Everything that differs between comments and replies; the rules are the same. */
interface DiscussionKind<T> {
  repo: DiscussionRepository;
  /** Storage folder of the attachments. */
  folder: string;
  /** Request field naming the parent (question of a comment, comment of a reply). */
  parentField: 'question' | 'comment';
  createSchema: typeof commentCreateSchema | typeof commentReplyCreateSchema;
  shape(base: BaseItem, row: ItemRow): T;
  editOwnOnly: string;
  deleteOwnOnly: string;
}

const COMMENTS: DiscussionKind<Comment> = {
  repo: commentsRepository,
  folder: 'comments',
  parentField: 'question',
  createSchema: commentCreateSchema,
  shape: (base, row) => ({ ...base, question: row.parentId, replies_count: row.repliesCount }),
  editOwnOnly: 'You can only edit your own comments.',
  deleteOwnOnly: 'You can only delete your own comments.',
};

const REPLIES: DiscussionKind<CommentReply> = {
  repo: repliesRepository,
  folder: 'comment-replies',
  parentField: 'comment',
  createSchema: commentReplyCreateSchema,
  shape: (base, row) => ({ ...base, comment: row.parentId }),
  editOwnOnly: 'You can only edit your own replies.',
  deleteOwnOnly: 'You can only delete your own replies.',
};

export const ATTACHMENT_FIELD = 'attachments';
export const TOO_MANY_ATTACHMENTS = `Ensure there are no more than ${COMMENT_ATTACHMENTS_MAX} attachments.`;
export const UNEXPECTED_FILE = 'Unexpected file field.';

type Deps = Pick<ServiceDeps, 'db' | 'storage'>;

/** The caller and what the generic functions below need, bound once per call. */
interface Context extends Deps {
  user: User;
}

async function serialize<T>(kind: DiscussionKind<T>, ctx: Context, rows: ItemRow[]): Promise<T[]> {
  const attachments = await kind.repo.attachments(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    kind.shape(
      {
        id: row.id,
        author: row.author
          ? {
              id: row.author.id,
              first_name: row.author.firstName,
              last_name: row.author.lastName,
              image: mediaUrl(row.author.image),
              is_staff: row.author.isStaff,
            }
          : null,
        body: row.body,
        attachments: attachments
          .filter((a) => a.ownerId === row.id)
          .map((a) => ({ id: a.id, url: ctx.storage.url(a.key) })),
        rank: row.rank,
        my_reaction: row.myReaction === 1 || row.myReaction === -1 ? row.myReaction : null,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        is_mine: row.userId !== null && row.userId === ctx.user.id,
      },
      row,
    ),
  );
}

async function listItems<T>(
  kind: DiscussionKind<T>,
  ctx: Context,
  parentId: number,
  ordering: Ordering,
  page: PageQuery,
) {
  const { total, rows } = await kind.repo.list(
    ctx.db,
    parentId,
    ctx.user.id,
    ordering,
    pageWindow(page),
  );
  assertPageExists(page, total);
  return { total, results: await serialize(kind, ctx, rows) };
}

async function getItem<T>(kind: DiscussionKind<T>, ctx: Context, id: number): Promise<T> {
  const row = await kind.repo.find(ctx.db, id, ctx.user.id);
  if (!row) throw notFound();
  const [item] = await serialize(kind, ctx, [row]);
  return item!;
}

/** The uploaded attachments; a file under any other field name is refused. */
function attachmentFiles(form: ParsedForm): UploadedFile[] {
  const stray = form.files.find((f) => f.field !== ATTACHMENT_FIELD);
  if (stray) throw badRequest(stray.field, UNEXPECTED_FILE);
  if (form.fields[ATTACHMENT_FIELD]?.length)
    throw badRequest(ATTACHMENT_FIELD, drfMessages.notAFile);
  return form.files;
}

async function deleteFiles(storage: Storage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key)));
}

/** Checks and stores every file; if one fails, those already stored are removed. */
async function storeFiles<T>(
  kind: DiscussionKind<T>,
  storage: Storage,
  files: UploadedFile[],
): Promise<string[]> {
  const images = await cleanImages(
    ATTACHMENT_FIELD,
    files.map((file) => file.data),
  );
  return withStoredImages(storage, kind.folder, images, async (keys) => keys);
}

async function createItem<T>(kind: DiscussionKind<T>, ctx: Context, form: ParsedForm): Promise<T> {
  const input = parseOrThrow(kind.createSchema, firstValues(form.fields));
  const parentId = 'question' in input ? input.question : input.comment;
  const files = attachmentFiles(form);
  if (files.length > COMMENT_ATTACHMENTS_MAX)
    throw badRequest(ATTACHMENT_FIELD, TOO_MANY_ATTACHMENTS);
  if (!(await kind.repo.parentExists(ctx.db, parentId))) {
    throw badRequest(kind.parentField, invalidPk(parentId));
  }
  const keys = await storeFiles(kind, ctx.storage, files);
  let id: number;
  try {
    id = await kind.repo.insert(ctx.db, { parentId, userId: ctx.user.id, body: input.body, keys });
  } catch (error) {
    await deleteFiles(ctx.storage, keys);
    // The parent was deleted meanwhile: the same answer as if it had never existed.
    if (!(await kind.repo.parentExists(ctx.db, parentId))) {
      throw badRequest(kind.parentField, invalidPk(parentId));
    }
    throw error;
  }
  return getItem(kind, ctx, id);
}

/**
 * The author edits the body, adds files and removes attachments by id. The id comes from the
 * path, or from the body for the seed's `PATCH /api/comments/`.
 */
async function updateItem<T>(
  kind: DiscussionKind<T>,
  ctx: Context,
  pathId: number | undefined,
  form: ParsedForm,
): Promise<T> {
  const input = parseOrThrow(commentUpdateSchema, {
    ...firstValues(form.fields),
    removed_attachment_id: form.fields.removed_attachment_id,
  });
  const id = pathId ?? input.id;
  if (id === undefined) throw badRequest('id', 'This field is required.');
  const files = attachmentFiles(form);
  const row = await kind.repo.find(ctx.db, id, ctx.user.id);
  if (!row) throw notFound();
  if (row.userId !== ctx.user.id) throw forbidden(kind.editOwnOnly);

  const current = await kind.repo.attachments(ctx.db, [id]);
  const removeIds = [...new Set(input.removed_attachment_id ?? [])];
  const unknown = removeIds.filter((rid) => !current.some((a) => a.id === rid));
  if (unknown.length) throw fieldErrors({ removed_attachment_id: unknown.map(invalidPk) });
  if (current.length - removeIds.length + files.length > COMMENT_ATTACHMENTS_MAX) {
    throw badRequest(ATTACHMENT_FIELD, TOO_MANY_ATTACHMENTS);
  }

  const keys = await storeFiles(kind, ctx.storage, files);
  let removedKeys: string[];
  try {
    removedKeys = await kind.repo.update(ctx.db, id, {
      body: input.body,
      addKeys: keys,
      removeIds,
    });
  } catch (error) {
    await deleteFiles(ctx.storage, keys);
    if (!(await kind.repo.find(ctx.db, id, ctx.user.id))) throw notFound();
    throw error;
  }
  await deleteFiles(ctx.storage, removedKeys);
  return getItem(kind, ctx, id);
}

/** The author or staff delete; a comment takes its replies and every file with it. */
async function deleteItem<T>(kind: DiscussionKind<T>, ctx: Context, id: number): Promise<void> {
  const row = await kind.repo.find(ctx.db, id, ctx.user.id);
  if (!row) throw notFound();
  if (row.userId !== ctx.user.id && !ctx.user.isStaff) throw forbidden(kind.deleteOwnOnly);
  // Staff removing someone else's item: the same as the back office's removal, without a reason.
  if (row.userId !== ctx.user.id) return removeAsStaff(kind, ctx, id, '');
  const keys = await kind.repo.delete(ctx.db, id);
  await deleteFiles(ctx.storage, keys);
}

/** Sets (+1/-1) or removes (null) the caller's reaction; answers the exact new rank. */
async function react<T>(
  kind: DiscussionKind<T>,
  ctx: Pick<Context, 'db' | 'user'>,
  id: number,
  value: ReactionValue | null,
): Promise<ReactionResult> {
  const rank = await kind.repo.react(ctx.db, id, ctx.user.id, value);
  if (rank === undefined) throw notFound();
  return { id, rank, my_reaction: value };
}

const asValue = (v: number): ReactionValue => (v > 0 ? 1 : -1);

export async function commentReactions(
  { db }: Pick<ServiceDeps, 'db'>,
  user: User,
  filter: { question?: number; comment?: number },
) {
  const rows = await listCommentReactions(db, user.id, filter);
  return rows.map((r) => ({ ...r, value: asValue(r.value) }));
}

export async function replyReactions(
  { db }: Pick<ServiceDeps, 'db'>,
  user: User,
  filter: { comment?: number; reply?: number },
) {
  const rows = await listReplyReactions(db, user.id, filter);
  return rows.map((r) => ({ ...r, value: asValue(r.value) }));
}

/**
 * Staff remove any comment or reply with a reason: the record is logged (before = the item),
 * and its author is told why in the app, with a link to the question.
 */
async function removeAsStaff<T>(
  kind: DiscussionKind<T>,
  ctx: Context,
  id: number,
  reason: string,
): Promise<void> {
  const row = await kind.repo.find(ctx.db, id, ctx.user.id);
  if (!row) throw notFound();
  const before = await getItem(kind, ctx, id);
  const questionId =
    kind.parentField === 'question'
      ? row.parentId
      : (await COMMENTS.repo.find(ctx.db, row.parentId, ctx.user.id))?.parentId;
  const keys = await kind.repo.delete(ctx.db, id);
  await deleteFiles(ctx.storage, keys);
  const what = kind.parentField === 'question' ? 'comment' : 'reply';
  await recordStaffAction(ctx, ctx.user, `${what}.delete`, { type: what, id }, before, {
    reason,
  });
  if (row.userId !== null && row.userId !== ctx.user.id) {
    await notifyUsers(ctx, [row.userId], {
      kind: 'comment_removed',
      message: `Your ${what} was removed by a moderator.${reason ? ` Reason: ${reason}` : ''}`,
      link: questionId ? `/questions/${questionId}` : null,
    });
  }
}

export async function listForStaff(
  { db }: Pick<ServiceDeps, 'db'>,
  query: StaffCommentQuery,
): Promise<{ total: number; results: StaffComment[] }> {
  const { total, rows } = await listCommentsForStaff(
    db,
    { questionId: query.question, search: query.search || undefined },
    pageWindow(query),
  );
  assertPageExists(query, total);
  return {
    total,
    results: rows.map((r) => ({
      id: r.id,
      question: r.questionId,
      body: r.body,
      author_email: r.authorEmail,
      replies_count: r.repliesCount,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/**
 * One kind's service in the shape every module uses, `(deps, user, input)` (decision 043):
 * comments and replies share the rules above and differ only by their `DiscussionKind`.
 */
function discussionService<T>(kind: DiscussionKind<T>) {
  const ctx = ({ db, storage }: Deps, user: User): Context => ({ db, storage, user });
  return {
    list: (deps: Deps, user: User, q: { parent: number; ordering: Ordering; page: PageQuery }) =>
      listItems(kind, ctx(deps, user), q.parent, q.ordering, q.page),
    get: (deps: Deps, user: User, id: number) => getItem(kind, ctx(deps, user), id),
    create: (deps: Deps, user: User, form: ParsedForm) => createItem(kind, ctx(deps, user), form),
    /** `id` undefined: the id is in the body (the seed's `PATCH /api/comments/`). */
    update: (deps: Deps, user: User, id: number | undefined, form: ParsedForm) =>
      updateItem(kind, ctx(deps, user), id, form),
    remove: (deps: Deps, user: User, id: number) => deleteItem(kind, ctx(deps, user), id),
    react: ({ db }: Pick<ServiceDeps, 'db'>, user: User, id: number, value: ReactionValue | null) =>
      react(kind, { db, user }, id, value),
    removeAsStaff: (deps: Deps, actor: User, id: number, reason: string) =>
      removeAsStaff(kind, ctx(deps, actor), id, reason),
  };
}

export type DiscussionService = ReturnType<typeof discussionService>;
export const comments = discussionService(COMMENTS);
export const replies = discussionService(REPLIES);
