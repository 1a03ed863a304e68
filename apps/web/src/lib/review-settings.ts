import type { ReviewSettings, ReviewSettingsUpdate } from '@qbank/contract/review';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { paths } from './api-paths';

/** GET /api/review/settings/: desired retention, mistakes streak, review count. */
export const reviewSettingsQueryOptions = queryOptions({
  queryKey: ['review', 'settings'],
  queryFn: () => apiRequest<ReviewSettings>(paths.reviewSettings),
});

export const useReviewSettings = () => useQuery(reviewSettingsQueryOptions);

/** PATCH /api/review/settings/: the queue and the shelf follow the new values. */
export function useUpdateReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewSettingsUpdate) =>
      apiRequest<ReviewSettings>(paths.reviewSettings, { method: 'PATCH', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(reviewSettingsQueryOptions.queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['review'] });
    },
  });
}
