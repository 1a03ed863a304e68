import type { Report, ReportCreate } from '@qbank/contract/discussion';
import { REPORT_SCREENSHOT_FIELD } from '@qbank/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';
import { paths } from '../../../lib/api-paths';

export type ReportDraft = ReportCreate & {
  /** Optional image sent as multipart `screenshot`. */
  screenshot?: File | null;
  onProgress?: (fraction: number) => void;
};

/**
 * POST /api/rports/ {question, reason, message}, as JSON, or as multipart with the screenshot;
 * the server's errors are shown as they come.
 */
export function createReport({ screenshot, onProgress, ...body }: ReportDraft) {
  if (!screenshot) return apiRequest<Report>(paths.reports, { method: 'POST', body });
  const form = new FormData();
  form.append('question', String(body.question));
  form.append('reason', body.reason);
  form.append('message', body.message);
  form.append(REPORT_SCREENSHOT_FIELD, screenshot);
  return apiUpload<Report>(paths.reports, form, { onProgress });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
