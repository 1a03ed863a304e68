import type { Purchase } from '@qbank/contract/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

export type BuyInput = { plan: number; payment_reference: string; receipt: File };

/** POST /api/buysubscription/ as multipart: plan, payment reference and the receipt image. */
export function buySubscription(input: BuyInput): Promise<Purchase> {
  const body = new FormData();
  body.set('plan', String(input.plan));
  body.set('payment_reference', input.payment_reference);
  body.set('receipt', input.receipt);
  return apiRequest<Purchase>(paths.buySubscription, { method: 'POST', body });
}

export function useBuySubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buySubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.subscriptions }),
  });
}
