import { drfErrorMap, printableFieldName, unstorableText } from '@qbank/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { requireStaff, requireUser } from './auth';
import { badRequest } from './errors';

// Every zod issue without a message of its own speaks DRF (issue 17), on every route and in
// parseOrThrow alike: one place for the wording (packages/contract/src/fields.ts).
z.config({ customError: drfErrorMap });

/** The first string (value or key) PostgreSQL would refuse, as [field path, message]. */
export function findUnstorableText(
  value: unknown,
  path: string[] = [],
): [string, string] | undefined {
  if (typeof value === 'string') {
    const message = unstorableText(value);
    return message ? [path.join('.') || 'non_field_errors', message] : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const keyMessage = unstorableText(key);
    if (keyMessage) return [printableFieldName([...path, key].join('.')), keyMessage];
    const found = findUnstorableText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** Routes that document a token (`security`) are for signed-in callers only; /api/staff/ for staff. */
function authenticateFirst(request: FastifyRequest): void {
  const schema = request.routeOptions.schema as { security?: unknown[] } | undefined;
  if (request.routeOptions.url?.startsWith('/api/staff/')) requireStaff(request);
  else if (schema?.security?.length) requireUser(request);
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
