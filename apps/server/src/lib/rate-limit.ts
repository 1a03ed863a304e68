import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { throttled } from './errors';

/**
 * Registers @fastify/rate-limit (no global limit: routes opt in with `rateLimit`). With REDIS_URL
 * the counters live in Redis, so every instance and worker counts the same login attempts
 * (decision 041); without it, in this process's memory. When Redis cannot be reached the
 * request is let through (logged): a cache outage must not lock everyone out of signing in.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl?: string): Promise<void> {
  if (!redisUrl) {
    await app.register(fastifyRateLimit, { global: false });
    return;
  }
  const redis = new Redis(redisUrl, {
    // Fail fast instead of queueing while disconnected: requests must not wait on Redis.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  let lastLogged = 0;
  redis.on('error', (err) => {
    // ioredis reconnects by itself; one line a minute is enough to tell an operator.
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    app.log.error({ err }, 'Redis (rate limits) unreachable; requests are not counted meanwhile');
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: 'qbank:rate-limit:',
    skipOnError: true,
  });
}

export interface LimitRule {
  /** Counter name, unique in the app (e.g. `login:email`). */
  name: string;
  max: number;
  windowSeconds: number;
  /** What is counted: an address, an IP…; undefined skips the rule for this request. */
  key: (request: FastifyRequest) => string | undefined;
}

/** The client's IP (Fastify's request.ip: the socket's address, or X-Forwarded-For's from a TRUST_PROXY proxy). */
export const byIp = (request: FastifyRequest) => request.ip;

/** The lower-cased `email` of a JSON body, when there is one (after schema validation). */
export const byBodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email ? email.trim().toLowerCase() : undefined;
};

/**
 * A preHandler that counts the request against every rule with @fastify/rate-limit's store
 * (`app.createRateLimit`) and answers 429 `Request was throttled. Expected available in N
 * seconds.` with Retry-After once one is exceeded. preHandler, so body-based keys can be read
 * after validation; several rules per route (per address AND per IP), which the plugin's route
 * option `config.rateLimit` cannot express.
 */
export function rateLimit(app: FastifyInstance, rules: LimitRule[]): preHandlerAsyncHookHandler {
  const limiters = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowSeconds * 1000,
      keyGenerator: (request) => `${rule.name}|${rule.key(request) ?? ''}`,
    }),
  }));
  return async (request) => {
    for (const { rule, check } of limiters) {
      if (rule.key(request) === undefined) continue;
      const limit = await check(request);
      if (!limit.isAllowed && limit.isExceeded) throw throttled(Math.max(1, limit.ttlInSeconds));
    }
  };
}
