import type { StaffCase, StaffCaseInput } from '@qbank/contract/staff-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffCaseKey } from './get-case';
import { itemPath, keys } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

/** POST /api/staff/cases/ (a new case) or PUT /api/staff/cases/{id}/ (an edit). */
export function saveCase({ id, body }: { id: number | null; body: StaffCaseInput }) {
  return id === null
    ? apiRequest<StaffCase>(staffPaths.cases, { method: 'POST', body })
    : apiRequest<StaffCase>(itemPath(staffPaths.cases, id), { method: 'PUT', body });
}

export function useSaveCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCase,
    onSuccess: (saved) => {
      client.setQueryData(staffCaseKey(saved.id), saved);
      // Sub-questions' case and order changed: the bank and the questions are stale.
      void client.invalidateQueries({ queryKey: keys.staff.bank });
      void client.invalidateQueries({ queryKey: keys.staff.question });
      void client.invalidateQueries({ queryKey: keys.staff.cases });
    },
  });
}
