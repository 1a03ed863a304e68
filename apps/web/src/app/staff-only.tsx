import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../lib/current-user';
import { PageFallback } from './page-fallback';

/**
 * Staff screens only for staff (issue 12): a learner gets the not-found text and never loads
 * a staff chunk; the API answers 403 anyway.
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user.isPending) return <PageFallback />;
  if (!user.data?.is_staff) {
    return (
      <section className="page empty-state">
        <h1>{t('not-found.title')}</h1>
        <p>{t('not-found.text')}</p>
      </section>
    );
  }
  return children;
}
