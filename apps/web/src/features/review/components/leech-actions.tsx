import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useSuspendCard } from '../api/suspend-card';
import '../../../lib/i18n-learning';

/** What a learner does with a leech: suspend it, open its note, or add it to a playlist. */
export function LeechActions({ question, suspended }: { question: number; suspended: boolean }) {
  const { t } = useTranslation();
  const suspend = useSuspendCard();
  return (
    <span className="leech-actions">
      {suspended ? <span>{t('review.suspended')}</span> : null}
      <Button
        variant="secondary"
        loading={suspend.isPending}
        onClick={() =>
          suspend.mutate(
            { question, suspended: !suspended },
            { onError: () => notify('error', t('review.suspend-failed')) },
          )
        }
      >
        {suspended ? t('review.unsuspend') : t('review.suspend')}
      </Button>
      <Link className="btn btn-secondary" to={`/questions/${question}?tool=note`}>
        {t('review.open-note')}
      </Link>
      <Link className="btn btn-secondary" to={`/questions/${question}?tool=playlist`}>
        {t('review.add-to-playlist')}
      </Link>
    </span>
  );
}
