import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { authTokens, users } from '../db/schema/index';
import { forbidden, invalidToken, notAuthenticated } from './errors';
import { busFor, type InvalidationBus } from './invalidation';

export type User = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when the request carried a valid token; set by the auth plugin. */
    user: User | null;
    /** Hash of the token that authenticated this request (for logout). */
    tokenHash: string | null;
  }
}

export const hashToken = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new random key of 160 bits (40 hex characters, like DRF's). */
export async function issueToken(db: Db, userId: number): Promise<string> {
  const key = randomBytes(20).toString('hex');
  await db.insert(authTokens).values({ keyHash: hashToken(key), userId });
  return key;
}

export async function revokeTokens(db: Db, userId: number): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
  await busFor(db).publish({ kind: 'user', userId });
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
 * Token hash → user, so that a warm request does no database work (decision 029). Exact: an
 * entry is dropped when its user changes (every write of that user, a password reset, account
 * deletion, staff writes: the invalidation bus, across instances by NOTIFY) and is used only
 * while the bus is ready. Only found tokens are cached; a minute's lifetime bounds anything a
 * hand-made database change could leave behind.
 */
const TOKEN_CACHE_SIZE = 10_000;
const TOKEN_CACHE_MS = 60_000;

class TokenCache {
  private readonly entries = new Map<string, { user: User; at: number }>();

  constructor(private readonly bus: InvalidationBus) {
    bus.subscribe((event) => {
      if (event.kind === 'all') this.entries.clear();
      if (event.kind !== 'user') return;
      for (const [hash, entry] of this.entries) {
        if (entry.user.id === event.userId) this.entries.delete(hash);
      }
    });
  }

  get(hash: string): User | undefined {
    const entry = this.entries.get(hash);
    if (!entry || !this.bus.ready) return undefined;
    if (Date.now() - entry.at > TOKEN_CACHE_MS) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.user;
  }

  /** Stores what a lookup found, unless an event arrived while it ran (it may be stale). */
  set(hash: string, user: User, generationBefore: number): void {
    if (!this.bus.ready || this.bus.generation !== generationBefore) return;
    if (this.entries.size >= TOKEN_CACHE_SIZE) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(hash, { user, at: Date.now() });
  }
}

const tokenCaches = new WeakMap<Db, TokenCache>();
function tokenCacheFor(db: Db): TokenCache {
  let cache = tokenCaches.get(db);
  if (!cache) tokenCaches.set(db, (cache = new TokenCache(busFor(db))));
  return cache;
}

async function findTokenUser(db: Db, hash: string): Promise<User | undefined> {
  const cache = tokenCacheFor(db);
  const cached = cache.get(hash);
  if (cached) return cached;
  const generation = busFor(db).generation;
  const rows = await db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.keyHash, hash))
    .limit(1);
  const user = rows[0]?.user;
  if (user) cache.set(hash, user, generation);
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
