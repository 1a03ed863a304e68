import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** POST /api/staff/media/ (multipart `image`): the stored image's URL, for a Markdown link. */
export function uploadImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('image', file);
  return apiRequest<{ url: string }>(`${paths.staff}media/`, { method: 'POST', body: form });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
