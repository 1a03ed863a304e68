import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/spinner';

export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="center-page">
      <Spinner label={t('loading.label')} />
    </div>
  );
}
