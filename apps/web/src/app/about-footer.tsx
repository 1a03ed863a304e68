import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function AboutFooter() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <p>
        {t('footer.text')} · <Link to="/about">{t('footer.about')}</Link>
      </p>
    </footer>
  );
}
