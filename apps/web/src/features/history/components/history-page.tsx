import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useHistoryCatalogue } from '../api/get-catalogue';
import { useHistory, type HistoryFilters } from '../api/get-history';
import { toPlainText } from '../../../components/question-content';
import '../history.css';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUrlState } from '../../../lib/use-url-state';
import '../../../lib/i18n-learning';

/** The answer history: 10 a page, filtered by module, course and right/wrong; filters live in the URL. */
export default function HistoryPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('history.title'));
  const { page, number, get, set } = useUrlState();
  const result = get('result');
  const filters: HistoryFilters = {
    page,
    module: number('module'),
    course: number('course'),
    is_correct: result === 'right' ? true : result === 'wrong' ? false : undefined,
  };
  const history = useHistory(filters);
  const { modules, courses } = useHistoryCatalogue();
  const courseName = new Map((courses.data ?? []).map((c) => [c.id, c.name]));
  const moduleName = new Map((modules.data ?? []).map((m) => [m.id, m.name]));
  const courseOptions = (courses.data ?? []).filter(
    (c) => !filters.module || c.module === filters.module,
  );
  const count = history.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / 10));
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <section className="page" aria-labelledby="history-title">
      <div className="page-head">
        <h1 id="history-title">{t('history.title')}</h1>
        <div className="page-head-actions">
          <Link className="btn btn-secondary" to="/sessions">
            {t('history.sessions')}
          </Link>
          <Link className="btn btn-secondary" to="/history/calibration">
            {t('calibration.link')}
          </Link>
        </div>
      </div>
      <form
        className="filter-bar"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('history.filters')}
      >
        <label>
          {t('history.module')}
          <select
            value={filters.module ?? ''}
            onChange={(e) => set({ module: e.target.value || undefined, course: undefined })}
          >
            <option value="">{t('history.all-modules')}</option>
            {(modules.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('history.course')}
          <select
            value={filters.course ?? ''}
            onChange={(e) => set({ course: e.target.value || undefined })}
          >
            <option value="">{t('history.all-courses')}</option>
            {courseOptions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('history.result')}
          <select
            value={result ?? ''}
            onChange={(e) => set({ result: e.target.value || undefined })}
          >
            <option value="">{t('history.all-results')}</option>
            <option value="right">{t('history.right')}</option>
            <option value="wrong">{t('history.wrong')}</option>
          </select>
        </label>
      </form>
      {history.isPending ? <Spinner label={t('history.loading')} /> : null}
      {history.isError ? (
        <FormAlert>
          {t('history.load-failed')}{' '}
          <Button variant="link" onClick={() => set({ page: undefined })}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : null}
      {history.isSuccess && count === 0 ? (
        <div className="empty-state">
          <h2>{t('history.empty-title')}</h2>
          <p>{t('history.empty-text')}</p>
        </div>
      ) : null}
      {count > 0 ? <p className="history-count">{t('history.count', { count })}</p> : null}
      <ol
        className="history-list"
        aria-label={t('history.title')}
        aria-busy={history.isFetching || undefined}
      >
        {(history.data?.results ?? []).map((entry) => (
          <li
            key={entry.id}
            className={`history-item ${entry.is_correct ? 'is-right' : 'is-wrong'}`}
          >
            <Link to={`/questions/${entry.question.id}`} className="history-link">
              <span className="history-stem">
                {toPlainText(entry.question.stem) ||
                  t('history.question', { id: entry.question.id })}
              </span>
            </Link>
            <span className="history-meta">
              <strong>{entry.is_correct ? t('history.right') : t('history.wrong')}</strong>
              {' · '}
              {t('history.score', { score: Math.round(entry.score * 100) / 100 })}
              {' · '}
              {t(entry.mode === 'exam' ? 'history.mode-exam' : 'history.mode-study')}
              {' · '}
              {moduleName.get(entry.question.module) ?? ''}
              {courseName.get(entry.question.course)
                ? ` / ${courseName.get(entry.question.course)}`
                : ''}
              {' · '}
              <time dateTime={entry.created_at}>{format.format(new Date(entry.created_at))}</time>
            </span>
          </li>
        ))}
      </ol>
      {count > 10 ? (
        <nav className="pager" aria-label={t('history.pages')}>
          <Button
            variant="secondary"
            disabled={filters.page <= 1}
            onClick={() => set({ page: String(filters.page - 1) })}
          >
            {t('history.previous')}
          </Button>
          <span>{t('history.page', { page: filters.page, pages })}</span>
          <Button
            variant="secondary"
            disabled={filters.page >= pages}
            onClick={() => set({ page: String(filters.page + 1) })}
          >
            {t('history.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
