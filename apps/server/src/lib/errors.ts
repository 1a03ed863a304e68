import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { drfMessages } from '@qbank/contract';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error whose body is sent as is, in the DRF shapes of PRODUCT.md §1. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

/**
 * Not an error: the request is answered by running it again with these query parameters set
 * (`page=last`, once the count is known). Only thrown by reads, which may run twice.
 */
export class RedoRequest extends Error {
  constructor(readonly query: Record<string, string>) {
    super('redo the request');
  }
}

/** Headers of the inner answer that belong to the outer one's own transport or request. */
const HOP_HEADERS = new Set([
  'connection',
  'content-length',
  'content-encoding',
  'date',
  'keep-alive',
  'transfer-encoding',
  'vary',
  'x-request-id',
]);

async function redo(request: FastifyRequest, reply: FastifyReply, error: RedoRequest) {
  const url = new URL(request.url, 'http://api.invalid');
  for (const [key, value] of Object.entries(error.query)) url.searchParams.set(key, value);
  const headers = { ...request.headers };
  for (const name of ['content-length', 'transfer-encoding', 'accept-encoding'])
    delete headers[name];
  const inner = await request.server.inject({
    method: request.method as 'GET',
    url: url.pathname + url.search,
    headers,
  });
  for (const [name, value] of Object.entries(inner.headers)) {
    if (!HOP_HEADERS.has(name) && value !== undefined) reply.header(name, value);
  }
  return reply.code(inner.statusCode).send(inner.rawPayload);
}

export const badRequest = (field: string, message: string) =>
  new ApiError(400, { [field]: [message] });
export const fieldErrors = (errors: Record<string, string[]>) => new ApiError(400, errors);
export const nonFieldError = (message: string) => badRequest('non_field_errors', message);
export const detailError = (status: number, detail: string) => new ApiError(status, { detail });
export const notAuthenticated = () =>
  detailError(401, 'Authentication credentials were not provided.');
export const invalidToken = () => detailError(401, 'Invalid token.');
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  detailError(403, detail);
export const notFound = (detail = 'Not found.') => detailError(404, detail);
export const throttled = (seconds: number) =>
  new ApiError(
    429,
    { detail: `Request was throttled. Expected available in ${seconds} seconds.` },
    { 'retry-after': String(seconds) },
  );

type ZodIssueLike = { path?: PropertyKey[]; message: string; instancePath?: string };

/** Turns schema validation issues into `{field: [messages]}`. */
function validationBody(issues: ZodIssueLike[]): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path?.length ? issue.path.map(String).join('.') : 'non_field_errors';
    (body[field] ??= []).push(issue.message);
  }
  return body;
}

/** Client errors raised by Fastify itself, mapped to DRF messages. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'JSON parse error - Expecting value.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'JSON parse error.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'Uploaded file is too large.'],
  FST_FILES_LIMIT: [413, 'Too many files in request.'],
  FST_PARTS_LIMIT: [413, 'Too many parts in request.'],
  FST_FIELDS_LIMIT: [413, 'Too many fields in request.'],
};

/** Fastify's codes for a body in a format the route does not read. */
const UNSUPPORTED_MEDIA_TYPE = new Set([
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
]);

/** DRF's 415, naming the content type the caller sent. */
export const unsupportedMediaType = (request: FastifyRequest) =>
  detailError(415, `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`);

/**
 * Errors of the router, before any route is chosen: a path that is not valid percent-encoding
 * (e.g. a lone surrogate's bytes) or a path parameter beyond maxParamLength names no resource,
 * so 404, like a Django URL that does not match (issue 17).
 */
export function answerRouterError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 404 : 400;
  void reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ detail: status === 404 ? 'Not found.' : 'Bad request.' }));
}

/** Busboy's complaints about a malformed multipart body (no boundary, truncated parts…). */
function isMultipartParseError(error: FastifyError): boolean {
  return (
    !error.code &&
    !error.statusCode &&
    /multipart|boundary|unexpected end of form|malformed part header|content-type/i.test(
      error.message,
    )
  );
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Error bodies are ours and final: serialize them as they are, never through the route's
    // response schema (a {detail} body on a route that documents 400 as field errors must not
    // turn into a serialization failure).
    const send = (status: number, body: Record<string, unknown>) => {
      // DRF's TokenAuthentication names its scheme on every 401.
      if (status === 401) reply.header('www-authenticate', 'Token');
      return reply
        .code(status)
        .serializer(JSON.stringify)
        .type('application/json; charset=utf-8')
        .send(body);
    };

    if (error instanceof RedoRequest) return redo(request, reply, error);
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return send(error.statusCode, error.body);
    }
    // A path id that is not an id (non-numeric, 0, beyond int4) names no object: 404, like a
    // Django URL pattern that does not match, decided before the database (issue 17).
    if (error.validationContext === 'params') return send(404, { detail: 'Not found.' });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body = request.body;
      const notADict =
        error.validationContext === 'body' && (typeof body !== 'object' || Array.isArray(body));
      const issues = error.validation.map((v) => ({
        // fastify-type-provider-zod keeps the issue's path only as instancePath ("/ids/0").
        path: (v.instancePath ?? '').split('/').filter(Boolean),
        message: v.message ?? 'Invalid value.',
      }));
      // A JSON body that is not an object (a list, a number…): DRF's one message for it.
      if (notADict && issues.every((i) => i.path.length === 0)) {
        return send(400, { non_field_errors: [drfMessages.invalidData(body)] });
      }
      return send(400, validationBody(issues));
    }
    if (UNSUPPORTED_MEDIA_TYPE.has(error.code)) {
      return send(415, unsupportedMediaType(request).body);
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(known[0], { detail: known[1] });
    if (isMultipartParseError(error)) {
      return send(400, { detail: 'Multipart form parse error.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, { detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { detail: 'A server error occurred.' });
  });
}
