import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** A transition screen: waits for the profile, then sends the visitor to the right place. */
export default function LoadingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('loading.title'));
  const navigate = useNavigate();
  const { token } = useSession();
  const user = useCurrentUser();

  useEffect(() => {
    if (!token || user.isError) void navigate('/auth/sign-in', { replace: true });
    else if (user.data && !user.data.is_confirmed)
      void navigate('/auth/email-verification', { replace: true });
    else if (user.data) void navigate('/modules', { replace: true });
  }, [token, user.isError, user.data, navigate]);

  return (
    <main className="center-page" id="main">
      <h1 className="visually-hidden">{t('loading.title')}</h1>
      <Spinner label={t('loading.label')} />
    </main>
  );
}
