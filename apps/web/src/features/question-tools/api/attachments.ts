import type { Paginated } from '@qbank/contract/common';
import type { AttachmentItem } from '@qbank/contract/personal';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';
import { itemPath, keys, paths } from '../../../lib/api-paths';

/** GET /api/attachmentsitem/?question=: the caller's own images on a question. */
export const attachmentsQueryOptions = (question: number) =>
  queryOptions({
    queryKey: [...keys.attachments, 'question', question],
    queryFn: () =>
      apiRequest<Paginated<AttachmentItem>>(paths.attachments, {
        query: { question, page_size: 100 },
      }),
  });

export function useAttachments(question: number) {
  return useQuery(attachmentsQueryOptions(question));
}

/** POST /api/attachmentsitem/ (multipart: question, images[i]). */
export function createAttachment(
  question: number,
  files: File[],
  onProgress?: (fraction: number) => void,
) {
  const form = new FormData();
  form.append('question', String(question));
  files.forEach((file, i) => form.append(`images[${i}]`, file));
  return apiUpload<AttachmentItem>(paths.attachments, form, { onProgress });
}

/** PATCH /api/attachmentsitem/{id}/ removing one image; the last image goes with its item (DELETE). */
export async function removeAttachmentImage(item: AttachmentItem, imageId: number) {
  if (item.images.length <= 1) {
    await apiRequest(itemPath(paths.attachments, item.id), { method: 'DELETE' });
    return;
  }
  const form = new FormData();
  form.append('removed_attachment_id', String(imageId));
  await apiRequest(itemPath(paths.attachments, item.id), { method: 'PATCH', body: form });
}

export function useAttachmentMutations(question: number) {
  const queryClient = useQueryClient();
  const settle = () =>
    queryClient.invalidateQueries({ queryKey: attachmentsQueryOptions(question).queryKey });
  return {
    create: useMutation({
      mutationFn: ({ files, onProgress }: { files: File[]; onProgress?: (f: number) => void }) =>
        createAttachment(question, files, onProgress),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: ({ item, imageId }: { item: AttachmentItem; imageId: number }) =>
        removeAttachmentImage(item, imageId),
      onSettled: settle,
    }),
  };
}
