import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { PAGE_SIZE, useMarkRead, useNotifications } from '../api/notifications';
import '../i18n';
import '../notifications.css';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUrlState } from '../../../lib/use-url-state';

/** The learner's notifications: newest first, unread marked, each opens what it is about. */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation('notifications');
  useDocumentTitle(t('title'));
  const { page, get, set: go } = useUrlState();
  const unreadOnly = get('unread') === '1';
  const list = useNotifications(page, unreadOnly);
  const mark = useMarkRead();
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <section className="page" aria-labelledby="notifications-title">
      <div className="page-head">
        <h1 id="notifications-title">{t('title')}</h1>
        <div className="actions">
          <label className="check-inline">
            <input
              type="checkbox"
              checked={unreadOnly}
              onChange={(e) => go({ unread: e.target.checked ? '1' : undefined, page: undefined })}
            />
            {t('unread-only')}
          </label>
          <Button
            variant="secondary"
            loading={mark.isPending && mark.variables === undefined}
            onClick={() => mark.mutate(undefined)}
          >
            {t('mark-all-read')}
          </Button>
        </div>
      </div>
      {list.isPending ? <Spinner label={t('loading')} /> : null}
      {list.isError ? <FormAlert>{t('load-failed')}</FormAlert> : null}
      {list.isSuccess && count === 0 ? (
        <div className="empty-state">
          <h2>{t('empty-title')}</h2>
          <p>{t('empty-text')}</p>
        </div>
      ) : null}
      <ul className="notification-list">
        {(list.data?.results ?? []).map((n) => (
          <li key={n.id} className={n.is_read ? 'notification' : 'notification is-unread'}>
            <p className="notification-message">
              {n.is_read ? null : <span className="visually-hidden">{t('unread')}: </span>}
              {n.message}
            </p>
            <div className="notification-meta">
              <time dateTime={n.created_at}>{format.format(new Date(n.created_at))}</time>
              {n.link ? (
                <Link to={n.link} onClick={() => !n.is_read && mark.mutate(n.id)}>
                  {t('open')}
                </Link>
              ) : null}
              {n.is_read ? null : (
                <Button variant="link" onClick={() => mark.mutate(n.id)}>
                  {t('mark-read')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="pager" aria-label={t('title')}>
          <Button
            variant="secondary"
            disabled={page <= 1}
            onClick={() => go({ page: String(page - 1) })}
          >
            {t('previous')}
          </Button>
          <span>{t('page', { page, pages })}</span>
          <Button
            variant="secondary"
            disabled={page >= pages}
            onClick={() => go({ page: String(page + 1) })}
          >
            {t('next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
