import { useSearchParams } from 'react-router';

/** Filters and page live in the URL, so a screen can be reloaded or shared as it is. */
export function useUrlState() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  function set(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next, { replace: true });
  }
  return { get: (key: string) => search.get(key) ?? undefined, page, set };
}
