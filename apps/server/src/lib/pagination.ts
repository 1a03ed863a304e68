import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INT_MAX, PAGE_SIZE_MAX, type Paginated, type PageQuery } from '@qbank/contract';
import { notFound, RedoRequest } from './errors';

/**
 * `page=last` until the count is known: above any page a caller may ask for (those stop at
 * INT_MAX), so `assertPageExists` recognises it.
 */
const LAST_PAGE = Number.MAX_SAFE_INTEGER;

/** The last of repeated query values, as Django's `QueryDict.get` reads them. */
function lastValue(value: unknown): string | undefined {
  const last: unknown = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === 'string' ? last : undefined;
}

/**
 * DRF's PageNumberPagination, ahead of validation: a page that is not a positive integer is a
 * 404 "Invalid page.", `last` is the last page; a `page_size` that is not a positive integer is
 * ignored (the default applies) and one above the maximum is capped (issue 32).
 */
function readPageQuery(query: Record<string, unknown>): void {
  const page = lastValue(query.page);
  if (page === 'last') query.page = String(LAST_PAGE);
  else if (page !== undefined) {
    if (!/^\d{1,10}$/.test(page) || Number(page) < 1 || Number(page) > INT_MAX) {
      throw notFound('Invalid page.');
    }
    query.page = page;
  }
  const size = lastValue(query.page_size);
  if (size === undefined) return;
  if (/^\d{1,10}$/.test(size) && Number(size) >= 1) {
    query.page_size = String(Math.min(Number(size), PAGE_SIZE_MAX));
  } else delete query.page_size;
}

/** Every route whose query has `page` reads it as DRF does (`readPageQuery`). */
export function registerPageQuery(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const query = route.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
    if (!query?.shape || !('page' in query.shape)) return;
    const own = route.preValidation;
    route.preValidation = [
      (request, _reply, done) => {
        try {
          readPageQuery(request.query as Record<string, unknown>);
          done();
        } catch (error) {
          done(error as Error);
        }
      },
      ...(own ? [own].flat() : []),
    ];
  });
}

export const pageWindow = (q: PageQuery) => ({
  limit: q.page_size,
  offset: (q.page - 1) * q.page_size,
});

/**
 * A page past the end answers 404 like DRF; page 1 of an empty list is an empty page. Asked for
 * `page=last`, the request is answered again at the last page, now that the count is known.
 */
export function assertPageExists(q: PageQuery, count: number): void {
  if (q.page === LAST_PAGE) {
    const last = Math.max(1, Math.ceil(count / q.page_size));
    throw new RedoRequest({ page: String(last) });
  }
  if (q.page > 1 && (q.page - 1) * q.page_size >= count) throw notFound('Invalid page.');
}

/** The links of a request URL's page. */
interface Links {
  base: string;
  page: number;
  next: string;
  previous: string;
}
/** Links already made, by request URL (text, not database data). */
const links = new Map<string, Links>();
const MAX_LINKS = 5_000;
/** Longer request URLs are not remembered (the memory a caller can take stays small). */
const MAX_REMEMBERED_URL = 512;

/** The request's URL, absolute, with `page` set. */
function linkTo(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, request.server.config.publicUrl);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * The next and previous links of the request's page. Remembered: readers ask for the same
 * pages again and again, and parsing and re-serializing a URL costs more than the rest of a
 * cached question page.
 */
function linksOf(request: FastifyRequest, page: number): Links {
  const base = request.server.config.publicUrl;
  const known = links.get(request.url);
  if (known?.base === base && known.page === page) return known;
  const previous = page > 1 ? linkTo(request, page - 1) : '';
  const made = { base, page, next: linkTo(request, page + 1), previous };
  if (links.size >= MAX_LINKS) links.clear();
  if (request.url.length <= MAX_REMEMBERED_URL) links.set(request.url, made);
  return made;
}

/** DRF's next/previous links of a page of `count` results (null past either end). */
function pageLinks(request: FastifyRequest, q: PageQuery, count: number) {
  const hasNext = q.page * q.page_size < count;
  const hasPrevious = q.page > 1;
  if (!hasNext && !hasPrevious) return { next: null, previous: null };
  const known = linksOf(request, q.page);
  return { next: hasNext ? known.next : null, previous: hasPrevious ? known.previous : null };
}

/** `{count, next, previous, results}` with absolute next/previous links. */
export function paginatedResponse<T>(
  request: FastifyRequest,
  q: PageQuery,
  count: number,
  results: T[],
): Paginated<T> {
  return { count, ...pageLinks(request, q, count), results };
}

/**
 * Serialized JSON: UTF-8 bytes (cached and reused), or ASCII text made for this request
 * (numbers, booleans, ids, links: whatever may hold other text is cached as bytes), whose
 * length is its size.
 */
export type JsonPiece = Buffer | string;

/** Up to this many characters, a loop copies faster than a call into the runtime. */
const SHORT_TEXT = 64;

function writeAscii(out: Buffer, at: number, text: string): number {
  if (text.length > SHORT_TEXT) return at + out.write(text, at, 'latin1');
  for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/**
 * Pages are cut from shared slabs, as Node cuts small buffers from its pool: a page (~9 KB) is
 * above the pool's limit, and allocating it alone cost as much as a tenth of building it. A
 * response still being sent keeps its slab alive, so slabs stay small.
 */
const SLAB_SIZE = 64 * 1024;
let slab = Buffer.allocUnsafeSlow(SLAB_SIZE);
let slabUsed = 0;

function allocate(size: number): Buffer {
  if (size > SLAB_SIZE / 4) return Buffer.allocUnsafe(size);
  if (slabUsed + size > SLAB_SIZE) {
    slab = Buffer.allocUnsafeSlow(SLAB_SIZE);
    slabUsed = 0;
  }
  const out = slab.subarray(slabUsed, slabUsed + size);
  slabUsed = (slabUsed + size + 7) & ~7;
  return out;
}

/** The pieces one after the other, as one buffer. */
function joinPieces(pieces: JsonPiece[]): Buffer {
  let size = 0;
  for (const piece of pieces) size += piece.length;
  const out = allocate(size);
  let at = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') at = writeAscii(out, at, piece);
    else {
      out.set(piece, at);
      at += piece.length;
    }
  }
  return out;
}

/**
 * The same answer as `paginatedResponse` as JSON bytes, for results already serialized (the
 * question list's cached items, decision 042, a comma between two items; the list is used up);
 * sent as is, with the JSON content type.
 */
export function paginatedJson(
  request: FastifyRequest,
  q: PageQuery,
  count: number,
  results: JsonPiece[],
): Buffer {
  const { next, previous } = pageLinks(request, q, count);
  const linkFields = `"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)}`;
  results.unshift(`{"count":${count},${linkFields},"results":[`);
  results.push(']}');
  return joinPieces(results);
}

/** A route's paged answer: the service's rows and their total, with DRF's next/previous links. */
export async function pageResponse<T>(
  request: FastifyRequest,
  query: PageQuery,
  page: Promise<{ total: number; results: T[] }>,
): Promise<Paginated<T>> {
  const { total, results } = await page;
  return paginatedResponse(request, query, total, results);
}
