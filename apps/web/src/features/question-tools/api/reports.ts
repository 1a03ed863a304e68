import type { Report, ReportCreate } from '@qbank/contract/discussion';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/rports/ {question, reason, message}; the server's errors are shown as they come. */
export function createReport(body: ReportCreate) {
  return apiRequest<Report>('rports/', { method: 'POST', body });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
