import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  courses,
  favoriteQuestions,
  favorites,
  hideQuestions,
  hides,
  modules,
  questions,
  sources,
} from '../../db/schema/index';

export type FavoriteRow = typeof favorites.$inferSelect;
export type HideRow = typeof hides.$inferSelect;
export type QuestionMarkRow = typeof favoriteQuestions.$inferSelect;
export type Target = 'module' | 'course' | 'source';
export interface TargetIds {
  moduleId?: number;
  courseId?: number;
  sourceId?: number;
}

const targetTables = { module: modules, course: courses, source: sources };

export async function targetExists(db: Db, target: Target, id: number): Promise<boolean> {
  const table = targetTables[target];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return Boolean(row);
}

export async function isPublishedQuestion(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, id), eq(questions.isPublished, true)));
  return Boolean(row);
}

// ---------------------------------------------------------------- favorites (module or course)

export function listFavorites(db: Db, userId: number, filter: TargetIds): Promise<FavoriteRow[]> {
  return db
    .select()
    .from(favorites)
    .where(
      and(
        eq(favorites.userId, userId),
        filter.moduleId ? eq(favorites.moduleId, filter.moduleId) : undefined,
        filter.courseId ? eq(favorites.courseId, filter.courseId) : undefined,
      ),
    )
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
}

/** Inserts; undefined when the caller already has this favourite (unique index). */
export async function insertFavorite(
  db: Db,
  userId: number,
  target: TargetIds,
): Promise<FavoriteRow | undefined> {
  const [row] = await db
    .insert(favorites)
    .values({ userId, moduleId: target.moduleId, courseId: target.courseId })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function deleteFavorite(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.id, id), eq(favorites.userId, userId)))
    .returning({ id: favorites.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- hides (module, course or source)

export function listHides(db: Db, userId: number, filter: TargetIds): Promise<HideRow[]> {
  return db
    .select()
    .from(hides)
    .where(
      and(
        eq(hides.userId, userId),
        filter.moduleId ? eq(hides.moduleId, filter.moduleId) : undefined,
        filter.courseId ? eq(hides.courseId, filter.courseId) : undefined,
        filter.sourceId ? eq(hides.sourceId, filter.sourceId) : undefined,
      ),
    )
    .orderBy(desc(hides.createdAt), desc(hides.id));
}

export async function insertHide(
  db: Db,
  userId: number,
  target: TargetIds,
): Promise<HideRow | undefined> {
  const [row] = await db
    .insert(hides)
    .values({
      userId,
      moduleId: target.moduleId,
      courseId: target.courseId,
      sourceId: target.sourceId,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function deleteHide(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(hides)
    .where(and(eq(hides.id, id), eq(hides.userId, userId)))
    .returning({ id: hides.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- favorite_questions, hide_questions

export type QuestionMarkKind = 'favorite' | 'hide';
const markTables = { favorite: favoriteQuestions, hide: hideQuestions };

export async function countMarks(
  db: Db,
  kind: QuestionMarkKind,
  userId: number,
  questionId?: number,
): Promise<number> {
  const t = markTables[kind];
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.userId, userId), questionId ? eq(t.questionId, questionId) : undefined));
  return row?.n ?? 0;
}

export function listMarks(
  db: Db,
  kind: QuestionMarkKind,
  userId: number,
  window: { questionId?: number; limit: number; offset: number },
): Promise<QuestionMarkRow[]> {
  const t = markTables[kind];
  return db
    .select()
    .from(t)
    .where(
      and(
        eq(t.userId, userId),
        window.questionId ? eq(t.questionId, window.questionId) : undefined,
      ),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function insertMark(
  db: Db,
  kind: QuestionMarkKind,
  userId: number,
  questionId: number,
): Promise<QuestionMarkRow | undefined> {
  const [row] = await db
    .insert(markTables[kind])
    .values({ userId, questionId })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function deleteMark(
  db: Db,
  kind: QuestionMarkKind,
  userId: number,
  id: number,
): Promise<boolean> {
  const t = markTables[kind];
  const rows = await db
    .delete(t)
    .where(and(eq(t.id, id), eq(t.userId, userId)))
    .returning({ id: t.id });
  return rows.length > 0;
}
