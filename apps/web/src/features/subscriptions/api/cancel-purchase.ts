import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys, paths } from '../../../lib/api-paths';

/** DELETE /api/mysubscriptions/{id}/: withdraws a purchase still waiting for review. */
export function cancelPurchase(id: number): Promise<void> {
  return apiRequest<void>(itemPath(paths.mySubscriptions, id), { method: 'DELETE' });
}

export function useCancelPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPurchase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.subscriptions }),
  });
}
