import type { Paginated } from '@qbank/contract/common';
import type { Playlist, PlaylistCreate, PlaylistUpdate } from '@qbank/contract/personal';
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

/** GET /api/playlist/: the caller's playlists, 10 a page. */
export const playlistsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...keys.myLists.root, 'playlists', page],
    queryFn: () =>
      apiRequest<Paginated<Playlist>>(paths.playlists, {
        query: { page, page_size: LIST_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export function usePlaylists(page: number) {
  return useQuery(playlistsQueryOptions(page));
}

/** GET /api/playlist/{id}/. */
export const playlistQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...keys.myLists.root, 'playlist', id],
    queryFn: () => apiRequest<Playlist>(itemPath(paths.playlists, id)),
  });

export function usePlaylist(id: number) {
  return useQuery(playlistQueryOptions(id));
}

function useInvalidatePlaylists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.myLists.root });
}

/** POST /api/playlist/; failure: "Failed" (seed §8). */
export function useCreatePlaylist() {
  const { t } = useTranslation();
  const invalidate = useInvalidatePlaylists();
  return useMutation({
    mutationFn: (body: PlaylistCreate) =>
      apiRequest<Playlist>(paths.playlists, { method: 'POST', body }),
    onError: () => notify('error', t('errors.failed')),
    onSettled: invalidate,
  });
}

/** PATCH /api/playlist/{id}/; failure: "Saving failed!" (seed §8), the old name comes back. */
export function useUpdatePlaylist(id: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePlaylists();
  const key = playlistQueryOptions(id).queryKey;
  return useMutation({
    mutationFn: (body: PlaylistUpdate) =>
      apiRequest<Playlist>(itemPath(paths.playlists, id), { method: 'PATCH', body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const snapshot = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (p) => (p ? { ...p, ...body } : p));
      return { snapshot };
    },
    onError: (_e, _body, context) => {
      queryClient.setQueryData(key, context?.snapshot);
      notify('error', t('errors.saving-failed'));
    },
    onSettled: invalidate,
  });
}

/** DELETE /api/playlist/{id}/; failure: "Failed". */
export function useDeletePlaylist() {
  const { t } = useTranslation();
  const invalidate = useInvalidatePlaylists();
  return useMutation({
    mutationFn: (id: number) => apiRequest(itemPath(paths.playlists, id), { method: 'DELETE' }),
    onError: () => notify('error', t('errors.failed')),
    onSettled: invalidate,
  });
}
