import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/mysubscriptions/{id}/: withdraws a purchase still waiting for review. */
export function cancelPurchase(id: number): Promise<void> {
  return apiRequest<void>(`mysubscriptions/${id}/`, { method: 'DELETE' });
}

export function useCancelPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPurchase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
  });
}
