import type { CardGrade } from '@qbank/contract/review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/review/cards/{question}/suspended/: a suspended card is never due. */
export function suspendCard(question: number, suspended: boolean): Promise<CardGrade> {
  return apiRequest<CardGrade>(`review/cards/${question}/suspended/`, {
    method: 'PUT',
    body: { suspended },
  });
}

export function useSuspendCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ question, suspended }: { question: number; suspended: boolean }) =>
      suspendCard(question, suspended),
    // The queue, the forecast and the shelf all show it.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['review'] }),
  });
}
