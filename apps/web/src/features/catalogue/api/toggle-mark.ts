import type { Course, Module } from '@qbank/contract/catalogue';
import type { Favorite, Hide } from '@qbank/contract/personal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { keys, paths } from '../../../lib/api-paths';
import '../../../lib/i18n-screens';

export type MarkKind = 'favorite' | 'hide';
export type Target = { module: number } | { course: number };
const PATHS: Record<MarkKind, string> = {
  favorite: paths.catalogueFavorites,
  hide: paths.catalogueHides,
};
const FLAG = { favorite: 'is_favorite', hide: 'is_hidden' } as const;

/** POST /api/favorites/ or /api/hides/; removing finds the record of the target and DELETEs it by id. */
export async function setCatalogueMark(kind: MarkKind, target: Target, on: boolean): Promise<void> {
  if (on) {
    await apiRequest(PATHS[kind], { method: 'POST', body: target });
    return;
  }
  const records = await apiRequest<(Favorite | Hide)[]>(PATHS[kind], { query: target });
  for (const record of records)
    await apiRequest(`${PATHS[kind]}${record.id}/`, { method: 'DELETE' });
}

/** Optimistic: the module page and lists flip at once, and roll back with a toast on refusal. */
export function useToggleCatalogueMark(kind: MarkKind) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ target, on }: { target: Target; on: boolean }) =>
      setCatalogueMark(kind, target, on),
    onMutate: async ({ target, on }) => {
      await queryClient.cancelQueries({ queryKey: keys.catalogue.root });
      const snapshot = [
        ...queryClient.getQueriesData({ queryKey: keys.catalogue.root }),
        ...queryClient.getQueriesData({ queryKey: keys.modules }),
      ];
      const flag = FLAG[kind];
      if ('module' in target) {
        queryClient.setQueriesData<Module>(
          { queryKey: keys.catalogue.module(target.module) },
          (m) => (m ? { ...m, [flag]: on } : m),
        );
        queryClient.setQueriesData<Module[]>({ queryKey: keys.modules }, (list) =>
          Array.isArray(list)
            ? list.map((m) => (m.id === target.module ? { ...m, [flag]: on } : m))
            : list,
        );
      } else {
        queryClient.setQueriesData<Course[]>({ queryKey: keys.catalogue.courses() }, (list) =>
          list?.map((c) => (c.id === target.course ? { ...c, [flag]: on } : c)),
        );
      }
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      notify(
        'error',
        t(kind === 'favorite' ? 'catalogue.favorite-failed' : 'catalogue.hide-failed'),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.modules });
    },
  });
}
