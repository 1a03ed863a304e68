import type { Favorite, Hide } from '@qbank/contract/personal';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { serverMessage } from './errors';
import { keys } from '../../../lib/api-paths';

export type CatalogueMarkKind = 'favorites' | 'hides';
export type CatalogueMark = Favorite & { source?: number | null };

/** GET /api/favorites/ or /api/hides/: the caller's marked modules, courses (and sources). */
export const catalogueMarksQueryOptions = (kind: CatalogueMarkKind) =>
  queryOptions({
    queryKey: [...keys.myLists.root, 'catalogue-marks', kind],
    queryFn: async () => {
      const data = await apiRequest<(Favorite | Hide)[] | { results: (Favorite | Hide)[] }>(
        `${kind}/`,
      );
      return (Array.isArray(data) ? data : data.results) as CatalogueMark[];
    },
  });

export function useCatalogueMarks(kind: CatalogueMarkKind) {
  return useQuery(catalogueMarksQueryOptions(kind));
}

/** DELETE /api/favorites/{id}/ or /api/hides/{id}/, optimistic with a rollback. */
export function useRemoveCatalogueMark(kind: CatalogueMarkKind) {
  const queryClient = useQueryClient();
  const key = catalogueMarksQueryOptions(kind).queryKey;
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${kind}/${id}/`, { method: 'DELETE' }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const snapshot = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (list) => list?.filter((m) => m.id !== id));
      return { snapshot };
    },
    onError: (error, _id, context) => {
      queryClient.setQueryData(key, context?.snapshot);
      notify('error', serverMessage(error));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: keys.modules });
      void queryClient.invalidateQueries({ queryKey: keys.catalogue.root });
    },
  });
}
