import type { StaffQuestion } from '@qbank/contract/staff-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

export const staffQuestionKey = (id: number) => ['staff', 'question', id] as const;

export function getStaffQuestion(id: number): Promise<StaffQuestion> {
  return apiRequest<StaffQuestion>(itemPath(staffPaths.questions, id));
}

export const staffQuestionQueryOptions = (id: number) =>
  queryOptions({ queryKey: staffQuestionKey(id), queryFn: () => getStaffQuestion(id) });

export function useStaffQuestion(id: number | null) {
  return useQuery({ ...staffQuestionQueryOptions(id ?? 0), enabled: id !== null });
}
