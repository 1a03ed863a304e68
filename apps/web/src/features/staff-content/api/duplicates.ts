import type { DuplicateMatch, DuplicateSettings } from '@qbank/contract/staff-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

const settingsKey = [...keys.staff.root, 'duplicate-settings'] as const;

/** GET /api/staff/questions/{id}/duplicates/: the bank's questions close to this one. */
export function useDuplicates(id: number | null) {
  return useQuery({
    queryKey: [...keys.staff.root, 'duplicates', id],
    queryFn: () => apiRequest<DuplicateMatch[]>(itemPath(staffPaths.questions, id!, 'duplicates')),
    enabled: id !== null,
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
