import type { ItemAnalysis } from '@qbank/contract/staff-content';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getAnalysis(id: number): Promise<ItemAnalysis> {
  return apiRequest<ItemAnalysis>(`staff/questions/${id}/analysis/`);
}

export function useAnalysis(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'analysis', id],
    queryFn: () => getAnalysis(id),
    enabled,
  });
}
