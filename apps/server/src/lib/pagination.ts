import type { FastifyRequest } from 'fastify';
import type { Paginated, PageQuery } from '@qbank/contract';
import { notFound } from './errors';

export const pageWindow = (q: PageQuery) => ({
  limit: q.page_size,
  offset: (q.page - 1) * q.page_size,
});

/** A page past the end answers 404 like DRF; page 1 of an empty list is an empty page. */
export function assertPageExists(q: PageQuery, count: number): void {
  if (q.page > 1 && (q.page - 1) * q.page_size >= count) throw notFound('Invalid page.');
}

/** Links already made, by base, request URL and page (text, not database data). */
const links = new Map<string, string>();
const MAX_LINKS = 5_000;
/** Longer request URLs are not remembered (the memory a caller can take stays small). */
const MAX_REMEMBERED_URL = 512;

/**
 * The request's URL, absolute, with `page` set. Remembered: readers ask for the same pages
 * again and again, and parsing and re-serializing a URL costs more than the rest of a cached
 * question page.
 */
function pageLink(request: FastifyRequest, page: number): string {
  const base = request.server.config.publicUrl;
  const key = `${base} ${request.url} ${page}`;
  let link = links.get(key);
  if (link === undefined) {
    const url = new URL(request.url, base);
    url.searchParams.set('page', String(page));
    link = url.toString();
    if (links.size >= MAX_LINKS) links.clear();
    if (request.url.length <= MAX_REMEMBERED_URL) links.set(key, link);
  }
  return link;
}

/** `{count, next, previous, results}` with absolute next/previous links. */
export function paginatedResponse<T>(
  request: FastifyRequest,
  q: PageQuery,
  count: number,
  results: T[],
): Paginated<T> {
  return {
    count,
    next: q.page * q.page_size < count ? pageLink(request, q.page + 1) : null,
    previous: q.page > 1 ? pageLink(request, q.page - 1) : null,
    results,
  };
}

/** Serialized JSON: bytes (cached and reused) or text (made for this request). */
export type JsonPiece = Buffer | string;

/** Up to this many bytes or characters, a loop copies faster than a call into the runtime. */
const SHORT_PIECE = 64;

/** A piece's size in bytes: short ASCII text (the caller's fields) is counted in place. */
function byteSize(piece: JsonPiece): number {
  if (typeof piece !== 'string') return piece.length;
  if (piece.length > SHORT_PIECE) return Buffer.byteLength(piece);
  for (let i = 0; i < piece.length; i++)
    if (piece.charCodeAt(i) > 0x7f) return Buffer.byteLength(piece);
  return piece.length;
}

/** Writes `piece` at `at`, knowing its size; returns the offset after it. */
function writePiece(out: Buffer, at: number, piece: JsonPiece, size: number): number {
  if (size > SHORT_PIECE || size !== piece.length) {
    if (typeof piece === 'string') out.write(piece, at);
    else piece.copy(out, at);
  } else if (typeof piece === 'string') {
    for (let i = 0; i < size; i++) out[at + i] = piece.charCodeAt(i);
  } else {
    for (let i = 0; i < size; i++) out[at + i] = piece[i]!;
  }
  return at + size;
}

/** The pieces one after the other, as one buffer. */
function joinPieces(pieces: JsonPiece[]): Buffer {
  const sizes = pieces.map(byteSize);
  const out = Buffer.allocUnsafe(sizes.reduce((a, b) => a + b, 0));
  let at = 0;
  for (let i = 0; i < pieces.length; i++) at = writePiece(out, at, pieces[i]!, sizes[i]!);
  return out;
}

/**
 * The same answer as `paginatedResponse` as JSON bytes, for results already serialized (the
 * question list's cached items, decision 042, a comma between two items); sent as is, with the
 * JSON content type.
 */
export function paginatedJson(
  request: FastifyRequest,
  q: PageQuery,
  count: number,
  results: JsonPiece[],
): Buffer {
  const { next, previous } = paginatedResponse(request, q, count, []);
  const head = `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":[`;
  return joinPieces([head, ...results, ']}']);
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
