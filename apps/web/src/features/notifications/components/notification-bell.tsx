import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/notifications';
import '../i18n';
import '../notifications.css';

/** The header's bell: a link to the list, with the unread count. */
export default function NotificationBell() {
  const { t } = useTranslation('notifications');
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <Link
      to="/notifications"
      className="btn btn-secondary icon-button bell"
      aria-label={unread ? t('bell-unread', { count: unread }) : t('bell')}
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread ? (
        <span className="bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
