import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachmentItemImages, attachmentItems, questions } from '../../db/schema/index';

export type AttachmentRow = typeof attachmentItems.$inferSelect;
export type AttachmentImageRow = typeof attachmentItemImages.$inferSelect;

export async function isPublishedQuestion(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, id), eq(questions.isPublished, true)));
  return Boolean(row);
}

const own = (userId: number, questionId?: number) =>
  and(
    eq(attachmentItems.userId, userId),
    questionId ? eq(attachmentItems.questionId, questionId) : undefined,
  );

export async function countItems(db: Db, userId: number, questionId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(attachmentItems)
    .where(own(userId, questionId));
  return row?.n ?? 0;
}

/** The caller's attachment items, newest first. */
export function listItems(
  db: Db,
  userId: number,
  window: { questionId?: number; limit: number; offset: number },
): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachmentItems)
    .where(own(userId, window.questionId))
    .orderBy(desc(attachmentItems.createdAt), desc(attachmentItems.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function findItem(
  db: Db,
  userId: number,
  id: number,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(attachmentItems)
    .where(and(eq(attachmentItems.id, id), eq(attachmentItems.userId, userId)));
  return row;
}

export function imagesOfItems(db: Db, itemIds: number[]): Promise<AttachmentImageRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(attachmentItemImages)
    .where(inArray(attachmentItemImages.attachmentItemId, itemIds))
    .orderBy(asc(attachmentItemImages.id));
}

/** Creates an item and its image rows in one transaction. */
export function insertItem(
  db: Db,
  userId: number,
  questionId: number,
  keys: string[],
): Promise<AttachmentRow> {
  return db.transaction(async (tx) => {
    const [item] = await tx.insert(attachmentItems).values({ userId, questionId }).returning();
    await tx
      .insert(attachmentItemImages)
      .values(keys.map((key) => ({ attachmentItemId: item!.id, key })));
    return item!;
  });
}

export interface ImageChangeState {
  /** Requested removals that are not images of this item. */
  unknownRemovedIds: number[];
  /** How many images the item would hold after the change. */
  imagesAfter: number;
}

/**
 * Removes and adds images of an item in one transaction (the item row locked first); `guard`
 * sees the outcome and may throw to roll back. Returns the removed keys, or null when the item
 * is not the caller's.
 */
export function changeImages(
  db: Db,
  userId: number,
  id: number,
  change: { removeIds: number[]; addKeys: string[] },
  guard: (state: ImageChangeState) => void,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ id: attachmentItems.id })
      .from(attachmentItems)
      .where(and(eq(attachmentItems.id, id), eq(attachmentItems.userId, userId)))
      .for('update');
    if (!item) return null;
    const removed = change.removeIds.length
      ? await tx
          .delete(attachmentItemImages)
          .where(
            and(
              eq(attachmentItemImages.attachmentItemId, id),
              inArray(attachmentItemImages.id, change.removeIds),
            ),
          )
          .returning({ id: attachmentItemImages.id, key: attachmentItemImages.key })
      : [];
    if (change.addKeys.length) {
      await tx
        .insert(attachmentItemImages)
        .values(change.addKeys.map((key) => ({ attachmentItemId: id, key })));
    }
    const [total] = await tx
      .select({ n: count() })
      .from(attachmentItemImages)
      .where(eq(attachmentItemImages.attachmentItemId, id));
    const removedIds = new Set(removed.map((r) => r.id));
    guard({
      unknownRemovedIds: change.removeIds.filter((r) => !removedIds.has(r)),
      imagesAfter: total?.n ?? 0,
    });
    return removed.map((r) => r.key);
  });
}

/** Deletes an item (row locked first); returns its images' keys, or null when not the caller's. */
export function deleteItem(db: Db, userId: number, id: number): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ id: attachmentItems.id })
      .from(attachmentItems)
      .where(and(eq(attachmentItems.id, id), eq(attachmentItems.userId, userId)))
      .for('update');
    if (!item) return null;
    const images = await tx
      .select({ key: attachmentItemImages.key })
      .from(attachmentItemImages)
      .where(eq(attachmentItemImages.attachmentItemId, id));
    await tx.delete(attachmentItems).where(eq(attachmentItems.id, id));
    return images.map((i) => i.key);
  });
}
