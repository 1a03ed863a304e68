import type { QuestionVersion } from '@qbank/contract/staff-content';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

export function getVersions(id: number): Promise<QuestionVersion[]> {
  return apiRequest<QuestionVersion[]>(itemPath(staffPaths.questions, id, 'versions'));
}

export function useVersions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.staff.root, 'versions', id],
    queryFn: () => getVersions(id),
    enabled,
  });
}
