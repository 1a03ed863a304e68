import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { bankQueryOptions, type BankParams } from './api/get-bank';

export const BANK_PAGE_SIZE = 25;
export const BANK_FILTERS = [
  'search',
  'module',
  'course',
  'source',
  'type',
  'status',
  'flagged',
  'reports',
  'facility_min',
  'facility_max',
] as const;

/** The API query of a bank address (its filters, order and page). */
export function bankQueryOf(params: URLSearchParams): BankParams {
  const query: BankParams = { page_size: String(BANK_PAGE_SIZE) };
  for (const key of [...BANK_FILTERS, 'ordering', 'page'] as const)
    query[key] = params.get(key) || undefined;
  return query;
}

/**
 * Where the editor was opened from: the bank's address (filters, order, page) and the ids of
 * the page shown then. Kept in the history entry's state, so "back" returns to the same view
 * and "save and next" walks the same list, even when an edit takes a question out of it.
 */
export interface BankTrail {
  search: string;
  ids: number[];
  count: number;
}

/** The navigation state a bank row passes to the editor. */
export const trailState = (trail: BankTrail) => ({ trail });

const pageOf = (search: string) => Number(new URLSearchParams(search).get('page')) || 1;

/** The editor's place in the bank list it came from (none when opened directly). */
export function useBankTrail(id: number | null) {
  const location = useLocation();
  const client = useQueryClient();
  const trail = (location.state as { trail?: BankTrail } | null)?.trail ?? null;
  const index = trail && id !== null ? trail.ids.indexOf(id) : -1;
  const position =
    trail && index >= 0 ? (pageOf(trail.search) - 1) * BANK_PAGE_SIZE + index + 1 : null;

  /** The next question of the list and the trail to carry there; the next page is fetched. */
  async function next(): Promise<{ id: number; trail: BankTrail } | null> {
    if (!trail || index < 0) return null;
    const following = trail.ids[index + 1];
    if (following !== undefined) return { id: following, trail };
    const params = new URLSearchParams(trail.search);
    params.set('page', String(pageOf(trail.search) + 1));
    const page = await client.fetchQuery(bankQueryOptions(bankQueryOf(params)));
    const first = page.results[0];
    if (!first) return null;
    return {
      id: first.id,
      trail: { search: `?${params}`, ids: page.results.map((r) => r.id), count: page.count },
    };
  }

  return {
    trail,
    /** 1-based place in the whole filtered list, with its length. */
    position: position === null ? null : { n: position, count: trail!.count },
    hasNext: position !== null && position < trail!.count,
    next,
    backTo: `/staff/questions${trail?.search ?? ''}`,
  };
}
