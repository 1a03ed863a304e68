import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { authTokens, users } from '../db/schema/index';
import { forbidden, invalidToken, notAuthenticated } from './errors';

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

async function resolveUser(db: Db, request: FastifyRequest): Promise<void> {
  request.user = null;
  request.tokenHash = null;
  const key = tokenFromHeader(request.headers.authorization);
  if (key === undefined) return;
  if (key === null) throw invalidToken();
  const hash = hashToken(key);
  const rows = await db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.keyHash, hash))
    .limit(1);
  const user = rows[0]?.user;
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
    if (request.url.startsWith('/api/')) await resolveUser(app.db, request);
  });
});
