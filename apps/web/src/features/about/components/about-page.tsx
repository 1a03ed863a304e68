import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useAbout } from '../api/get-about';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-screens';
import '../about.css';

/** What QBank is and where the demo questions come from, with their licences (GET /api/about/). */
export default function AboutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('about.title'));
  const about = useAbout();
  return (
    <section className="page page-narrow" aria-labelledby="about-title">
      <h1 id="about-title">{t('about.title')}</h1>
      <p>{t('about.intro')}</p>
      <h2>{t('about.data-title')}</h2>
      {about.isPending ? <Spinner label={t('about.loading')} /> : null}
      {about.isError ? <FormAlert>{t('about.load-failed')}</FormAlert> : null}
      {about.data && about.data.datasets.length === 0 ? <p>{t('about.no-data')}</p> : null}
      {about.data && about.data.datasets.length > 0 ? (
        <ul className="credits">
          {about.data.datasets.map((dataset) => (
            <li key={dataset.name}>
              <h3>
                <a href={dataset.url} rel="noreferrer noopener" target="_blank">
                  {dataset.name}
                </a>
              </h3>
              <p>{dataset.attribution}</p>
              <p className="field-hint">{t('about.licence', { licence: dataset.licence })}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
