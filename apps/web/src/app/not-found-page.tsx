import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('not-found.title'));
  return (
    <section className="page empty-state">
      <h1>{t('not-found.title')}</h1>
      <p>{t('not-found.text')}</p>
      <Link className="btn btn-primary" to="/modules">
        {t('nav.modules')}
      </Link>
    </section>
  );
}
