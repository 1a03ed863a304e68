import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, playlistItems, playlists, questions } from '../../db/schema/index';
import { QUESTION_SUMMARY_STEM_CHARS } from '@qbank/contract';

export type PlaylistRow = typeof playlists.$inferSelect & { itemsCount: number };
export type PlaylistItemRow = typeof playlistItems.$inferSelect;
export interface PlaylistItemDetailRow extends PlaylistItemRow {
  question: { id: number; stem: string; course: number; module: number };
}

// Qualified by hand: inside the subquery an unqualified "id" would be the item's.
const itemsCount =
  sql<number>`(select count(*) from playlist_items pi where pi.playlist_id = "playlists"."id")`
    .mapWith(Number)
    .as('items_count');

const withCount = (db: Db) =>
  db
    .select({
      id: playlists.id,
      userId: playlists.userId,
      name: playlists.name,
      description: playlists.description,
      createdAt: playlists.createdAt,
      updatedAt: playlists.updatedAt,
      itemsCount,
    })
    .from(playlists);

export async function countPlaylists(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(playlists).where(eq(playlists.userId, userId));
  return row?.n ?? 0;
}

/** The caller's playlists, newest first. */
export function listPlaylists(
  db: Db,
  userId: number,
  window: { limit: number; offset: number },
): Promise<PlaylistRow[]> {
  return withCount(db)
    .where(eq(playlists.userId, userId))
    .orderBy(desc(playlists.createdAt), desc(playlists.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function findPlaylist(
  db: Db,
  userId: number,
  id: number,
): Promise<PlaylistRow | undefined> {
  const [row] = await withCount(db).where(and(eq(playlists.id, id), eq(playlists.userId, userId)));
  return row;
}

export async function insertPlaylist(
  db: Db,
  values: { userId: number; name: string; description?: string },
): Promise<number> {
  const [row] = await db.insert(playlists).values(values).returning({ id: playlists.id });
  return row!.id;
}

export async function updatePlaylist(
  db: Db,
  userId: number,
  id: number,
  change: { name?: string; description?: string },
): Promise<boolean> {
  const rows = await db
    .update(playlists)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(playlists.id, id), eq(playlists.userId, userId)))
    .returning({ id: playlists.id });
  return rows.length > 0;
}

export async function deletePlaylist(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(playlists)
    .where(and(eq(playlists.id, id), eq(playlists.userId, userId)))
    .returning({ id: playlists.id });
  return rows.length > 0;
}

export async function isPublishedQuestion(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, id), eq(questions.isPublished, true)));
  return Boolean(row);
}

/** A playlist's items in their order, each with its question summary. */
export async function listItems(db: Db, playlistId: number): Promise<PlaylistItemDetailRow[]> {
  const rows = await db
    .select({
      item: playlistItems,
      question: {
        id: questions.id,
        stem: sql<string>`left(${questions.stem}, ${sql.raw(String(QUESTION_SUMMARY_STEM_CHARS))})`,
        course: questions.courseId,
        module: courses.moduleId,
      },
    })
    .from(playlistItems)
    .innerJoin(questions, eq(questions.id, playlistItems.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(eq(playlistItems.playlistId, playlistId))
    .orderBy(asc(playlistItems.order), asc(playlistItems.id));
  return rows.map((r) => ({ ...r.item, question: r.question }));
}

export type AppendResult =
  { item: PlaylistItemRow } | { error: 'not-found' | 'duplicate' | 'full' };

/**
 * Appends a question at the end of one of the caller's playlists. The playlist row is locked so
 * concurrent appends get distinct positions.
 */
export function appendItem(
  db: Db,
  userId: number,
  playlistId: number,
  questionId: number,
  maxItems: number,
): Promise<AppendResult> {
  return db.transaction(async (tx): Promise<AppendResult> => {
    const [playlist] = await tx
      .select({ id: playlists.id })
      .from(playlists)
      .where(and(eq(playlists.id, playlistId), eq(playlists.userId, userId)))
      .for('update');
    if (!playlist) return { error: 'not-found' };
    const [stats] = await tx
      .select({ n: count(), last: max(playlistItems.order) })
      .from(playlistItems)
      .where(eq(playlistItems.playlistId, playlistId));
    if ((stats?.n ?? 0) >= maxItems) return { error: 'full' };
    const [item] = await tx
      .insert(playlistItems)
      .values({ playlistId, questionId, order: (stats?.last ?? -1) + 1 })
      .onConflictDoNothing()
      .returning();
    if (!item) return { error: 'duplicate' };
    await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, playlistId));
    return { item };
  });
}

/** Deletes an item of one of the caller's playlists. */
export async function deleteItem(db: Db, userId: number, itemId: number): Promise<boolean> {
  const owned = db.select({ id: playlists.id }).from(playlists).where(eq(playlists.userId, userId));
  const rows = await db
    .delete(playlistItems)
    .where(and(eq(playlistItems.id, itemId), inArray(playlistItems.playlistId, owned)))
    .returning({ id: playlistItems.id });
  return rows.length > 0;
}

/**
 * Gives the items of one of the caller's playlists the positions of `order` (item ids), in one
 * transaction with the playlist locked. `guard` sees the playlist's current item ids and may
 * throw to refuse. Returns false when the playlist is not the caller's.
 */
export function reorderItems(
  db: Db,
  userId: number,
  playlistId: number,
  order: number[],
  guard: (currentIds: number[]) => void,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [playlist] = await tx
      .select({ id: playlists.id })
      .from(playlists)
      .where(and(eq(playlists.id, playlistId), eq(playlists.userId, userId)))
      .for('update');
    if (!playlist) return false;
    const current = await tx
      .select({ id: playlistItems.id })
      .from(playlistItems)
      .where(eq(playlistItems.playlistId, playlistId));
    guard(current.map((c) => c.id));
    if (order.length) {
      const position = sql.join(
        order.map((id, i) => sql`when ${id}::int then ${i}::int`),
        sql` `,
      );
      await tx
        .update(playlistItems)
        .set({ order: sql`case ${playlistItems.id} ${position} end` })
        .where(eq(playlistItems.playlistId, playlistId));
    }
    await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, playlistId));
    return true;
  });
}
