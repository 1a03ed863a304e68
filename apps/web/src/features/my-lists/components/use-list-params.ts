import { useSearchParams } from 'react-router';

function positive(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** List state in the URL (page, filters), so a list survives a reload and the back button. */
export function useListParams() {
  const [search, setSearch] = useSearchParams();
  function set(changes: Record<string, string | number | undefined>) {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined && value !== '') next.set(key, String(value));
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next);
  }
  return {
    page: positive(search.get('page')) ?? 1,
    number: (key: string) => positive(search.get(key)),
    text: (key: string) => search.get(key) ?? '',
    /** `?difficulty=` when it is one level 1–5 (the lists' one-choice filter), else ''. */
    difficulty: () => /^[1-5]$/.exec(search.get('difficulty') ?? '')?.[0] ?? '',
    set,
  };
}
