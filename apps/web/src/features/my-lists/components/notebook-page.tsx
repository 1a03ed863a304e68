import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/toast';
import { useDeleteNote, useNotes } from '../api/notes';
import '../i18n';
import '../my-lists.css';
import { Pager } from '../../../components/ui/pager';
import { LIST_PAGE_SIZE } from '../api/page-size';
import { QuestionLink } from './question-summary';
import { useListParams } from './use-list-params';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DifficultySelect } from '../../stats';

/** Every note of the caller with its question, newest first, searchable, 10 a page. */
export default function NotebookPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('lists.notebook.title'));
  const [confirm, confirmDialog] = useConfirm();
  const params = useListParams();
  const search = params.text('search');
  const [draft, setDraft] = useState(search);
  const difficulty = params.difficulty();
  const notes = useNotes({ page: params.page, search, difficulty });
  const remove = useDeleteNote();
  const count = notes.data?.count ?? 0;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  function submit(event: FormEvent) {
    event.preventDefault();
    params.set({ search: draft.trim() || undefined });
  }

  return (
    <section className="page my-lists" aria-labelledby="notebook-title">
      {confirmDialog}
      <div className="page-head">
        <h1 id="notebook-title">{t('lists.notebook.title')}</h1>
      </div>
      <form className="search-bar" role="search" onSubmit={submit}>
        <label htmlFor="notebook-search" className="visually-hidden">
          {t('lists.notebook.search')}
        </label>
        <input
          id="notebook-search"
          type="search"
          value={draft}
          maxLength={200}
          placeholder={t('lists.notebook.search')}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">{t('lists.notebook.search-button')}</Button>
        {search ? (
          <Button
            variant="secondary"
            onClick={() => {
              setDraft('');
              params.set({ search: undefined });
            }}
          >
            {t('lists.notebook.clear')}
          </Button>
        ) : null}
      </form>
      <DifficultySelect
        value={difficulty}
        onChange={(next) => params.set({ difficulty: next || undefined })}
      />
      {notes.isPending ? <Spinner label={t('lists.loading')} /> : null}
      {notes.isError ? <FormAlert>{t('lists.load-failed')}</FormAlert> : null}
      {notes.isSuccess && count === 0 ? (
        <div className="empty-state">
          {search || difficulty ? (
            <p>
              {search
                ? t('lists.notebook.no-match', { search })
                : t('lists.notebook.no-match-difficulty')}
            </p>
          ) : (
            <>
              <h2>{t('lists.notebook.empty-title')}</h2>
              <p>{t('lists.notebook.empty-text')}</p>
            </>
          )}
        </div>
      ) : null}
      {count > 0 ? <p className="list-count">{t('lists.notebook.count', { count })}</p> : null}
      <ol
        className="list-rows"
        aria-label={t('lists.notebook.title')}
        aria-busy={notes.isFetching || undefined}
      >
        {(notes.data?.results ?? []).map((note) => (
          <li key={note.id} className="list-row note-row">
            <QuestionLink id={note.question} stem={note.question_detail.stem} />
            <p className="note-content">{note.content}</p>
            <div className="list-meta">
              <span>
                {t('lists.notebook.updated', { date: format.format(new Date(note.updated_at)) })}
                {note.images.length
                  ? ` · ${t('lists.notebook.images', { count: note.images.length })}`
                  : ''}
              </span>
              <span className="list-row-actions">
                <Link className="btn btn-secondary" to={`/questions/${note.question}`}>
                  {t('lists.notebook.open-question')}
                </Link>
                <Button
                  variant="secondary"
                  loading={remove.isPending && remove.variables === note.id}
                  onClick={async () => {
                    if (!(await confirm(t('lists.notebook.delete-confirm')))) return;
                    remove.mutate(note.id, {
                      onSuccess: () => notify('success', t('lists.notebook.deleted')),
                    });
                  }}
                >
                  {t('lists.notebook.delete')}
                </Button>
              </span>
            </div>
          </li>
        ))}
      </ol>
      <Pager
        pageSize={LIST_PAGE_SIZE}
        page={params.page}
        count={count}
        onPage={(page) => params.set({ page })}
      />
    </section>
  );
}
