import type { ItemAnalysis } from '@qbank/contract/staff-content';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

export function getAnalysis(id: number): Promise<ItemAnalysis> {
  return apiRequest<ItemAnalysis>(itemPath(staffPaths.questions, id, 'analysis'));
}

export function useAnalysis(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.staff.root, 'analysis', id],
    queryFn: () => getAnalysis(id),
    enabled,
  });
}
