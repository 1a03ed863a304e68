import type { QuestionVersion } from '@qbank/contract/staff-content';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getVersions(id: number): Promise<QuestionVersion[]> {
  return apiRequest<QuestionVersion[]>(`staff/questions/${id}/versions/`);
}

export function useVersions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'versions', id],
    queryFn: () => getVersions(id),
    enabled,
  });
}
