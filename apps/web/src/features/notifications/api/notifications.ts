import type { Notification, UnreadCount } from '@qbank/contract/backoffice';
import type { Paginated } from '@qbank/contract/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys, paths } from '../../../lib/api-paths';

export const PAGE_SIZE = 20;

/** GET /api/notifications/unread_count/: polled by the bell. */
export const unreadQueryOptions = queryOptions({
  queryKey: [...keys.notifications, 'unread'],
  queryFn: () => apiRequest<UnreadCount>(`${paths.notifications}unread_count/`),
  refetchInterval: 60_000,
  staleTime: 30_000,
});

export function useUnreadCount() {
  return useQuery(unreadQueryOptions);
}

/** GET /api/notifications/: newest first. */
export function useNotifications(page: number, unreadOnly: boolean) {
  return useQuery({
    queryKey: [...keys.notifications, 'list', page, unreadOnly],
    queryFn: () =>
      apiRequest<Paginated<Notification>>(paths.notifications, {
        query: { page, page_size: PAGE_SIZE, is_read: unreadOnly ? false : undefined },
      }),
  });
}

/** POST /api/notifications/{id}/read/ or /api/notifications/read_all/ (id undefined). */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) =>
      apiRequest(
        id ? itemPath(paths.notifications, id, 'read') : `${paths.notifications}read_all/`,
        {
          method: 'POST',
        },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: keys.notifications }),
  });
}
