import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useMyPlaylists, usePlaylistMutations } from '../api/playlists';

type Props = { question: number; playlists: number[]; onChange: (playlists: number[]) => void };

/** Pick the playlists that hold the question (optimistic ticks), or create one and add to it. */
export default function PlaylistPanel({ question, playlists, onChange }: Props) {
  const { t } = useTranslation();
  const mine = useMyPlaylists();
  const { create, toggle } = usePlaylistMutations();
  const [inLists, setInLists] = useState(playlists);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  function apply(next: number[]) {
    setInLists(next);
    onChange(next);
  }

  function tick(playlist: number, on: boolean) {
    const before = inLists;
    apply(on ? [...before, playlist] : before.filter((id) => id !== playlist));
    toggle.mutate(
      { playlist, question, on },
      {
        onError: () => {
          apply(before);
          notify('error', t('errors.failed'));
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setNameError(null);
    create.mutate(name, {
      onSuccess: (playlist) => {
        setName('');
        tick(playlist.id, true);
      },
      onError: (error) => {
        notify('error', t('errors.failed'));
        setNameError(
          error instanceof ApiError ? error.fieldMessages('name').join(' ') || null : null,
        );
      },
    });
  }

  return (
    <div className="playlist-panel">
      {mine.isPending ? <Spinner label={t('tools.loading')} /> : null}
      {mine.isError ? <FormAlert>{t('tools.load-failed')}</FormAlert> : null}
      {mine.isSuccess && mine.data.results.length === 0 ? (
        <p className="empty-state">{t('tools.playlists-empty')}</p>
      ) : null}
      {mine.isSuccess && mine.data.results.length ? (
        <fieldset className="playlist-choices">
          <legend>{t('tools.playlists-help')}</legend>
          {mine.data.results.map((playlist) => (
            <label key={playlist.id} className="check-row">
              <input
                type="checkbox"
                checked={inLists.includes(playlist.id)}
                onChange={(e) => tick(playlist.id, e.target.checked)}
              />
              <span>
                {playlist.name}{' '}
                <span className="meta">
                  {t('tools.playlist-items', { count: playlist.items_count })}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <form className="tool-form tool-inline-form" onSubmit={submit}>
        <TextField
          label={t('tools.new-playlist')}
          value={name}
          maxLength={200}
          required
          error={nameError ?? undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" loading={create.isPending}>
          {t('tools.create-playlist')}
        </Button>
      </form>
    </div>
  );
}
