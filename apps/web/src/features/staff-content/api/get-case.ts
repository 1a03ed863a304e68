import type { StaffCase } from '@qbank/contract/staff-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

export const staffCaseKey = (id: number) => ['staff', 'case', id] as const;

/** GET /api/staff/cases/{id}/: the vignette and its sub-question ids, in order. */
export function getCase(id: number): Promise<StaffCase> {
  return apiRequest<StaffCase>(itemPath(staffPaths.cases, id));
}

export const staffCaseQueryOptions = (id: number) =>
  queryOptions({ queryKey: staffCaseKey(id), queryFn: () => getCase(id) });

export function useStaffCase(id: number | null) {
  return useQuery({ ...staffCaseQueryOptions(id ?? 0), enabled: id !== null });
}
