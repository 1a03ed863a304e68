import type { Paginated } from '@qbank/contract/common';
import type { COMMENT_ORDERINGS } from '@qbank/contract/constants';
import type {
  Comment,
  CommentCreate,
  CommentReply,
  ReactionResult,
} from '@qbank/contract/discussion';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';
import { keys, paths } from '../../../lib/api-paths';

/**
 * Comments (`comments/`) and replies (`comments_reply/`) share one API: the same calls on two
 * paths, a comment under a question, a reply under a comment.
 */
export type Kind = 'comment' | 'reply';
export type Item = Comment | CommentReply;
export type Ordering = (typeof COMMENT_ORDERINGS)[number];
const PATH: Record<Kind, string> = { comment: paths.comments, reply: paths.commentReplies };
/** While the discussion is open, other people's comments and votes arrive within this delay. */
export const POLL_MS = 15_000;
const PAGE_SIZE = 20;

export const commentsQueryOptions = (question: number, ordering: Ordering) =>
  infiniteQueryOptions({
    queryKey: [...keys.comments.root, 'question', question, ordering],
    queryFn: ({ pageParam }) =>
      apiRequest<Paginated<Comment>>(PATH.comment, {
        query: { question, ordering, page: pageParam, page_size: PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
    staleTime: 5_000,
  });

export function useComments(question: number, ordering: Ordering, live: boolean) {
  return useInfiniteQuery({
    ...commentsQueryOptions(question, ordering),
    refetchInterval: live ? POLL_MS : false,
    refetchOnWindowFocus: live,
  });
}

/** Only the count, for the closed discussion's button (one small request). */
export function useCommentCount(question: number, enabled = true) {
  return useQuery(
    queryOptions({
      enabled,
      queryKey: [...keys.comments.root, 'count', question],
      queryFn: () =>
        apiRequest<Paginated<Comment>>(PATH.comment, { query: { question, page_size: 1 } }),
      select: (page) => page.count,
    }),
  );
}

export const repliesQueryOptions = (comment: number) =>
  queryOptions({
    queryKey: [...keys.comments.root, 'replies', comment],
    // Oldest first (the server's default): a thread reads top-down.
    queryFn: () =>
      apiRequest<Paginated<CommentReply>>(PATH.reply, { query: { comment, page_size: 100 } }),
    staleTime: 5_000,
  });

export function useReplies(comment: number, live: boolean) {
  return useQuery({
    ...repliesQueryOptions(comment),
    refetchInterval: live ? POLL_MS : false,
    refetchOnWindowFocus: live,
  });
}

export type Draft = {
  body: CommentCreate['body'];
  files: File[];
  removed?: number[];
  onProgress?: (fraction: number) => void;
};

function form(draft: Draft, parent?: [string, number]): FormData {
  const data = new FormData();
  if (parent) data.append(parent[0], String(parent[1]));
  data.append('body', draft.body);
  draft.files.forEach((file, i) => data.append(`attachments[${i}]`, file));
  for (const id of draft.removed ?? []) data.append('removed_attachment_id', String(id));
  return data;
}

/** POST comments/ {question} or comments_reply/ {comment}, multipart with attachments[i]. */
export function postItem(kind: Kind, parent: number, draft: Draft) {
  return apiUpload<Item>(
    PATH[kind],
    form(draft, [kind === 'comment' ? 'question' : 'comment', parent]),
    { onProgress: draft.onProgress },
  );
}

/** PATCH comments/{id}/ (or comments_reply/{id}/): body, new attachments, removed_attachment_id. */
export function editItem(kind: Kind, id: number, draft: Draft) {
  return apiUpload<Item>(`${PATH[kind]}${id}/`, form(draft), {
    method: 'PATCH',
    onProgress: draft.onProgress,
  });
}

export function deleteItem(kind: Kind, id: number) {
  return apiRequest<void>(`${PATH[kind]}${id}/`, { method: 'DELETE' });
}

/** +1 → increase_rank, −1 → decrease_rank, null → remove_reaction. */
export function react(kind: Kind, id: number, value: 1 | -1 | null) {
  if (value === null)
    return apiRequest<ReactionResult>(`${PATH[kind]}${id}/remove_reaction/`, { method: 'DELETE' });
  return apiRequest<ReactionResult>(
    `${PATH[kind]}${id}/${value === 1 ? 'increase_rank' : 'decrease_rank'}/`,
    { method: 'POST' },
  );
}

/** Writes `change` into every cached copy of the item (comment pages or reply lists). */
function patchCached(
  queryClient: QueryClient,
  kind: Kind,
  id: number,
  change: (item: Item) => Item,
) {
  if (kind === 'comment')
    queryClient.setQueriesData<InfiniteData<Paginated<Comment>>>(
      { queryKey: keys.comments.pages },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            results: page.results.map((c) => (c.id === id ? (change(c) as Comment) : c)),
          })),
        },
    );
  else
    queryClient.setQueriesData<Paginated<CommentReply>>(
      { queryKey: keys.comments.replies },
      (data) =>
        data && {
          ...data,
          results: data.results.map((r) => (r.id === id ? (change(r) as CommentReply) : r)),
        },
    );
}

type Snapshot = [readonly unknown[], unknown][];

/** Optimistic vote: rank and highlight change at once, and roll back if the server refuses. */
export function useReact(kind: Kind) {
  const queryClient = useQueryClient();
  const key = kind === 'comment' ? keys.comments.pages : keys.comments.replies;
  return useMutation({
    mutationFn: ({ item, value }: { item: Item; value: 1 | -1 | null }) =>
      react(kind, item.id, value),
    onMutate: async ({ item, value }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const snapshot: Snapshot = queryClient.getQueriesData({ queryKey: key });
      const rank = item.rank - (item.my_reaction ?? 0) + (value ?? 0);
      patchCached(queryClient, kind, item.id, (i) => ({ ...i, rank, my_reaction: value }));
      return { snapshot };
    },
    onSuccess: (result) =>
      patchCached(queryClient, kind, result.id, (i) => ({
        ...i,
        rank: result.rank,
        my_reaction: result.my_reaction,
      })),
    onError: (_error, _vars, context) => {
      for (const [k, data] of context?.snapshot ?? []) queryClient.setQueryData(k, data);
    },
  });
}

/** Post, edit and delete; each refreshes the lists (the server decides order and counts). */
export function useItemWrites(kind: Kind, parent: number) {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: keys.comments.root });
  };
  return {
    post: useMutation({
      mutationFn: (draft: Draft) => postItem(kind, parent, draft),
      onSuccess: settle,
    }),
    edit: useMutation({
      mutationFn: ({ id, draft }: { id: number; draft: Draft }) => editItem(kind, id, draft),
      onSuccess: settle,
    }),
    remove: useMutation({ mutationFn: (id: number) => deleteItem(kind, id), onSuccess: settle }),
  };
}
