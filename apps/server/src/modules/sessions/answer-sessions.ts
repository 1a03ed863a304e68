import type { Db } from '../../db/client';
import { cachesReady, defineCache, loadGuard } from '../../lib/cache';
import { notFound } from '../../lib/errors';
import * as repo from './sessions.repository';

/** What answering in a session needs of it; an answer changes none of it. */
export type AnswerSession = Pick<
  repo.SessionRow,
  'id' | 'userId' | 'courseId' | 'questionIds' | 'isFinished'
>;

/**
 * The sessions learners answer in, by user and id (decision 042): a learner answers many
 * questions in one session, and reading the session was one of an answer's three round trips.
 * The `progress` events that answers publish keep the entries (an answer changes none of these
 * fields); every other write of the user (finishing, restarting, deleting, starting another
 * session, clearing progress) publishes `user` and drops theirs, staff and content writes drop
 * all (a deleted course takes its sessions with it).
 */
const answerSessions = defineCache<string, AnswerSession>('answer-sessions', {
  limit: 10_000,
  ttlMs: 60_000,
  userOf: (_key, session) => session.userId,
  onEvent(cache, event) {
    if (event.kind === 'user') cache.deleteUser(event.userId);
    else if (event.kind !== 'progress') cache.clear();
  },
});

/** One of the caller's sessions, to answer in (another user's session: 404). */
export async function answerSession(db: Db, userId: number, id: number): Promise<AnswerSession> {
  const cache = answerSessions.of(db);
  const key = `${userId}:${id}`;
  const hit = cachesReady(db) ? cache.get(key) : undefined;
  if (hit) return hit;
  const guard = loadGuard(db);
  const row = await repo.findSession(db, userId, id);
  if (!row) throw notFound();
  const { courseId, questionIds, isFinished } = row;
  const session = { id, userId, courseId, questionIds, isFinished };
  if (guard.keepFor(userId)) cache.set(key, session);
  return session;
}
