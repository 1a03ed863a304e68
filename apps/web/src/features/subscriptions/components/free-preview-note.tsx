import { Link } from 'react-router';
import { useCheckSubscription } from '../api/check-subscription';
import { useSubscriptionsTranslation } from '../i18n';

/** On a module's page, for a learner whose subscription does not open it: what is free, and the plans. */
export function FreePreviewNote({ moduleId }: { moduleId: number }) {
  const { t } = useSubscriptionsTranslation();
  const check = useCheckSubscription();
  if (!check.data) return null;
  const { modules, free_questions_per_course: free } = check.data;
  if (modules === 'all' || modules.includes(moduleId)) return null;
  return (
    <p className="free-preview-note">
      {t('subscriptions.free-preview', { count: free })}{' '}
      <Link to="/subscriptions">{t('subscriptions.see-plans')}</Link>
    </p>
  );
}
