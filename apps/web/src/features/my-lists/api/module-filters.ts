import type { ModuleFilterCreate, ModuleFilterDelete } from '@qbank/contract/filters';
import type { Module } from '@qbank/contract/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { modulesQueryOptions } from './get-catalogue';
import { paths } from '../../../lib/api-paths';

/**
 * POST /api/module_filters/ or DELETE /api/module_filters/by-module/?module=. Optimistic: the
 * module list flips at once; on refusal it comes back with "Saving failed!" (seed §8).
 */
export function useSetModuleFilter() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const key = modulesQueryOptions.queryKey;
  return useMutation({
    mutationFn: ({ module, on }: { module: number; on: boolean }) =>
      on
        ? apiRequest(paths.moduleFilters, {
            method: 'POST',
            body: { module } satisfies ModuleFilterCreate,
          })
        : apiRequest(`${paths.moduleFilters}by-module/`, {
            method: 'DELETE',
            query: { module } satisfies ModuleFilterDelete,
          }),
    onMutate: async ({ module, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const snapshot = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (list: Module[] | undefined) =>
        list?.map((m) => (m.id === module ? { ...m, is_filtered: on } : m)),
      );
      return { snapshot };
    },
    onError: (_e, _vars, context) => {
      queryClient.setQueryData(key, context?.snapshot);
      notify('error', t('errors.saving-failed'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
