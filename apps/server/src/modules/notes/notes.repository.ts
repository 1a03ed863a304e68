import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, noteItemAttachments, noteItems, questions } from '../../db/schema/index';
import { QUESTION_SUMMARY_STEM_CHARS } from '@qbank/contract';
import { difficultyFilterSql } from '../questions/difficulty-filter.repository';

export type NoteRow = typeof noteItems.$inferSelect;
export type NoteImageRow = typeof noteItemAttachments.$inferSelect;
export interface QuestionSummaryRow {
  id: number;
  stem: string;
  course: number;
  module: number;
  isPublished: boolean;
}

/** Questions with their course and module, stem cut to the summary length. */
export async function questionSummaries(
  db: Db,
  ids: number[],
): Promise<Map<number, QuestionSummaryRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: questions.id,
      stem: sql<string>`left(${questions.stem}, ${sql.raw(String(QUESTION_SUMMARY_STEM_CHARS))})`,
      course: questions.courseId,
      module: courses.moduleId,
      isPublished: questions.isPublished,
    })
    .from(questions)
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(inArray(questions.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export type NoteFilter = { questionId?: number; search?: string; difficulty?: number[] };

/** `search`: a case-insensitive substring of the note or of its question's stem. */
function ownNotes(db: Db, userId: number, filter: NoteFilter) {
  const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  return and(
    eq(noteItems.userId, userId),
    filter.questionId ? eq(noteItems.questionId, filter.questionId) : undefined,
    pattern
      ? or(
          ilike(noteItems.content, pattern),
          inArray(
            noteItems.questionId,
            db.select({ id: questions.id }).from(questions).where(ilike(questions.stem, pattern)),
          ),
        )
      : undefined,
    filter.difficulty
      ? difficultyFilterSql(filter.difficulty, sql`${noteItems.questionId}`)
      : undefined,
  );
}

export async function countNotes(db: Db, userId: number, filter: NoteFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(noteItems)
    .where(ownNotes(db, userId, filter));
  return row?.n ?? 0;
}

/** The caller's notes, newest first. */
export function listNotes(
  db: Db,
  userId: number,
  window: NoteFilter & { limit?: number; offset?: number },
): Promise<NoteRow[]> {
  const query = db
    .select()
    .from(noteItems)
    .where(ownNotes(db, userId, window))
    .orderBy(desc(noteItems.createdAt), desc(noteItems.id))
    .$dynamic();
  if (window.limit !== undefined) query.limit(window.limit).offset(window.offset ?? 0);
  return query;
}

export async function findNote(db: Db, userId: number, id: number): Promise<NoteRow | undefined> {
  const [row] = await db
    .select()
    .from(noteItems)
    .where(and(eq(noteItems.id, id), eq(noteItems.userId, userId)));
  return row;
}

export function imagesOfNotes(db: Db, noteIds: number[]): Promise<NoteImageRow[]> {
  if (noteIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(noteItemAttachments)
    .where(inArray(noteItemAttachments.noteItemId, noteIds))
    .orderBy(asc(noteItemAttachments.id));
}

/** Creates a note and its image rows in one transaction. */
export function insertNote(
  db: Db,
  values: { userId: number; questionId: number; content: string },
  keys: string[],
): Promise<NoteRow> {
  return db.transaction(async (tx) => {
    const [note] = await tx.insert(noteItems).values(values).returning();
    if (keys.length) {
      await tx
        .insert(noteItemAttachments)
        .values(keys.map((key) => ({ noteItemId: note!.id, key })));
    }
    return note!;
  });
}

export interface ImageChangeState {
  /** Requested removals that are not images of this record. */
  unknownRemovedIds: number[];
  /** How many images the record would hold after the change. */
  imagesAfter: number;
}

/**
 * Updates a note in one transaction (the note row locked): new content if given, removed
 * images, added images. `guard` sees the outcome and may throw to roll everything back.
 * Returns the keys of the removed images, or null when the note is not the caller's.
 */
export function updateNote(
  db: Db,
  userId: number,
  id: number,
  change: { content?: string; removeIds: number[]; addKeys: string[] },
  guard: (state: ImageChangeState) => void,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [note] = await tx
      .update(noteItems)
      .set({
        updatedAt: new Date(),
        ...(change.content !== undefined ? { content: change.content } : {}),
      })
      .where(and(eq(noteItems.id, id), eq(noteItems.userId, userId)))
      .returning({ id: noteItems.id });
    if (!note) return null;
    const removed = change.removeIds.length
      ? await tx
          .delete(noteItemAttachments)
          .where(
            and(
              eq(noteItemAttachments.noteItemId, id),
              inArray(noteItemAttachments.id, change.removeIds),
            ),
          )
          .returning({ id: noteItemAttachments.id, key: noteItemAttachments.key })
      : [];
    if (change.addKeys.length) {
      await tx
        .insert(noteItemAttachments)
        .values(change.addKeys.map((key) => ({ noteItemId: id, key })));
    }
    const [total] = await tx
      .select({ n: count() })
      .from(noteItemAttachments)
      .where(eq(noteItemAttachments.noteItemId, id));
    const removedIds = new Set(removed.map((r) => r.id));
    guard({
      unknownRemovedIds: change.removeIds.filter((r) => !removedIds.has(r)),
      imagesAfter: total?.n ?? 0,
    });
    return removed.map((r) => r.key);
  });
}

/** Deletes a note (row locked first); returns its images' keys, or null when not the caller's. */
export function deleteNote(db: Db, userId: number, id: number): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [note] = await tx
      .select({ id: noteItems.id })
      .from(noteItems)
      .where(and(eq(noteItems.id, id), eq(noteItems.userId, userId)))
      .for('update');
    if (!note) return null;
    const images = await tx
      .select({ key: noteItemAttachments.key })
      .from(noteItemAttachments)
      .where(eq(noteItemAttachments.noteItemId, id));
    await tx.delete(noteItems).where(eq(noteItems.id, id));
    return images.map((i) => i.key);
  });
}
