import type { Question } from '@qbank/contract/questions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getQuestion(id: number): Promise<Question> {
  return apiRequest<Question>(`questns/${id}/`);
}

export const questionQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['questions', 'one', id], queryFn: () => getQuestion(id) });

export function useQuestion(id: number) {
  return useQuery(questionQueryOptions(id));
}
