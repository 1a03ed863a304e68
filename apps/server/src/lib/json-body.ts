import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { detailError } from './errors';

/**
 * No body of the API nests deeper than a handful of levels nor holds more than a few thousand
 * values; these bounds leave room for any real client and keep every walk that follows (the
 * unstorable-text check, zod) far from the stack's limit and from long loops (issue 32).
 */
export const JSON_MAX_DEPTH = 32;
export const JSON_MAX_VALUES = 50_000;

/** Methods whose empty JSON body means "no body" (DRF reads an empty stream as no data). */
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);

/** DRF's ParseError shape for every body the API will not read. */
const parseError = (reason?: string) =>
  detailError(400, reason ? `JSON parse error - ${reason}` : 'JSON parse error.');

/**
 * The first bound a parsed JSON value breaks, as a DRF parse message; walked with an explicit
 * stack, so no body can overflow it.
 */
export function jsonBoundBroken(value: unknown): string | undefined {
  const stack: [unknown, number][] = [[value, 1]];
  let values = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (++values > JSON_MAX_VALUES) return `more than ${JSON_MAX_VALUES} values.`;
    if (item === null || typeof item !== 'object') continue;
    if (depth > JSON_MAX_DEPTH) return `nested deeper than ${JSON_MAX_DEPTH} levels.`;
    const children = Array.isArray(item) ? item : Object.values(item);
    for (const child of children) stack.push([child, depth + 1]);
  }
  return undefined;
}

/**
 * Parses a JSON body as Fastify does (prototype poisoning refused), then bounds it.
 * `emptyIsNoBody`: an empty body reads as no body on any method (a route whose seed client
 * sends an empty PATCH); otherwise only on methods that carry no body.
 */
export function parseJsonBody(
  request: FastifyRequest,
  text: string,
  emptyIsNoBody = false,
): unknown {
  if (text.trim() === '') {
    if (emptyIsNoBody || BODYLESS.has(request.method)) return undefined;
    throw parseError('Expecting value.');
  }
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw parseError();
  }
  const broken = jsonBoundBroken(value);
  if (broken) throw parseError(broken);
  return value;
}

/** Replaces the JSON parser of `scope` (and its children) with the bounded one. */
export function useBoundedJson(scope: FastifyInstance, emptyIsNoBody = false): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, parseJsonBody(request, String(body), emptyIsNoBody));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
