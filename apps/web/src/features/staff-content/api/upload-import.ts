import type { ImportReport } from '@qbank/contract/staff-content';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

import { staffPaths } from '../../../lib/staff-paths';

export interface ImportUpload {
  file: File;
  format: string;
  module: string;
  /** An encoding name, or `auto`. */
  encoding: string;
  dryRun: boolean;
}

/** POST /api/staff/imports/ (multipart): a dry-run report, or a started import's job id. */
export function uploadImport(input: ImportUpload): Promise<ImportReport> {
  const form = new FormData();
  form.append('dry_run', input.dryRun ? 'true' : 'false');
  if (input.format) form.append('format', input.format);
  if (input.module.trim()) form.append('module', input.module.trim());
  form.append('encoding', input.encoding);
  form.append('file', input.file);
  return apiRequest<ImportReport>(staffPaths.imports, { method: 'POST', body: form });
}

export function useUploadImport() {
  return useMutation({ mutationFn: uploadImport });
}
