import type { Question } from '@qbank/contract/questions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys, paths } from '../../../lib/api-paths';

export function getQuestion(id: number): Promise<Question> {
  return apiRequest<Question>(itemPath(paths.questions, id));
}

export const questionQueryOptions = (id: number) =>
  queryOptions({ queryKey: keys.questions.one(id), queryFn: () => getQuestion(id) });

export function useQuestion(id: number) {
  return useQuery(questionQueryOptions(id));
}
