import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invalidateUsers } from '../../lib/cache';
import {
  attachmentItemImages,
  attachmentItems,
  authTokens,
  commentReactions,
  commentReplies,
  commentReplyReactions,
  comments,
  noteItemAttachments,
  noteItems,
  oneTimeCodes,
  purchases,
  reports,
  users,
} from '../../db/schema/index';
import { issueToken, type User } from '../../lib/auth';

export type CodePurpose = 'email_verification' | 'password_reset';
export type OneTimeCode = typeof oneTimeCodes.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<
  Pick<NewUser, 'firstName' | 'lastName' | 'phone' | 'dateOfBirth' | 'image'>
>;

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** True when the error is PostgreSQL's unique_violation (23505), as thrown by pg or PGlite. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Creates a user, a token for them and (optionally) a first one-time code, all or nothing.
 * Returns undefined when the e-mail is taken (also under a concurrent registration).
 */
export async function createUserWithToken(
  db: Db,
  values: NewUser,
  code?: { purpose: CodePurpose; codeHash: string; expiresAt: Date },
): Promise<{ user: User; key: string } | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values(values).returning();
      const key = await issueToken(tx as unknown as Db, user!.id);
      if (code) await tx.insert(oneTimeCodes).values({ ...code, userId: user!.id });
      return { user: user!, key };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

export async function updateUser(
  db: Db,
  id: number,
  changes: UserChanges & { isConfirmed?: boolean; lastLogin?: Date; passwordHash?: string },
): Promise<User> {
  const [user] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  // Cached token lookups hold the old row, also after an anonymous write (provider sign-in).
  await invalidateUsers(db, [id]);
  return user!;
}

export async function deleteToken(db: Db, keyHash: string): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.keyHash, keyHash));
}

/** Swaps a hash for its rehash, unless the password changed meanwhile (a reset won the race). */
export async function rehashPassword(
  db: Db,
  id: number,
  stored: string,
  passwordHash: string,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, id), eq(users.passwordHash, stored)));
}

/** Sets a new password and revokes every token of the user, at once. */
export async function setPasswordAndRevokeTokens(
  db: Db,
  id: number,
  passwordHash: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
    await tx.delete(authTokens).where(eq(authTokens.userId, id));
  });
}

// One-time codes. "Live" = not used, not expired, fewer than maxAttempts wrong tries.

const live = (now: Date, maxAttempts: number) =>
  and(
    isNull(oneTimeCodes.usedAt),
    gt(oneTimeCodes.expiresAt, now),
    lt(oneTimeCodes.attempts, maxAttempts),
  );

/** Replaces the user's codes for this purpose with a new one (one live code per purpose). */
export async function replaceCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)));
    await tx.insert(oneTimeCodes).values({ userId, purpose, codeHash, expiresAt });
  });
}

export async function findLiveCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  now: Date,
  maxAttempts: number,
): Promise<OneTimeCode | undefined> {
  const rows = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        live(now, maxAttempts),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function findLiveCodesByHash(
  db: Db,
  purpose: CodePurpose,
  codeHash: string,
  now: Date,
  maxAttempts: number,
): Promise<OneTimeCode[]> {
  return db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.codeHash, codeHash),
        live(now, maxAttempts),
      ),
    )
    .limit(2);
}

export async function countAttempt(db: Db, id: number): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id));
}

/** Uses a code up; false when another request used it first. */
export async function markCodeUsed(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/** Storage keys of every file the user owns: profile image, note and attachment images, receipts. */
export async function userFileKeys(db: Db, userId: number): Promise<string[]> {
  const [user] = await db.select({ image: users.image }).from(users).where(eq(users.id, userId));
  const notes = await db
    .select({ key: noteItemAttachments.key })
    .from(noteItemAttachments)
    .where(
      inArray(
        noteItemAttachments.noteItemId,
        db.select({ id: noteItems.id }).from(noteItems).where(eq(noteItems.userId, userId)),
      ),
    );
  const attachments = await db
    .select({ key: attachmentItemImages.key })
    .from(attachmentItemImages)
    .where(
      inArray(
        attachmentItemImages.attachmentItemId,
        db
          .select({ id: attachmentItems.id })
          .from(attachmentItems)
          .where(eq(attachmentItems.userId, userId)),
      ),
    );
  const receipts = await db
    .select({ key: purchases.receipt })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), isNotNull(purchases.receipt)));
  const screenshots = await db
    .select({ key: reports.screenshot })
    .from(reports)
    .where(and(eq(reports.userId, userId), isNotNull(reports.screenshot)));
  return [
    user?.image,
    ...notes.map((r) => r.key),
    ...attachments.map((r) => r.key),
    ...receipts.map((r) => r.key),
    ...screenshots.map((r) => r.key),
  ].filter((key): key is string => !!key);
}

/**
 * Deletes the user; every personal row goes with it (ON DELETE CASCADE), comments stay (SET NULL).
 * Their reactions go too, so the ranks they counted in are recomputed in the same transaction,
 * with the comment rows locked as the reaction calls lock them.
 */
/** Deletes the user (cascade), after `first` in the same transaction. */
export async function deleteUser(
  db: Db,
  userId: number,
  first: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await first(tx);
    const commentIds = (
      await tx
        .select({ id: commentReactions.commentId })
        .from(commentReactions)
        .where(eq(commentReactions.userId, userId))
    ).map((r) => r.id);
    const replyIds = (
      await tx
        .select({ id: commentReplyReactions.replyId })
        .from(commentReplyReactions)
        .where(eq(commentReplyReactions.userId, userId))
    ).map((r) => r.id);
    if (commentIds.length) {
      await tx
        .select({ id: comments.id })
        .from(comments)
        .where(inArray(comments.id, commentIds))
        .orderBy(comments.id)
        .for('update');
      await tx.delete(commentReactions).where(eq(commentReactions.userId, userId));
      await tx
        .update(comments)
        .set({
          rank: sql`(select coalesce(sum(${commentReactions.value}), 0) from ${commentReactions} where ${commentReactions.commentId} = ${comments.id})::int`,
        })
        .where(inArray(comments.id, commentIds));
    }
    if (replyIds.length) {
      await tx
        .select({ id: commentReplies.id })
        .from(commentReplies)
        .where(inArray(commentReplies.id, replyIds))
        .orderBy(commentReplies.id)
        .for('update');
      await tx.delete(commentReplyReactions).where(eq(commentReplyReactions.userId, userId));
      await tx
        .update(commentReplies)
        .set({
          rank: sql`(select coalesce(sum(${commentReplyReactions.value}), 0) from ${commentReplyReactions} where ${commentReplyReactions.replyId} = ${commentReplies.id})::int`,
        })
        .where(inArray(commentReplies.id, replyIds));
    }
    await tx.delete(users).where(eq(users.id, userId));
  });
}
