import type { Paginated } from '@qbank/contract/common';
import type { PlaylistItemDetail, PlaylistOrder, PlaylistReorder } from '@qbank/contract/personal';
import type { Question } from '@qbank/contract/questions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { itemPath, keys, paths } from '../../../lib/api-paths';

/** GET /api/playlistitemsdetail/?playlist=: every item, in order, with its question summary. */
export const playlistItemsQueryOptions = (playlist: number) =>
  queryOptions({
    queryKey: [...keys.myLists.root, 'playlist-items', playlist],
    queryFn: async () => {
      const data = await apiRequest<PlaylistItemDetail[] | { results: PlaylistItemDetail[] }>(
        paths.playlistItemsDetail,
        { query: { playlist } },
      );
      return Array.isArray(data) ? data : data.results;
    },
  });

export function usePlaylistItems(playlist: number) {
  return useQuery(playlistItemsQueryOptions(playlist));
}

/** PATCH /api/playlistitems/ {playlist, order}: optimistic, "Saving failed!" and rollback. */
export function useReorderPlaylist(playlist: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = playlistItemsQueryOptions(playlist).queryKey;
  return useMutation({
    mutationFn: (items: PlaylistItemDetail[]) =>
      apiRequest<PlaylistOrder>(paths.playlistItems, {
        method: 'PATCH',
        body: { playlist, order: items.map((i) => i.id) } satisfies PlaylistReorder,
      }),
    onMutate: async (items) => {
      await queryClient.cancelQueries({ queryKey: key });
      const snapshot = queryClient.getQueryData(key);
      queryClient.setQueryData(key, items);
      return { snapshot };
    },
    onError: (_e, _items, context) => {
      queryClient.setQueryData(key, context?.snapshot);
      notify('error', t('errors.saving-failed'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** DELETE /api/playlistitems/{id}/: optimistic, "Failed" and rollback. */
export function useRemovePlaylistItem(playlist: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = playlistItemsQueryOptions(playlist).queryKey;
  return useMutation({
    mutationFn: (id: number) => apiRequest(itemPath(paths.playlistItems, id), { method: 'DELETE' }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const snapshot = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (items) => items?.filter((i) => i.id !== id));
      return { snapshot };
    },
    onError: (_e, _id, context) => {
      queryClient.setQueryData(key, context?.snapshot);
      notify('error', t('errors.failed'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.myLists.root }),
  });
}

/** Every question of a playlist, in order (GET /api/playlist_questions/, 100 a page). */
export async function getAllPlaylistQuestions(playlist: number): Promise<Question[]> {
  const all: Question[] = [];
  for (let page = 1; ; page++) {
    const data = await apiRequest<Paginated<Question>>(paths.playlistQuestions, {
      query: { playlist, page, page_size: 100 },
    });
    all.push(...data.results);
    if (!data.next) return all;
  }
}
