import { hash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { authTokens, users } from '../db/schema/index';
import { forbidden, invalidToken, notAuthenticated } from './errors';
import { cachesReady, defineCache, invalidateUsers, loadGuard } from './cache';

export type User = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when the request carried a valid token; set by the auth plugin. */
    user: User | null;
    /** Hash of the token that authenticated this request (for logout). */
    tokenHash: string | null;
  }
}

// One-shot hashing: every signed-in request hashes its token (decision 042).
export const hashToken = (key: string) => hash('sha256', key, 'hex');

/** A new random key of 160 bits (40 hex characters, like DRF's). */
export async function issueToken(db: Db, userId: number): Promise<string> {
  const key = randomBytes(20).toString('hex');
  await db.insert(authTokens).values({ keyHash: hashToken(key), userId });
  return key;
}

export async function revokeTokens(db: Db, userId: number): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
  await invalidateUsers(db, [userId]);
}

/**
 * `Authorization: Token <key>`, the word matched case-insensitively. Like DRF, another scheme
 * is ignored (undefined) and a malformed Token header is refused (null).
 */
function tokenFromHeader(header: string | undefined): string | null | undefined {
  if (!header || !/^token\b/i.test(header)) return undefined;
  const match = /^token\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Token hash → user, so that a warm request does no database work (decisions 029, 042). Exact:
 * an entry is dropped when its user changes (every write of that user, a password reset,
 * provider sign-in, account deletion, staff writes: the invalidation bus, across instances by
 * NOTIFY) and is used only while the bus is ready. Only found tokens are cached; a minute's
 * lifetime bounds anything a hand-made database change could leave behind.
 */
const tokenCache = defineCache<string, User>('token-users', {
  limit: 10_000,
  ttlMs: 60_000,
  userOf: (_hash, user) => user.id,
  onEvent(cache, event) {
    if (event.kind === 'all') cache.clear();
    if (event.kind === 'user') cache.deleteUser(event.userId);
  },
});

async function findTokenUser(db: Db, hash: string): Promise<User | undefined> {
  const cache = tokenCache.of(db);
  const cached = cachesReady(db) ? cache.get(hash) : undefined;
  if (cached) return cached;
  const guard = loadGuard(db);
  const rows = await db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.keyHash, hash))
    .limit(1);
  const user = rows[0]?.user;
  if (user && guard.keepFor(user.id)) cache.set(hash, user);
  return user;
}

async function resolveUser(db: Db, request: FastifyRequest): Promise<void> {
  request.user = null;
  request.tokenHash = null;
  const key = tokenFromHeader(request.headers.authorization);
  if (key === undefined) return;
  if (key === null) throw invalidToken();
  const hash = hashToken(key);
  const user = await findTokenUser(db, hash);
  if (!user || !user.isActive) throw invalidToken();
  request.user = user;
  request.tokenHash = hash;
}

/** The signed-in caller, or 401. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

/** A staff caller, or 401/403. */
export function requireStaff(request: FastifyRequest): User {
  const user = requireUser(request);
  if (!user.isStaff) throw forbidden();
  return user;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);
  app.addHook('onRequest', async (request) => {
    // /media/ too: a private file answers 404 rather than 401 to a signed-in caller.
    if (request.url.startsWith('/api/') || request.url.startsWith('/media/'))
      await resolveUser(app.db, request);
  });
});
