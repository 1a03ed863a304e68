import { useUrlState } from '../../../lib/use-url-state';

/** List state in the URL (page, filters), with the lists' one-choice difficulty filter. */
export function useListParams() {
  const url = useUrlState();
  return {
    ...url,
    /** `?difficulty=` when it is one level 1–5, else ''. */
    difficulty: () => /^[1-5]$/.exec(url.text('difficulty'))?.[0] ?? '',
  };
}
