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

/** `{count, next, previous, results}` with absolute next/previous links. */
export function paginatedResponse<T>(
  request: FastifyRequest,
  q: PageQuery,
  count: number,
  results: T[],
): Paginated<T> {
  const hasNext = q.page * q.page_size < count;
  // One parse of the request's URL serves both links.
  const url = hasNext || q.page > 1 ? new URL(request.url, request.server.config.publicUrl) : null;
  const pageUrl = (page: number) => {
    url!.searchParams.set('page', String(page));
    return url!.toString();
  };
  return {
    count,
    next: hasNext ? pageUrl(q.page + 1) : null,
    previous: q.page > 1 ? pageUrl(q.page - 1) : null,
    results,
  };
}

/**
 * The same answer as `paginatedResponse` as JSON text, for results already serialized (the
 * question list's cached items, decision 042); sent as is, with the JSON content type.
 */
export function paginatedJson(
  request: FastifyRequest,
  q: PageQuery,
  count: number,
  results: string[],
): string {
  const { next, previous } = paginatedResponse(request, q, count, []);
  return `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":[${results.join(',')}]}`;
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
