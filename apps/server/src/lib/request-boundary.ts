import { drfErrorMap, printableFieldName, unstorableText } from '@qbank/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { requireStaff, requireUser } from './auth';
import { badRequest } from './errors';

// Every zod issue without a message of its own speaks DRF (issue 17), on every route and in
// parseOrThrow alike: one place for the wording (packages/contract/src/fields.ts).
z.config({ customError: drfErrorMap });

/**
 * The first string (value or key, in document order) PostgreSQL would refuse, as
 * [field path, message]. Walked with an explicit stack: a body is bounded before it gets here
 * (json-body.ts), but no walk of caller data may recurse (issue 32).
 */
export function findUnstorableText(value: unknown): [string, string] | undefined {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      const message = unstorableText(item);
      if (message) return [path.join('.') || 'non_field_errors', message];
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const entries = Array.isArray(item)
      ? item.map((v, i) => [String(i), v] as const)
      : Object.entries(item);
    for (const [key] of entries) {
      const keyMessage = unstorableText(key);
      if (keyMessage) return [printableFieldName([...path, key].join('.')), keyMessage];
    }
    // Reversed, so the first entry is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push([child, [...path, key]]);
    }
  }
  return undefined;
}

/** Routes that document a token (`security`) are for signed-in callers only; /api/staff/ for staff. */
export function authenticateFor(
  request: FastifyRequest,
  url: string | undefined,
  schema: { security?: unknown[] } | undefined,
): void {
  if (url?.startsWith('/api/staff/')) requireStaff(request);
  else if (schema?.security?.length) requireUser(request);
}

function authenticateFirst(request: FastifyRequest): void {
  const schema = request.routeOptions.schema as { security?: unknown[] } | undefined;
  authenticateFor(request, request.routeOptions.url, schema);
}

/**
 * The request boundary (issue 17), ahead of every route's own validation:
 * - like DRF, authentication and permission come first: an anonymous caller gets 401 (a learner
 *   on a staff route 403) whatever the request holds;
 * - text PostgreSQL refuses (NUL, lone surrogates) in a JSON body is a 400 on its field
 *   (multipart fields: `readForm`; query parameters are ids and choices that refuse it by their
 *   format, and `search` strips it, decision 012), decision 030.
 * Registered after the auth plugin, so `request.user` is known.
 */
export const requestBoundaryPlugin = fp(async (app: FastifyInstance) => {
  // Callback hooks, not async ones: they run on every request and have nothing to await.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      if (request.url.startsWith('/api/')) authenticateFirst(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    // readForm checks each multipart field
    const found = request.isMultipart() ? undefined : findUnstorableText(request.body);
    done(found ? badRequest(found[0], found[1]) : undefined);
  });
});
