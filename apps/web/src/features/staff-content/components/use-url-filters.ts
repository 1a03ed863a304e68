import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the address, so a view can be shared or reloaded. Changing any filter
 * other than the page goes back to page 1.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { params, set, page: Number(params.get('page') ?? 1) };
}
