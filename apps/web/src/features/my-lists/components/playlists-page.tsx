import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/toast';
import { useCreatePlaylist, usePlaylists } from '../api/playlists';
import '../i18n';
import '../my-lists.css';
import { Pager } from '../../../components/ui/pager';
import { LIST_PAGE_SIZE } from '../api/page-size';
import { useListParams } from './use-list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The caller's playlists, 10 a page, and a form to create one. */
export default function PlaylistsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('lists.playlists.title'));
  const params = useListParams();
  const playlists = usePlaylists(params.page);
  const create = useCreatePlaylist();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const count = playlists.data?.count ?? 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: () => {
          setName('');
          notify('success', t('lists.playlists.created'));
        },
      },
    );
  }

  return (
    <section className="page my-lists" aria-labelledby="playlists-title">
      <div className="page-head">
        <h1 id="playlists-title">{t('lists.playlists.title')}</h1>
      </div>
      <form
        className="list-form"
        onSubmit={submit}
        noValidate
        aria-label={t('lists.playlists.new')}
      >
        <div className="field">
          <label htmlFor="playlist-name">{t('lists.playlists.new')}</label>
          <input
            id="playlist-name"
            value={name}
            maxLength={200}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'playlist-name-error' : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {invalid ? (
            <p id="playlist-name-error" className="field-error">
              {t('lists.playlists.name-required')}
            </p>
          ) : null}
        </div>
        <Button type="submit" loading={create.isPending}>
          {t('lists.playlists.create')}
        </Button>
      </form>
      {playlists.isPending ? <Spinner label={t('lists.loading')} /> : null}
      {playlists.isError ? <FormAlert>{t('lists.load-failed')}</FormAlert> : null}
      {playlists.isSuccess && count === 0 ? (
        <div className="empty-state">
          <h2>{t('lists.playlists.empty-title')}</h2>
          <p>{t('lists.playlists.empty-text')}</p>
        </div>
      ) : null}
      <ul className="list-rows" aria-label={t('lists.playlists.title')}>
        {(playlists.data?.results ?? []).map((p) => (
          <li key={p.id} className="list-row list-row-spread">
            <Link to={`/playlists/${p.id}`} className="list-question">
              {p.name}
            </Link>
            <span className="list-meta">
              {t('lists.playlists.items', { count: p.items_count })}
            </span>
          </li>
        ))}
      </ul>
      <Pager
        pageSize={LIST_PAGE_SIZE}
        page={params.page}
        count={count}
        onPage={(page) => params.set({ page })}
      />
    </section>
  );
}
