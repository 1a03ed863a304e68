import type { Paginated } from '@qbank/contract/common';
import type { NoteItemDetail } from '@qbank/contract/personal';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { LIST_PAGE_SIZE } from './page-size';
import { itemPath, keys, paths } from '../../../lib/api-paths';

export type NotesFilter = { page: number; search?: string; difficulty?: string };

/** GET /api/noteitemsdetail/: the caller's notes with images and question summary, 10 a page. */
export function getNotes(filter: NotesFilter) {
  return apiRequest<Paginated<NoteItemDetail>>(paths.noteItemsDetail, {
    query: {
      page: filter.page,
      page_size: LIST_PAGE_SIZE,
      search: filter.search || undefined,
      difficulty: filter.difficulty || undefined,
    },
  });
}

export const notesQueryOptions = (filter: NotesFilter) =>
  queryOptions({
    queryKey: [...keys.myLists.root, 'notes', filter],
    queryFn: () => getNotes(filter),
    placeholderData: keepPreviousData,
  });

export function useNotes(filter: NotesFilter) {
  return useQuery(notesQueryOptions(filter));
}

/** DELETE /api/noteitems/{id}/; the seed's message on failure is "Failed". */
export function useDeleteNote() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (id: number) => apiRequest(itemPath(paths.noteItems, id), { method: 'DELETE' }),
    onError: () => notify('error', t('errors.failed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.myLists.notes }),
  });
}
