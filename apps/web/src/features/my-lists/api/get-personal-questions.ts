import type { Paginated } from '@qbank/contract/common';
import type { Question } from '@qbank/contract/questions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { LIST_PAGE_SIZE } from './page-size';
import { keys } from '../../../lib/api-paths';

export type PersonalList = 'favorites' | 'hides';
const PATHS: Record<PersonalList, string> = {
  favorites: 'favorites_questions_list/',
  hides: 'hides_questions_list/',
};
export type PersonalQuestionsFilter = {
  page: number;
  module?: number;
  course?: number;
  /** One level 1–5 (`?difficulty=`), or every question. */
  difficulty?: string;
};

/** GET /api/favorites_questions_list/ or /api/hides_questions_list/: 10 a page (seed §9). */
export function getPersonalQuestions(list: PersonalList, filter: PersonalQuestionsFilter) {
  return apiRequest<Paginated<Question>>(PATHS[list], {
    query: { ...filter, page_size: LIST_PAGE_SIZE },
  });
}

export const personalQuestionsQueryOptions = (
  list: PersonalList,
  filter: PersonalQuestionsFilter,
) =>
  queryOptions({
    queryKey: [...keys.myLists.root, list, filter],
    queryFn: () => getPersonalQuestions(list, filter),
    placeholderData: keepPreviousData,
  });

export function usePersonalQuestions(list: PersonalList, filter: PersonalQuestionsFilter) {
  return useQuery(personalQuestionsQueryOptions(list, filter));
}
