import { useSubscriptionsTranslation } from '../i18n';
import { Link } from 'react-router';
import { useCheckSubscription } from '../api/check-subscription';
import '../subscriptions.css';

/**
 * Said wherever a question is locked: how many questions of each course are free, and where the
 * plans are. `count` is how many locked questions a list holds (a single question when absent).
 */
export function LockedNotice({ count }: { count?: number }) {
  const { t } = useSubscriptionsTranslation();
  const check = useCheckSubscription();
  const free = check.data?.free_questions_per_course;
  return (
    <div className="locked-notice" role="note">
      <p className="locked-notice-title">
        {count === undefined
          ? t('subscriptions.locked-question')
          : t('subscriptions.locked-list', { count })}
      </p>
      {free !== undefined ? <p>{t('subscriptions.free-preview', { count: free })}</p> : null}
      <Link className="btn btn-primary" to="/subscriptions">
        {t('subscriptions.see-plans')}
      </Link>
    </div>
  );
}
