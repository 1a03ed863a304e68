import type { Db } from '../../db/client';
import {
  courseFilters,
  favoriteQuestions,
  hideQuestions,
  noteItems,
  planModules,
  plans,
  playlistItems,
  playlists,
  purchases,
  questionAnswerHistory,
  sessionQuestions,
  sessions,
} from '../../db/schema/index';
import { publishUserChange } from '../../lib/invalidation';

/**
 * Test data for the question read path: the caller's records, written straight to the tables,
 * then published like the API's writes do (the invalidation plugin), so cached pages see them.
 */

const DAY = 24 * 60 * 60 * 1000;

/** An approved purchase running now (or, with `expired`, ended yesterday). */
export async function subscribe(
  db: Db,
  userId: number,
  options: { moduleIds?: number[]; expired?: boolean; status?: 'approved' | 'pending' } = {},
) {
  const moduleIds = options.moduleIds ?? [];
  const [plan] = await db
    .insert(plans)
    .values({
      name: 'Plan',
      price: '10.00',
      currency: 'EUR',
      durationDays: 30,
      allModules: !moduleIds.length,
    })
    .returning();
  if (moduleIds.length)
    await db
      .insert(planModules)
      .values(moduleIds.map((moduleId) => ({ planId: plan!.id, moduleId })));
  const now = Date.now();
  await db.insert(purchases).values({
    userId,
    planId: plan!.id,
    status: options.status ?? 'approved',
    startsAt: new Date(now - (options.expired ? 40 : 1) * DAY),
    endsAt: new Date(now + (options.expired ? -1 : 29) * DAY),
  });
  await publishUserChange(db, userId);
}

export async function startSession(db: Db, userId: number, courseId: number | null) {
  const [row] = await db.insert(sessions).values({ userId, courseId }).returning();
  await publishUserChange(db, userId);
  return row!;
}

export async function answerInSession(
  db: Db,
  session: { id: number; userId: number },
  questionId: number,
  answer: { choices: number[]; isCorrect: boolean; answeredAt?: Date },
) {
  await db.insert(sessionQuestions).values({
    sessionId: session.id,
    userId: session.userId,
    questionId,
    choices: answer.choices,
    isCorrect: answer.isCorrect,
    score: answer.isCorrect ? 1 : 0,
    ...(answer.answeredAt ? { answeredAt: answer.answeredAt } : {}),
  });
  await publishUserChange(db, session.userId);
}

export async function answerInHistory(
  db: Db,
  userId: number,
  questionId: number,
  answer: { choices: number[]; isCorrect: boolean },
) {
  await db.insert(questionAnswerHistory).values({
    userId,
    questionId,
    choices: answer.choices,
    isCorrect: answer.isCorrect,
    score: answer.isCorrect ? 1 : 0,
    mode: 'study',
  });
  await publishUserChange(db, userId);
}

export async function favorite(db: Db, userId: number, questionId: number) {
  await db.insert(favoriteQuestions).values({ userId, questionId });
  await publishUserChange(db, userId);
}
export async function hide(db: Db, userId: number, questionId: number) {
  await db.insert(hideQuestions).values({ userId, questionId });
  await publishUserChange(db, userId);
}
export async function note(db: Db, userId: number, questionId: number) {
  await db.insert(noteItems).values({ userId, questionId, content: 'Remember this' });
  await publishUserChange(db, userId);
}
export async function filterCourse(
  db: Db,
  userId: number,
  courseId: number,
  courseSources: number[],
) {
  await db.insert(courseFilters).values({ userId, courseId, courseSources });
  await publishUserChange(db, userId);
}

export async function buildPlaylist(db: Db, userId: number, questionIds: number[]) {
  const [playlist] = await db.insert(playlists).values({ userId, name: 'Revision' }).returning();
  if (questionIds.length) {
    await db
      .insert(playlistItems)
      .values(
        questionIds.map((questionId, order) => ({ playlistId: playlist!.id, questionId, order })),
      );
  }
  await publishUserChange(db, userId);
  return playlist!;
}
