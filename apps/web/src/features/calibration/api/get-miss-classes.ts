import type { MissClassReport } from '@qbank/contract/confidence';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** GET /api/question_answer_history/miss-classes/: the caller's misses by class, per module. */
export function getMissClasses(module?: number): Promise<MissClassReport> {
  return apiRequest<MissClassReport>(paths.missClasses, {
    query: { module },
  });
}

export const missClassesQueryOptions = (module?: number) =>
  queryOptions({
    queryKey: ['calibration', 'misses', module ?? null],
    queryFn: () => getMissClasses(module),
  });

export function useMissClasses(module?: number) {
  return useQuery(missClassesQueryOptions(module));
}
