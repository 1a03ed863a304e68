import type { Paginated } from '@qbank/contract/common';
import type { QuestionMark } from '@qbank/contract/personal';
import type { Question } from '@qbank/contract/questions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { serverMessage } from './errors';
import type { PersonalList } from './get-personal-questions';
import { keys, paths } from '../../../lib/api-paths';

const PATHS: Record<PersonalList, string> = {
  favorites: paths.favoriteQuestions,
  hides: paths.hideQuestions,
};

/** Finds the caller's mark on the question (GET ?question=) and DELETEs it by id. */
export async function removeQuestionMark(list: PersonalList, question: number): Promise<void> {
  const marks = await apiRequest<Paginated<QuestionMark>>(PATHS[list], { query: { question } });
  for (const mark of marks.results)
    await apiRequest(`${PATHS[list]}${mark.id}/`, { method: 'DELETE' });
}

/** Optimistic: the row leaves the page at once and comes back with the server's message on refusal. */
export function useRemoveQuestionMark(list: PersonalList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (question: number) => removeQuestionMark(list, question),
    onMutate: async (question) => {
      await queryClient.cancelQueries({ queryKey: [...keys.myLists.root, list] });
      const snapshot = queryClient.getQueriesData<Paginated<Question>>({
        queryKey: [...keys.myLists.root, list],
      });
      queryClient.setQueriesData<Paginated<Question>>(
        { queryKey: [...keys.myLists.root, list] },
        (page) =>
          page
            ? {
                ...page,
                count: page.count - 1,
                results: page.results.filter((q) => q.id !== question),
              }
            : page,
      );
      return { snapshot };
    },
    onError: (error, _question, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      notify('error', serverMessage(error));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...keys.myLists.root, list] });
      void queryClient.invalidateQueries({ queryKey: keys.questions.root });
    },
  });
}
