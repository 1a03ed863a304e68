import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useModules } from '../api/get-modules';
import { ModuleCard } from './module-card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-screens';
import '../modules.css';

/** The landing page: the modules the user chose first, then the rest of the catalogue. */
export default function ModulesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('modules.title'));
  const modules = useModules();
  const visible = (modules.data ?? []).filter((m) => !m.is_hidden);
  const mine = visible.filter((m) => m.is_filtered);
  const others = visible.filter((m) => !m.is_filtered);

  return (
    <section className="page" aria-labelledby="modules-title">
      <div className="page-head">
        <h1 id="modules-title">{t('modules.title')}</h1>
        {modules.isSuccess && visible.length > 0 ? (
          <Link className="btn btn-secondary" to="/auth/onboarding">
            {t('modules.choose')}
          </Link>
        ) : null}
      </div>
      {modules.isPending ? <Spinner label={t('modules.loading')} /> : null}
      {modules.isError ? (
        <FormAlert>
          {t('modules.load-failed')}{' '}
          <Button variant="link" onClick={() => void modules.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : null}
      {modules.isSuccess && visible.length === 0 ? (
        <div className="empty-state">
          <h2>{t('modules.empty-title')}</h2>
          <p>{t('modules.empty-text')}</p>
        </div>
      ) : null}
      {modules.isSuccess && visible.length > 0 && mine.length === 0 ? (
        <div className="empty-state">
          <h2>{t('modules.none-chosen-title')}</h2>
          <p>{t('modules.none-chosen-text')}</p>
          <Link className="btn btn-primary" to="/auth/onboarding">
            {t('modules.choose')}
          </Link>
        </div>
      ) : null}
      {mine.length > 0 ? (
        <>
          <h2>{t('modules.mine')}</h2>
          <ul className="module-grid" aria-label={t('modules.mine')}>
            {mine.map((m) => (
              <ModuleCard key={m.id} module={m} />
            ))}
          </ul>
        </>
      ) : null}
      {others.length > 0 ? (
        <>
          <h2>{t('modules.others')}</h2>
          <ul className="module-grid" aria-label={t('modules.others')}>
            {others.map((m) => (
              <ModuleCard key={m.id} module={m} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
