import type { CardGrade } from '@qbank/contract/review';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/review/cards/{question}/: how the card was graded and what each button would do. */
export function getCard(question: number): Promise<CardGrade> {
  return apiRequest<CardGrade>(`review/cards/${question}/`);
}

export const cardQueryOptions = (question: number) =>
  queryOptions({
    queryKey: ['review', 'card', question],
    // Fetched on every mount: a new answer to the question has just regraded the card.
    queryFn: () => getCard(question),
  });

export const useCard = (question: number) => useQuery(cardQueryOptions(question));
