import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import FindMyWay from 'find-my-way';
import { detailError } from './errors';
import { authenticateFor } from './request-boundary';

/** What a route of the path tells a caller who used another method. */
interface RouteFacts {
  url: string;
  summary?: string;
  security?: unknown[];
}

/** DRF lists a view's methods in this order, OPTIONS last. */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;

/**
 * Every /api/ route, by method, in a router of its own: the 404 handler asks it which methods
 * the path has, to answer DRF's 405 with `Allow` or its OPTIONS (issue 32).
 */
export function collectRoutes(app: FastifyInstance) {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = ([] as HTTPMethods[]).concat(route.method as HTTPMethods | HTTPMethods[]);
    const schema = route.schema as { summary?: string; security?: unknown[] } | undefined;
    const facts: RouteFacts = {
      url: route.url,
      summary: schema?.summary,
      security: schema?.security,
    };
    for (const method of METHOD_ORDER) {
      if (!methods.includes(method)) continue;
      // A path registered twice (a HEAD Fastify adds, a constrained copy) keeps its first facts.
      if (!router.hasRoute(method, route.url)) router.on(method, route.url, () => {}, facts);
    }
  });

  /** The path's routes by method; empty when no route has the path. */
  function routesOf(path: string): Map<string, RouteFacts> {
    const found = new Map<string, RouteFacts>();
    for (const method of METHOD_ORDER) {
      const match = router.find(method, path);
      if (match) found.set(method, match.store as RouteFacts);
    }
    return found;
  }
  return { routesOf };
}

/**
 * A request no route took: when its path has routes under other methods, DRF's answer (after
 * authentication and permission, as DRF checks them first): OPTIONS describes the view, any
 * other method is 405 `Method "PUT" not allowed.` with `Allow`. Otherwise false: a plain 404.
 */
export function answerOtherMethod(
  routes: ReturnType<typeof collectRoutes>,
  request: FastifyRequest,
  reply: FastifyReply,
): false | FastifyReply {
  const path = request.url.split('?', 1)[0]!;
  const found = routesOf(routes, path);
  if (found.size === 0) return false;
  const first = [...found.values()][0]!;
  const guarded = [...found.values()].find((facts) => facts.security?.length) ?? first;
  authenticateFor(request, guarded.url, guarded);
  reply.header('allow', [...found.keys(), 'OPTIONS'].join(', '));
  if (request.method !== 'OPTIONS') {
    throw detailError(405, `Method "${request.method}" not allowed.`);
  }
  return reply.code(200).send({
    name: (found.get('GET') ?? first).summary ?? first.url,
    description: '',
    renders: ['application/json'],
    parses: ['application/json', 'multipart/form-data'],
  });
}

function routesOf(routes: ReturnType<typeof collectRoutes>, path: string) {
  try {
    return routes.routesOf(path);
  } catch {
    // A path find-my-way cannot decode names no route.
    return new Map<string, RouteFacts>();
  }
}
