import type { SimilarQuestions } from '@qbank/contract/search';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys, paths } from '../../../lib/api-paths';

/** GET /api/questns/{id}/similar/: a few questions close in wording, within the plan. */
export function useSimilarQuestions(id: number) {
  return useQuery({
    queryKey: keys.similar(id),
    queryFn: () => apiRequest<SimilarQuestions>(itemPath(paths.questions, id, 'similar')),
    // The bank changes rarely: the same links for the whole run.
    staleTime: 10 * 60_000,
  });
}
