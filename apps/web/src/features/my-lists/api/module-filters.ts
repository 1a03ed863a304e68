import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';

/** POST /api/module_filters/ or DELETE /api/module_filters/by-module/?module=: "Saving failed!". */
export function useSetModuleFilter() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ module, on }: { module: number; on: boolean }) =>
      on
        ? apiRequest('module_filters/', { method: 'POST', body: { module } })
        : apiRequest('module_filters/by-module/', { method: 'DELETE', query: { module } }),
    onError: () => notify('error', t('errors.saving-failed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['modules'] }),
  });
}
