import { invalidPk } from '@qbank/contract';
import {
  PLAYLIST_ITEMS_MAX,
  type PageQuery,
  type Playlist,
  type PlaylistCreate,
  type PlaylistItem,
  type PlaylistItemCreate,
  type PlaylistItemDetail,
  type PlaylistOrder,
  type PlaylistReorder,
  type PlaylistUpdate,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import * as repo from './playlists.repository';

type Deps = Pick<ServiceDeps, 'db'>;

const REQUIRED = 'This field is required.';
const iso = (d: Date) => d.toISOString();

const toPlaylist = (r: repo.PlaylistRow): Playlist => ({
  id: r.id,
  name: r.name,
  description: r.description,
  items_count: r.itemsCount,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});
const toItem = (r: repo.PlaylistItemRow): PlaylistItem => ({
  id: r.id,
  playlist: r.playlistId,
  question: r.questionId,
  order: r.order,
  created_at: iso(r.createdAt),
});

export async function listPlaylists(
  { db }: Deps,
  user: User,
  query: PageQuery,
): Promise<{ total: number; results: Playlist[] }> {
  const total = await repo.countPlaylists(db, user.id);
  assertPageExists(query, total);
  const rows = await repo.listPlaylists(db, user.id, pageWindow(query));
  return { total, results: rows.map(toPlaylist) };
}

export async function getPlaylist({ db }: Deps, user: User, id: number): Promise<Playlist> {
  const row = await repo.findPlaylist(db, user.id, id);
  if (!row) throw notFound();
  return toPlaylist(row);
}

export async function createPlaylist(
  { db }: Deps,
  user: User,
  body: PlaylistCreate,
): Promise<Playlist> {
  const id = await repo.insertPlaylist(db, { userId: user.id, ...body });
  return getPlaylist({ db }, user, id);
}

export async function updatePlaylist(
  { db }: Deps,
  user: User,
  id: number,
  body: PlaylistUpdate,
): Promise<Playlist> {
  if (!(await repo.updatePlaylist(db, user.id, id, body))) throw notFound();
  return getPlaylist({ db }, user, id);
}

export async function deletePlaylist({ db }: Deps, user: User, id: number): Promise<void> {
  if (!(await repo.deletePlaylist(db, user.id, id))) throw notFound();
}

/** The items of one of the caller's playlists, in order, with their question summaries. */
export async function listItems(
  { db }: Deps,
  user: User,
  playlistId: number,
): Promise<PlaylistItemDetail[]> {
  if (!(await repo.findPlaylist(db, user.id, playlistId))) throw notFound();
  const rows = await repo.listItems(db, playlistId);
  return rows.map((r) => ({ ...toItem(r), question_detail: r.question }));
}

/** Appends a question at the end of a playlist; each question at most once per playlist. */
export async function addItem(
  { db }: Deps,
  user: User,
  body: PlaylistItemCreate,
): Promise<PlaylistItem> {
  if (!(await repo.isPublishedQuestion(db, body.question)))
    throw badRequest('question', invalidPk(body.question));
  const result = await repo.appendItem(
    db,
    user.id,
    body.playlist,
    body.question,
    PLAYLIST_ITEMS_MAX,
  );
  if ('item' in result) return toItem(result.item);
  if (result.error === 'not-found') throw badRequest('playlist', invalidPk(body.playlist));
  if (result.error === 'full')
    throw badRequest('playlist', `A playlist holds at most ${PLAYLIST_ITEMS_MAX} questions.`);
  throw badRequest('question', 'This question is already in the playlist.');
}

export async function removeItem({ db }: Deps, user: User, id: number): Promise<void> {
  if (!(await repo.deleteItem(db, user.id, id))) throw notFound();
}

/**
 * `{playlist, order}` puts the playlist's items in the order of `order`, which must hold every
 * item id of the playlist exactly once. An empty body changes nothing (the seed's client sends
 * one) and answers the empty order.
 */
export async function reorderItems(
  { db }: Deps,
  user: User,
  body: PlaylistReorder,
): Promise<PlaylistOrder> {
  if (!body || (body.playlist === undefined && body.order === undefined))
    return { playlist: null, order: [] };
  if (body.playlist === undefined) throw badRequest('playlist', REQUIRED);
  if (body.order === undefined) throw badRequest('order', REQUIRED);
  const order = body.order;
  const found = await repo.reorderItems(db, user.id, body.playlist, order, (current) => {
    const wanted = new Set(order);
    if (
      wanted.size !== order.length ||
      current.length !== order.length ||
      !current.every((id) => wanted.has(id))
    ) {
      throw badRequest('order', 'Send every item id of the playlist exactly once.');
    }
  });
  if (!found) throw badRequest('playlist', invalidPk(body.playlist));
  return { playlist: body.playlist, order };
}
