import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

export const commentsRepository: DiscussionRepository = {
  // Only published questions take new comments (an unpublished one reads as unknown).
  async parentExists(db, questionId) {
    const rows = await db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.id, questionId), eq(questions.isPublished, true)));
    return rows.length > 0;
  },

  async find(db, id, viewerId) {
    const [row] = await commentSelect(db, viewerId).where(eq(comments.id, id));
    return row;
  },

  async list(db, questionId, viewerId, ordering, window) {
    const where = eq(comments.questionId, questionId);
    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(comments)
      .where(where);
    const rows = await commentSelect(db, viewerId)
      .where(where)
      .orderBy(...orderingOf(ordering, comments))
      .limit(window.limit)
      .offset(window.offset);
    return { total, rows };
  },

  async attachments(db, ids) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: commentAttachments.id,
        ownerId: commentAttachments.commentId,
        key: commentAttachments.key,
      })
      .from(commentAttachments)
      .where(inArray(commentAttachments.commentId, ids))
      .orderBy(asc(commentAttachments.id));
  },

  async insert(db, { parentId, userId, body, keys }) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(comments)
        .values({ questionId: parentId, userId, body })
        .returning({ id: comments.id });
      if (keys.length) {
        await tx
          .insert(commentAttachments)
          .values(keys.map((key) => ({ commentId: row!.id, key })));
      }
      return row!.id;
    });
  },

  async update(db, id, { body, addKeys, removeIds }) {
    return db.transaction(async (tx) => {
      await tx
        .update(comments)
        .set(body === undefined ? { updatedAt: new Date() } : { body, updatedAt: new Date() })
        .where(eq(comments.id, id));
      let removed: string[] = [];
      if (removeIds.length) {
        const rows = await tx
          .delete(commentAttachments)
          .where(
            and(eq(commentAttachments.commentId, id), inArray(commentAttachments.id, removeIds)),
          )
          .returning({ key: commentAttachments.key });
        removed = rows.map((r) => r.key);
      }
      if (addKeys.length) {
        await tx.insert(commentAttachments).values(addKeys.map((key) => ({ commentId: id, key })));
      }
      return removed;
    });
  },

  async delete(db, id) {
    return db.transaction(async (tx) => {
      const own = await tx
        .select({ key: commentAttachments.key })
        .from(commentAttachments)
        .where(eq(commentAttachments.commentId, id));
      const ofReplies = await tx
        .select({ key: commentReplyAttachments.key })
        .from(commentReplyAttachments)
        .innerJoin(commentReplies, eq(commentReplies.id, commentReplyAttachments.replyId))
        .where(eq(commentReplies.commentId, id));
      // Replies, attachments and reactions go with it (ON DELETE CASCADE).
      await tx.delete(comments).where(eq(comments.id, id));
      return [...own, ...ofReplies].map((r) => r.key);
    });
  },

  async react(db, id, userId, value) {
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(eq(comments.id, id))
        .for('update');
      if (!locked) return undefined;
      if (value === null) {
        await tx
          .delete(commentReactions)
          .where(and(eq(commentReactions.commentId, id), eq(commentReactions.userId, userId)));
      } else {
        await tx
          .insert(commentReactions)
          .values({ commentId: id, userId, value })
          .onConflictDoUpdate({
            target: [commentReactions.commentId, commentReactions.userId],
            set: { value },
          });
      }
      const [row] = await tx
        .update(comments)
        .set({
          rank: sql`(select coalesce(sum(${commentReactions.value}), 0) from ${commentReactions} where ${commentReactions.commentId} = ${id})::int`,
        })
        .where(eq(comments.id, id))
        .returning({ rank: comments.rank });
      return row!.rank;
    });
  },
};

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

export const repliesRepository: DiscussionRepository = {
  async parentExists(db, commentId) {
    const rows = await db
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.id, commentId));
    return rows.length > 0;
  },

  async find(db, id, viewerId) {
    const [row] = await replySelect(db, viewerId).where(eq(commentReplies.id, id));
    return row;
  },

  async list(db, commentId, viewerId, ordering, window) {
    const where = eq(commentReplies.commentId, commentId);
    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(commentReplies)
      .where(where);
    const rows = await replySelect(db, viewerId)
      .where(where)
      .orderBy(...orderingOf(ordering, commentReplies))
      .limit(window.limit)
      .offset(window.offset);
    return { total, rows };
  },

  async attachments(db, ids) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: commentReplyAttachments.id,
        ownerId: commentReplyAttachments.replyId,
        key: commentReplyAttachments.key,
      })
      .from(commentReplyAttachments)
      .where(inArray(commentReplyAttachments.replyId, ids))
      .orderBy(asc(commentReplyAttachments.id));
  },

  async insert(db, { parentId, userId, body, keys }) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(commentReplies)
        .values({ commentId: parentId, userId, body })
        .returning({ id: commentReplies.id });
      if (keys.length) {
        await tx
          .insert(commentReplyAttachments)
          .values(keys.map((key) => ({ replyId: row!.id, key })));
      }
      return row!.id;
    });
  },

  async update(db, id, { body, addKeys, removeIds }) {
    return db.transaction(async (tx) => {
      await tx
        .update(commentReplies)
        .set(body === undefined ? { updatedAt: new Date() } : { body, updatedAt: new Date() })
        .where(eq(commentReplies.id, id));
      let removed: string[] = [];
      if (removeIds.length) {
        const rows = await tx
          .delete(commentReplyAttachments)
          .where(
            and(
              eq(commentReplyAttachments.replyId, id),
              inArray(commentReplyAttachments.id, removeIds),
            ),
          )
          .returning({ key: commentReplyAttachments.key });
        removed = rows.map((r) => r.key);
      }
      if (addKeys.length) {
        await tx
          .insert(commentReplyAttachments)
          .values(addKeys.map((key) => ({ replyId: id, key })));
      }
      return removed;
    });
  },

  async delete(db, id) {
    return db.transaction(async (tx) => {
      const own = await tx
        .select({ key: commentReplyAttachments.key })
        .from(commentReplyAttachments)
        .where(eq(commentReplyAttachments.replyId, id));
      await tx.delete(commentReplies).where(eq(commentReplies.id, id));
      return own.map((r) => r.key);
    });
  },

  async react(db, id, userId, value) {
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: commentReplies.id })
        .from(commentReplies)
        .where(eq(commentReplies.id, id))
        .for('update');
      if (!locked) return undefined;
      if (value === null) {
        await tx
          .delete(commentReplyReactions)
          .where(
            and(eq(commentReplyReactions.replyId, id), eq(commentReplyReactions.userId, userId)),
          );
      } else {
        await tx
          .insert(commentReplyReactions)
          .values({ replyId: id, userId, value })
          .onConflictDoUpdate({
            target: [commentReplyReactions.replyId, commentReplyReactions.userId],
            set: { value },
          });
      }
      const [row] = await tx
        .update(commentReplies)
        .set({
          rank: sql`(select coalesce(sum(${commentReplyReactions.value}), 0) from ${commentReplyReactions} where ${commentReplyReactions.replyId} = ${id})::int`,
        })
        .where(eq(commentReplies.id, id))
        .returning({ rank: commentReplies.rank });
      return row!.rank;
    });
  },
};

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
