import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { newExamId, startExam } from '../../exam';
import { startStudyRun } from '../../review';
import {
  getAllPlaylistQuestions,
  usePlaylistItems,
  useRemovePlaylistItem,
  useReorderPlaylist,
} from '../api/playlist-items';
import { useDeletePlaylist, usePlaylist, useUpdatePlaylist } from '../api/playlists';
import { startCustomSession } from '../api/start-custom-session';
import '../i18n';
import '../my-lists.css';
import { SortableItems } from './sortable-items';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Minutes a question gets when a playlist runs as a timed exam. */
const EXAM_MINUTES_PER_QUESTION = 1.5;

/** One playlist: rename, delete, reorder, remove items; study it (instant correction) or run it as a timed exam. */
export default function PlaylistPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('lists.playlists.title'));
  const [confirm, confirmDialog] = useConfirm();
  const navigate = useNavigate();
  const id = Number(useParams().playlistId);
  const playlist = usePlaylist(id);
  const items = usePlaylistItems(id);
  const rename = useUpdatePlaylist(id);
  const remove = useDeletePlaylist();
  const reorder = useReorderPlaylist(id);
  const removeItem = useRemovePlaylistItem(id);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [starting, setStarting] = useState<'study' | 'exam' | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const notFound = playlist.error instanceof ApiError && playlist.error.status === 404;

  function saveName(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setEditing(false);
    rename.mutate(
      { name: name.trim() },
      { onSuccess: () => notify('success', t('lists.playlists.renamed')) },
    );
  }

  async function start(mode: 'study' | 'exam') {
    setStarting(mode);
    setStartError(null);
    try {
      const questions = (await getAllPlaylistQuestions(id)).filter((q) => !q.is_locked);
      if (questions.length === 0) {
        setStartError(t('lists.playlists.none-playable'));
        return;
      }
      if (mode === 'exam') {
        startExam(newExamId(), questions, Math.ceil(questions.length * EXAM_MINUTES_PER_QUESTION));
        void navigate('/exam/run');
        return;
      }
      // Study: a fresh custom session logs each answer, corrected at once in the player.
      const title = playlist.data?.name ?? t('lists.playlists.title');
      const session = await startCustomSession(
        title,
        questions.map((q) => q.id),
      );
      const fresh = questions.map((q) => ({ ...q, last_answer: null, correction: null }));
      startStudyRun(fresh, session.id, { source: 'playlist', title, back: `/playlists/${id}` });
      void navigate('/review/run');
    } catch {
      setStartError(t('lists.playlists.start-failed'));
    } finally {
      setStarting(null);
    }
  }

  if (notFound || Number.isNaN(id)) {
    return (
      <section className="page my-lists" aria-labelledby="playlist-title">
        <h1 id="playlist-title">{t('lists.playlists.title')}</h1>
        <FormAlert>{t('lists.playlists.not-found')}</FormAlert>
        <Link to="/playlists">{t('lists.playlists.back')}</Link>
      </section>
    );
  }

  const p = playlist.data;
  const list = items.data ?? [];
  return (
    <section className="page my-lists" aria-labelledby="playlist-title">
      {confirmDialog}
      <p className="breadcrumb">
        <Link to="/playlists">{t('lists.playlists.back')}</Link>
      </p>
      {editing ? (
        <form className="list-form" onSubmit={saveName}>
          <div className="field">
            <label htmlFor="playlist-rename">{t('lists.playlists.name')}</label>
            <input
              id="playlist-rename"
              value={name}
              maxLength={200}
              required
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit">{t('lists.playlists.save')}</Button>
          <Button variant="secondary" onClick={() => setEditing(false)}>
            {t('lists.playlists.cancel')}
          </Button>
        </form>
      ) : null}
      <div className="page-head">
        <h1 id="playlist-title">{p ? p.name : t('lists.playlists.title')}</h1>
        {p && !editing ? (
          <span className="list-row-actions">
            <Button
              variant="secondary"
              onClick={() => {
                setName(p.name);
                setEditing(true);
              }}
            >
              {t('lists.playlists.rename')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={async () => {
                if (!(await confirm(t('lists.playlists.delete-confirm', { name: p.name })))) return;
                remove.mutate(id, {
                  onSuccess: () => {
                    notify('success', t('lists.playlists.deleted'));
                    void navigate('/playlists', { replace: true });
                  },
                });
              }}
            >
              {t('lists.playlists.delete')}
            </Button>
          </span>
        ) : null}
      </div>
      {playlist.isPending || items.isPending ? <Spinner label={t('lists.loading')} /> : null}
      {(playlist.isError && !notFound) || items.isError ? (
        <FormAlert>{t('lists.load-failed')}</FormAlert>
      ) : null}
      {items.isSuccess && list.length === 0 ? (
        <p className="empty-state">{t('lists.playlists.items-empty')}</p>
      ) : null}
      {list.length > 0 ? (
        <>
          <div className="list-row-actions start-actions">
            <Button
              loading={starting === 'study'}
              disabled={starting !== null}
              onClick={() => void start('study')}
            >
              {t('lists.playlists.study')}
            </Button>
            <Button
              variant="secondary"
              loading={starting === 'exam'}
              disabled={starting !== null}
              onClick={() => void start('exam')}
            >
              {t('lists.playlists.exam')}
            </Button>
          </div>
          <FormAlert>{startError}</FormAlert>
          <p className="field-hint">{t('lists.playlists.drag-help')}</p>
          <SortableItems
            items={list}
            onReorder={(next) => reorder.mutate(next)}
            onRemove={(itemId) => removeItem.mutate(itemId)}
          />
        </>
      ) : null}
    </section>
  );
}
