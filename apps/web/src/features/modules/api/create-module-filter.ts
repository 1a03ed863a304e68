import type { ModuleFilterCreate } from '@qbank/contract/filters';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { modulesQueryOptions } from './get-modules';
import { paths } from '../../../lib/api-paths';

export function createModuleFilter(module: number): Promise<unknown> {
  return apiRequest(paths.moduleFilters, {
    method: 'POST',
    body: { module } satisfies ModuleFilterCreate,
  });
}

/** Saves the chosen modules, one POST each (seed §7), then refreshes the module list. */
export function useSaveModuleChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (modules: number[]) => {
      for (const id of modules) await createModuleFilter(id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: modulesQueryOptions.queryKey }),
  });
}
