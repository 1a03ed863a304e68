import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  commentAttachments,
  commentReactions,
  commentReplies,
  commentReplyAttachments,
  commentReplyReactions,
  comments,
  questions,
  users,
} from '../../db/schema/index';

/**
 * Comments and replies share one shape (author, body, attachments, rank, reactions); each
 * table set gets the same repository interface so the service applies the same rules to both.
 */

export type Ordering = '-created_at' | 'created_at' | '-rank';
export type ReactionValue = 1 | -1;

export interface ItemRow {
  id: number;
  /** Question of a comment, comment of a reply. */
  parentId: number;
  userId: number | null;
  body: string;
  rank: number;
  createdAt: Date;
  updatedAt: Date;
  author: {
    id: number;
    firstName: string;
    lastName: string;
    image: string | null;
    isStaff: boolean;
  } | null;
  myReaction: number | null;
  repliesCount: number;
}

export interface AttachmentRow {
  id: number;
  ownerId: number;
  key: string;
}

export interface ItemChanges {
  body?: string;
  addKeys: string[];
  removeIds: number[];
}

export interface DiscussionRepository {
  parentExists(db: Db, parentId: number): Promise<boolean>;
  find(db: Db, id: number, viewerId: number): Promise<ItemRow | undefined>;
  list(
    db: Db,
    parentId: number,
    viewerId: number,
    ordering: Ordering,
    window: { limit: number; offset: number },
  ): Promise<{ total: number; rows: ItemRow[] }>;
  attachments(db: Db, ownerIds: number[]): Promise<AttachmentRow[]>;
  insert(
    db: Db,
    values: { parentId: number; userId: number; body: string; keys: string[] },
  ): Promise<number>;
  /** Applies the changes in one transaction; answers the storage keys of removed attachments. */
  update(db: Db, id: number, changes: ItemChanges): Promise<string[]>;
  /** Deletes the item (and, for a comment, its replies); answers every storage key it held. */
  delete(db: Db, id: number): Promise<string[]>;
  /**
   * Sets (or with null removes) the user's reaction and recomputes rank = sum of the values,
   * in one transaction holding the item's row lock, so concurrent reactions serialize per item.
   * Undefined when the item does not exist.
   */
  react(
    db: Db,
    id: number,
    userId: number,
    value: ReactionValue | null,
  ): Promise<number | undefined>;
}

const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  isStaff: users.isStaff,
};

const orderingOf = (
  ordering: Ordering,
  t: { createdAt: AnyPgColumn; id: AnyPgColumn; rank: AnyPgColumn },
): SQL[] => {
  if (ordering === 'created_at') return [asc(t.createdAt), asc(t.id)];
  if (ordering === '-rank') return [desc(t.rank), desc(t.createdAt), desc(t.id)];
  return [desc(t.createdAt), desc(t.id)];
};

// ---------------------------------------------------------------------------------------------
// One implementation over a table set: comments and replies differ only in their tables, their
// parent, the replies count and what a delete takes with it.

/** The columns every item, attachment and reaction table has (the schema declares them alike). */
interface TableSet {
  item: PgTable;
  itemCols: { id: AnyPgColumn; parent: AnyPgColumn; rank: AnyPgColumn; createdAt: AnyPgColumn };
  /** Property names for inserts: the parent's on the item, the item's on attachments/reactions. */
  parentKey: string;
  ownerKey: string;
  attachment: PgTable;
  attachmentCols: { id: AnyPgColumn; owner: AnyPgColumn; key: AnyPgColumn };
  reaction: PgTable;
  reactionCols: { owner: AnyPgColumn; user: AnyPgColumn; value: AnyPgColumn };
  /** The item rows with author and the viewer's reaction, as a dynamic query to filter. */
  select(db: Db, viewerId: number): PgSelect;
  parentExists(db: Db, parentId: number): Promise<boolean>;
  /** Storage keys that go with the item besides its own attachments (a comment's replies'). */
  extraKeys?(tx: Db, id: number): Promise<{ key: string }[]>;
}

function discussionRepository(t: TableSet): DiscussionRepository {
  // Generic columns read as untyped values: the casts below restore the types the schema gives.
  return {
    parentExists: t.parentExists,

    async find(db, id, viewerId) {
      const [row] = await t.select(db, viewerId).where(eq(t.itemCols.id, id));
      return row as ItemRow | undefined;
    },

    async list(db, parentId, viewerId, ordering, window) {
      const where = eq(t.itemCols.parent, parentId);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(t.item)
        .where(where);
      const rows = await t
        .select(db, viewerId)
        .where(where)
        .orderBy(...orderingOf(ordering, t.itemCols))
        .limit(window.limit)
        .offset(window.offset);
      return { total, rows: rows as ItemRow[] };
    },

    async attachments(db, ids) {
      if (ids.length === 0) return [];
      const c = t.attachmentCols;
      const rows = await db
        .select({ id: c.id, ownerId: c.owner, key: c.key })
        .from(t.attachment)
        .where(inArray(c.owner, ids))
        .orderBy(asc(c.id));
      return rows as AttachmentRow[];
    },

    async insert(db, { parentId, userId, body, keys }) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(t.item)
          .values({ [t.parentKey]: parentId, userId, body })
          .returning({ id: t.itemCols.id });
        const id = row!.id as number;
        if (keys.length) {
          await tx.insert(t.attachment).values(keys.map((key) => ({ [t.ownerKey]: id, key })));
        }
        return id;
      });
    },

    async update(db, id, { body, addKeys, removeIds }) {
      return db.transaction(async (tx) => {
        await tx
          .update(t.item)
          .set(body === undefined ? { updatedAt: new Date() } : { body, updatedAt: new Date() })
          .where(eq(t.itemCols.id, id));
        let removed: string[] = [];
        if (removeIds.length) {
          const rows = await tx
            .delete(t.attachment)
            .where(and(eq(t.attachmentCols.owner, id), inArray(t.attachmentCols.id, removeIds)))
            .returning({ key: t.attachmentCols.key });
          removed = rows.map((r) => r.key as string);
        }
        if (addKeys.length) {
          await tx.insert(t.attachment).values(addKeys.map((key) => ({ [t.ownerKey]: id, key })));
        }
        return removed;
      });
    },

    async delete(db, id) {
      return db.transaction(async (tx) => {
        const own = await tx
          .select({ key: t.attachmentCols.key })
          .from(t.attachment)
          .where(eq(t.attachmentCols.owner, id));
        const extra = t.extraKeys ? await t.extraKeys(tx, id) : [];
        // Attachments, reactions (and a comment's replies) go with it (ON DELETE CASCADE).
        await tx.delete(t.item).where(eq(t.itemCols.id, id));
        return [...own, ...extra].map((r) => r.key as string);
      });
    },

    async react(db, id, userId, value) {
      const r = t.reactionCols;
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: t.itemCols.id })
          .from(t.item)
          .where(eq(t.itemCols.id, id))
          .for('update');
        if (!locked) return undefined;
        if (value === null) {
          await tx.delete(t.reaction).where(and(eq(r.owner, id), eq(r.user, userId)));
        } else {
          await tx
            .insert(t.reaction)
            .values({ [t.ownerKey]: id, userId, value })
            .onConflictDoUpdate({ target: [r.owner, r.user], set: { value } });
        }
        const [row] = await tx
          .update(t.item)
          .set({
            rank: sql`(select coalesce(sum(${r.value}), 0) from ${t.reaction} where ${r.owner} = ${id})::int`,
          })
          .where(eq(t.itemCols.id, id))
          .returning({ rank: t.itemCols.rank });
        return row!.rank as number;
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Comments

const repliesCount = sql<number>`(select count(*) from ${commentReplies} where ${commentReplies.commentId} = ${comments.id})::int`;

const commentSelect = (db: Db, viewerId: number) =>
  db
    .select({
      id: comments.id,
      parentId: comments.questionId,
      userId: comments.userId,
      body: comments.body,
      rank: comments.rank,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      author: authorColumns,
      myReaction: commentReactions.value,
      repliesCount,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .leftJoin(
      commentReactions,
      and(eq(commentReactions.commentId, comments.id), eq(commentReactions.userId, viewerId)),
    );

export const commentsRepository = discussionRepository({
  item: comments,
  itemCols: {
    id: comments.id,
    parent: comments.questionId,
    rank: comments.rank,
    createdAt: comments.createdAt,
  },
  parentKey: 'questionId',
  ownerKey: 'commentId',
  attachment: commentAttachments,
  attachmentCols: {
    id: commentAttachments.id,
    owner: commentAttachments.commentId,
    key: commentAttachments.key,
  },
  reaction: commentReactions,
  reactionCols: {
    owner: commentReactions.commentId,
    user: commentReactions.userId,
    value: commentReactions.value,
  },
  select: (db, viewerId) => commentSelect(db, viewerId).$dynamic(),
  // Only published questions take new comments (an unpublished one reads as unknown).
  async parentExists(db, questionId) {
    const rows = await db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.id, questionId), eq(questions.isPublished, true)));
    return rows.length > 0;
  },
  extraKeys: (tx, id) =>
    tx
      .select({ key: commentReplyAttachments.key })
      .from(commentReplyAttachments)
      .innerJoin(commentReplies, eq(commentReplies.id, commentReplyAttachments.replyId))
      .where(eq(commentReplies.commentId, id)),
});

/** The user's reactions on comments, optionally on one question's comments or one comment. */
export async function listCommentReactions(
  db: Db,
  userId: number,
  filter: { question?: number; comment?: number },
) {
  return db
    .select({
      id: commentReactions.id,
      comment: commentReactions.commentId,
      value: commentReactions.value,
    })
    .from(commentReactions)
    .innerJoin(comments, eq(comments.id, commentReactions.commentId))
    .where(
      and(
        eq(commentReactions.userId, userId),
        filter.question === undefined ? undefined : eq(comments.questionId, filter.question),
        filter.comment === undefined ? undefined : eq(commentReactions.commentId, filter.comment),
      ),
    )
    .orderBy(asc(commentReactions.id));
}

// ---------------------------------------------------------------------------------------------
// Replies

const replySelect = (db: Db, viewerId: number) =>
  db
    .select({
      id: commentReplies.id,
      parentId: commentReplies.commentId,
      userId: commentReplies.userId,
      body: commentReplies.body,
      rank: commentReplies.rank,
      createdAt: commentReplies.createdAt,
      updatedAt: commentReplies.updatedAt,
      author: authorColumns,
      myReaction: commentReplyReactions.value,
      repliesCount: sql<number>`0`,
    })
    .from(commentReplies)
    .leftJoin(users, eq(users.id, commentReplies.userId))
    .leftJoin(
      commentReplyReactions,
      and(
        eq(commentReplyReactions.replyId, commentReplies.id),
        eq(commentReplyReactions.userId, viewerId),
      ),
    );

export const repliesRepository = discussionRepository({
  item: commentReplies,
  itemCols: {
    id: commentReplies.id,
    parent: commentReplies.commentId,
    rank: commentReplies.rank,
    createdAt: commentReplies.createdAt,
  },
  parentKey: 'commentId',
  ownerKey: 'replyId',
  attachment: commentReplyAttachments,
  attachmentCols: {
    id: commentReplyAttachments.id,
    owner: commentReplyAttachments.replyId,
    key: commentReplyAttachments.key,
  },
  reaction: commentReplyReactions,
  reactionCols: {
    owner: commentReplyReactions.replyId,
    user: commentReplyReactions.userId,
    value: commentReplyReactions.value,
  },
  select: (db, viewerId) => replySelect(db, viewerId).$dynamic(),
  async parentExists(db, commentId) {
    const rows = await db
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.id, commentId));
    return rows.length > 0;
  },
});

/** The user's reactions on replies, optionally on one comment's replies or one reply. */
export async function listReplyReactions(
  db: Db,
  userId: number,
  filter: { comment?: number; reply?: number },
) {
  return db
    .select({
      id: commentReplyReactions.id,
      reply: commentReplyReactions.replyId,
      value: commentReplyReactions.value,
    })
    .from(commentReplyReactions)
    .innerJoin(commentReplies, eq(commentReplies.id, commentReplyReactions.replyId))
    .where(
      and(
        eq(commentReplyReactions.userId, userId),
        filter.comment === undefined ? undefined : eq(commentReplies.commentId, filter.comment),
        filter.reply === undefined ? undefined : eq(commentReplyReactions.replyId, filter.reply),
      ),
    )
    .orderBy(asc(commentReplyReactions.id));
}

export interface StaffCommentRow {
  id: number;
  questionId: number;
  body: string;
  createdAt: Date;
  authorEmail: string | null;
  repliesCount: number;
}

/** Every comment for moderation, newest first; `search` matches the body or the author's e-mail. */
export async function listCommentsForStaff(
  db: Db,
  f: { questionId?: number; search?: string },
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: StaffCommentRow[] }> {
  const like = f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    f.questionId ? eq(comments.questionId, f.questionId) : undefined,
    like ? sql`(${comments.body} ilike ${like} or ${users.email} ilike ${like})` : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(where);
  const rows = await db
    .select({
      id: comments.id,
      questionId: comments.questionId,
      body: comments.body,
      createdAt: comments.createdAt,
      authorEmail: users.email,
      repliesCount: sql<number>`(select count(*)::int from ${commentReplies} where ${commentReplies.commentId} = ${comments.id})`,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(where)
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows };
}
