import type { Paginated } from '@qbank/contract/common';
import type {
  Playlist,
  PlaylistCreate,
  PlaylistItem,
  PlaylistItemCreate,
  PlaylistItemDetail,
} from '@qbank/contract/personal';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys, paths } from '../../../lib/api-paths';

/** GET /api/playlist/: the caller's playlists (newest first; 100 is plenty for a picker). */
export const myPlaylistsQueryOptions = () =>
  queryOptions({
    queryKey: [...keys.playlists, 'mine'],
    queryFn: () => apiRequest<Paginated<Playlist>>(paths.playlists, { query: { page_size: 100 } }),
  });

export function useMyPlaylists() {
  return useQuery(myPlaylistsQueryOptions());
}

/** POST /api/playlist/. */
export function createPlaylist(name: string) {
  return apiRequest<Playlist>(paths.playlists, {
    method: 'POST',
    body: { name } satisfies PlaylistCreate,
  });
}

/** POST /api/playlistitems/ adds; removing finds the item (GET playlistitemsdetail/) and DELETEs it. */
export async function setInPlaylist(playlist: number, question: number, on: boolean) {
  if (on) {
    await apiRequest<PlaylistItem>(paths.playlistItems, {
      method: 'POST',
      body: { playlist, question } satisfies PlaylistItemCreate,
    });
    return;
  }
  const items = await apiRequest<PlaylistItemDetail[]>(paths.playlistItemsDetail, {
    query: { playlist },
  });
  for (const item of items.filter((i) => i.question === question))
    await apiRequest(itemPath(paths.playlistItems, item.id), { method: 'DELETE' });
}

export function usePlaylistMutations() {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: keys.playlists });
    void queryClient.invalidateQueries({ queryKey: keys.myLists.root });
  };
  return {
    create: useMutation({ mutationFn: createPlaylist, onSettled: settle }),
    toggle: useMutation({
      mutationFn: ({
        playlist,
        question,
        on,
      }: {
        playlist: number;
        question: number;
        on: boolean;
      }) => setInPlaylist(playlist, question, on),
      onSettled: settle,
    }),
  };
}
