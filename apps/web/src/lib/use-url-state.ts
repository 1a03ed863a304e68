import { useSearchParams } from 'react-router';

function positive(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * A screen's filters and page kept in the address, so it survives a reload and the back button
 * and can be shared. Changing anything but the page goes back to page 1. `replace`: filter
 * changes replace the history entry (the back office) instead of adding one.
 */
export function useUrlState({ replace = false }: { replace?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  function set(changes: Record<string, string | number | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined && value !== '') next.set(key, String(value));
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace });
  }
  return {
    params,
    page: positive(params.get('page')) ?? 1,
    /** A positive whole number, else undefined. */
    number: (key: string) => positive(params.get(key)),
    text: (key: string) => params.get(key) ?? '',
    get: (key: string) => params.get(key) ?? undefined,
    set,
  };
}
