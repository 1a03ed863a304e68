import type { Db } from '../../db/client';
import { busFor } from '../../lib/invalidation';
import { LruCache } from './content-cache';
import { loadPersonalState, type StoredAnswer } from './question-content.repository';

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
}

/** User-course entries kept per database; the least recently read are dropped first. */
export const PERSONAL_CACHE_SIZE = 2_000;

const key = (userId: number, courseId: number) => `${userId}:${courseId}`;

const caches = new WeakMap<Db, LruCache<string, PersonalState>>();
function cacheFor(db: Db): LruCache<string, PersonalState> {
  let cache = caches.get(db);
  if (!cache) {
    const created = new LruCache<string, PersonalState>(PERSONAL_CACHE_SIZE);
    busFor(db).subscribe((event) => {
      if (event.kind === 'user') {
        const prefix = `${event.userId}:`;
        created.deleteWhere((k) => k.startsWith(prefix));
      } else {
        // Content changes may move questions between courses: start again.
        created.clear();
      }
    });
    caches.set(db, (cache = created));
  }
  return cache;
}

export const personalCacheSize = (db: Db) => caches.get(db)?.size ?? 0;

/**
 * The user's state over a course: from the cache, else one query. Kept only while the
 * invalidation bus is ready and no event arrived during the load (a racing write wins).
 */
export async function getPersonalState(
  db: Db,
  userId: number,
  courseId: number,
): Promise<PersonalState> {
  const bus = busFor(db);
  const cache = cacheFor(db);
  const hit = cache.get(key(userId, courseId));
  if (hit) return hit;
  const generation = bus.generation;
  const row = await loadPersonalState(db, userId, courseId);
  const playlists = new Map<number, number[]>();
  for (const [questionId, playlistId] of row.playlists) {
    const list = playlists.get(questionId);
    if (list) list.push(playlistId);
    else playlists.set(questionId, [playlistId]);
  }
  const state: PersonalState = {
    favorites: new Set(row.favorites),
    hidden: new Set(row.hidden),
    noted: new Set(row.noted),
    playlists,
    sessionId: row.session_id,
    sessionAnswers: new Map(row.session_answers),
    history: new Map(row.history),
  };
  if (bus.ready && bus.generation === generation) cache.set(key(userId, courseId), state);
  return state;
}
