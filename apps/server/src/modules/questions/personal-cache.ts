import type { Db } from '../../db/client';
import { defineCache, loadOne } from '../../lib/cache';
import {
  loadPersonalState,
  subscriptionWindow,
  type StoredAnswer,
} from './question-content.repository';

/** A user's marks and answers over one course, as the question page needs them. */
export interface PersonalState {
  favorites: Set<number>;
  hidden: Set<number>;
  noted: Set<number>;
  playlists: Map<number, number[]>;
  /** The user's current (latest) session of the course. */
  sessionId: number | null;
  sessionAnswers: Map<number, StoredAnswer>;
  history: Map<number, StoredAnswer>;
  /** The user's course filter (source ids), or null. */
  courseSources: number[] | null;
}

/** User-course entries kept per database; the least recently read are dropped first. */
export const PERSONAL_CACHE_SIZE = 2_000;

/** Expiry backstop of personal state and subscription access (decision 042). */
export const PERSONAL_CACHE_TTL_MS = 5 * 60_000;

const key = (userId: number, courseId: number) => `${userId}:${courseId}`;

const personalCache = defineCache<string, PersonalState>('personal-state', {
  limit: PERSONAL_CACHE_SIZE,
  ttlMs: PERSONAL_CACHE_TTL_MS,
  userOf: (k) => Number(k.split(':')[0]),
  onEvent(cache, event) {
    if (event.kind === 'user' || event.kind === 'progress') {
      cache.deleteUser(event.userId);
    } else {
      // Content changes may move questions between courses: start again.
      cache.clear();
    }
  },
});

export const personalCacheSize = (db: Db) => personalCache.peek(db)?.size ?? 0;

/**
 * The user's state over a course: from the cache, else one query (shared by the requests that
 * miss it at once). Kept only while the invalidation bus is ready and no event arrived during
 * the load (a racing write wins).
 */
export async function getPersonalState(
  db: Db,
  userId: number,
  courseId: number,
): Promise<PersonalState> {
  const cache = personalCache.of(db);
  const hit = cache.get(key(userId, courseId));
  if (hit) return hit;
  return loadOne(db, cache, key(userId, courseId), userId, () => loadState(db, userId, courseId));
}

async function loadState(db: Db, userId: number, courseId: number): Promise<PersonalState> {
  const row = await loadPersonalState(db, userId, courseId);
  const playlists = new Map<number, number[]>();
  for (const [questionId, playlistId] of row.playlists) {
    const list = playlists.get(questionId);
    if (list) list.push(playlistId);
    else playlists.set(questionId, [playlistId]);
  }
  return {
    favorites: new Set(row.favorites),
    hidden: new Set(row.hidden),
    noted: new Set(row.noted),
    playlists,
    sessionId: row.session_id,
    sessionAnswers: new Map(row.session_answers),
    history: new Map(row.history),
    courseSources: row.course_sources,
  };
}

/** What a learner's subscriptions open, until a purchase starts or ends. */
export interface SubscriptionAccess {
  all: boolean;
  moduleIds: number[];
  /** Epoch ms of the next start or end of an approved purchase. */
  until: number;
}

// Purchases are decided by staff (who publish the learner's event) or changed by the learner.
const accessCache = defineCache<number, SubscriptionAccess>('subscription-access', {
  limit: PERSONAL_CACHE_SIZE,
  ttlMs: PERSONAL_CACHE_TTL_MS,
  userOf: (userId) => userId,
  onEvent(cache, event) {
    if (event.kind === 'user') cache.delete(event.userId);
    else if (event.kind === 'all') cache.clear();
  },
});

/** A learner's subscription access: cached until it changes by time or by a write. */
export async function getSubscriptionAccess(db: Db, userId: number): Promise<SubscriptionAccess> {
  const cache = accessCache.of(db);
  const hit = cache.get(userId);
  if (hit) return hit;
  return loadOne(
    db,
    cache,
    userId,
    userId,
    () => loadAccessOf(db, userId),
    (a) => a.until,
  );
}

async function loadAccessOf(db: Db, userId: number): Promise<SubscriptionAccess> {
  const rows = await subscriptionWindow(db, userId);
  const active = rows.filter((r) => r.active);
  return {
    all: active.some((r) => r.all_modules),
    moduleIds: [...new Set(active.flatMap((r) => (r.module_id === null ? [] : [r.module_id])))],
    until: Math.min(Infinity, ...rows.map((r) => new Date(r.changes_at).getTime())),
  };
}
