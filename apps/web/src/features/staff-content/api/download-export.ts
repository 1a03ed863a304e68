import type { EXPORT_FORMATS } from '@qbank/contract/constants';
import { API_BASE, ApiError } from '../../../lib/api-client';

type ExportFormat = (typeof EXPORT_FORMATS)[number];
import { getToken } from '../../../lib/session';

/** GET /api/staff/exports/?format=…: the file is fetched with the token, then saved. */
export async function downloadExport(format: ExportFormat): Promise<void> {
  const token = getToken();
  const response = await fetch(`${API_BASE}staff/exports/?format=${format}`, {
    headers: token ? { Authorization: `Token ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `qbank.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
