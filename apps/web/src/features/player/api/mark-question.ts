import type { QuestionMark } from '@qbank/contract/personal';
import type { Paginated } from '@qbank/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import type { QuestionPage } from './get-questions';
import { updateCachedQuestion } from './get-questions';
import { keys, paths } from '../../../lib/api-paths';
import '../../../lib/i18n-learning';

export type MarkKind = 'favorite' | 'hide';
const PATHS: Record<MarkKind, string> = {
  favorite: paths.favoriteQuestions,
  hide: paths.hideQuestions,
};
const FLAGS = { favorite: 'is_favorite', hide: 'is_hidden' } as const;

/** Sets (POST) or removes (find the mark, then DELETE by id) a favourite or hide on a question. */
export async function setQuestionMark(
  kind: MarkKind,
  question: number,
  on: boolean,
): Promise<void> {
  if (on) {
    await apiRequest(PATHS[kind], { method: 'POST', body: { question } });
    return;
  }
  const marks = await apiRequest<Paginated<QuestionMark>>(PATHS[kind], { query: { question } });
  for (const mark of marks.results)
    await apiRequest(`${PATHS[kind]}${mark.id}/`, { method: 'DELETE' });
}

/** Optimistic toggle: the flag flips at once and rolls back with a toast if the server refuses. */
export function useToggleQuestionMark(kind: MarkKind) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ question, on }: { question: number; on: boolean }) =>
      setQuestionMark(kind, question, on),
    onMutate: async ({ question, on }) => {
      await queryClient.cancelQueries({ queryKey: keys.questions.root });
      const snapshot = queryClient.getQueriesData<QuestionPage>({ queryKey: keys.questions.root });
      updateCachedQuestion(queryClient, question, (q) => ({ ...q, [FLAGS[kind]]: on }));
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      notify('error', t(kind === 'favorite' ? 'player.favorite-failed' : 'player.hide-failed'));
    },
    onSettled: () => {
      if (kind === 'favorite')
        void queryClient.invalidateQueries({ queryKey: keys.myLists.favorites });
    },
  });
}
