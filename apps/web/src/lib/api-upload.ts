import { API_BASE, ApiError, REQUEST_TIMEOUT_MS } from './api-client';
import { getToken } from './session';

type UploadOptions = {
  method?: 'POST' | 'PATCH';
  /** Called with the share of the body sent so far, 0..1. */
  onProgress?: (fraction: number) => void;
};

/**
 * A multipart upload with progress: fetch() cannot report upload progress, XMLHttpRequest can.
 * Same contract as `apiRequest`: /api/ base, `Token` header, 30 s timeout, `ApiError` on failure.
 */
export function apiUpload<T>(
  path: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', API_BASE + path.replace(/^\/+/, ''));
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let data: unknown = null;
      if (xhr.responseText) {
        try {
          data = JSON.parse(xhr.responseText);
        } catch {
          data = xhr.responseText;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(data as T);
      } else reject(new ApiError(xhr.status, data));
    });
    const fail = () => reject(new ApiError(0, null));
    xhr.addEventListener('error', fail);
    xhr.addEventListener('timeout', fail);
    xhr.addEventListener('abort', fail);
    xhr.send(body);
  });
}
