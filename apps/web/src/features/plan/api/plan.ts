import type { ReviewRun } from '@qbank/contract/review';
import type { StudyPlan, StudyPlanUpdate } from '@qbank/contract/study-plan';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

/** GET /api/plan/: the plan with today's figures; null when the learner has none (404). */
export const planQueryOptions = queryOptions({
  queryKey: keys.plan,
  queryFn: async (): Promise<StudyPlan | null> => {
    try {
      return await apiRequest<StudyPlan>(paths.plan);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  // Answers elsewhere move today's figures: read again whenever a screen shows them.
  staleTime: 0,
  refetchOnMount: 'always',
});

export const usePlan = () => useQuery(planQueryOptions);

/**
 * PUT /api/plan/. `saved` runs from the mutation itself, so it still runs when the form that
 * asked has been replaced meanwhile (a first plan swaps the screen around it).
 */
export function useSavePlan(saved: (plan: StudyPlan) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudyPlanUpdate) =>
      apiRequest<StudyPlan>(paths.plan, { method: 'PUT', body }),
    onSuccess: (plan) => {
      client.setQueryData(keys.plan, plan);
      saved(plan);
    },
  });
}

/** DELETE /api/plan/ */
export function useDeletePlan(deleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>(paths.plan, { method: 'DELETE' }),
    onSuccess: () => {
      client.setQueryData(keys.plan, null);
      deleted();
    },
  });
}

/** POST /api/plan/block/: a study run over the plan's unanswered questions. */
export const startPlanBlock = () =>
  apiRequest<ReviewRun>(paths.planBlock, { method: 'POST', body: {} });
