import type {
  DuplicateCheck,
  DuplicateMatch,
  DuplicateSettings,
} from '@qbank/contract/staff-content';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

const settingsKey = [...keys.staff.root, 'duplicate-settings'] as const;

/**
 * POST /api/staff/questions/duplicates/: the bank's questions close to the text being typed
 * (a new draft's too). The previous answer stays on screen while the next one is asked.
 */
export function useDraftDuplicates(draft: DuplicateCheck, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.staff.root, 'duplicates', draft],
    queryFn: ({ signal }) =>
      apiRequest<DuplicateMatch[]>(`${staffPaths.questions}duplicates/`, {
        method: 'POST',
        body: draft,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDuplicateSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => apiRequest<DuplicateSettings>(staffPaths.duplicateSettings),
  });
}

export function useSaveDuplicateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DuplicateSettings) =>
      apiRequest<DuplicateSettings>(staffPaths.duplicateSettings, { method: 'PUT', body }),
    // Every duplicate list depends on the threshold.
    onSuccess: () => client.invalidateQueries({ queryKey: keys.staff.root }),
  });
}
