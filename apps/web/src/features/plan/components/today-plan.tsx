import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { usePlan } from '../api/plan';
import { paceText } from './pace-text';
import { useStartBlock } from './use-start-block';
import '../i18n';
import '../plan.css';

function Progress({
  label,
  done,
  total,
  testId,
}: {
  label: string;
  done: number;
  total: number;
  testId: string;
}) {
  const { t } = useTranslation('plan');
  return (
    <div className="plan-progress">
      <dt>{label}</dt>
      <dd data-testid={testId}>{t('of', { done, total })}</dd>
      <dd aria-hidden="true">
        <progress max={Math.max(total, 1)} value={Math.min(done, Math.max(total, 1))} />
      </dd>
    </div>
  );
}

/** Today's plan on the dashboard: new questions and reviews done against today's figures. */
export function TodayPlan({ onPlanPage = false }: { onPlanPage?: boolean }) {
  const { t } = useTranslation('plan');
  const plan = usePlan();
  const block = useStartBlock();
  if (plan.isPending || plan.isError) return null;
  const p = plan.data;
  if (!p)
    return (
      <section className="stats-card plan-today" aria-labelledby="plan-today-title">
        <h2 id="plan-today-title">{t('set-up')}</h2>
        <p>{t('set-up-text')}</p>
        <Link to="/plan">{t('open-plan')}</Link>
      </section>
    );
  return (
    <section className="stats-card plan-today" aria-labelledby="plan-today-title">
      <h2 id="plan-today-title">{t('today-title')}</h2>
      <p data-testid="plan-pace">{paceText(t, p)}</p>
      <dl className="plan-progress-list">
        <Progress label={t('new-done')} done={p.new_done} total={p.quota} testId="plan-new" />
        <Progress
          label={t('reviews-done')}
          done={p.reviews_done}
          total={p.reviews_due}
          testId="plan-reviews"
        />
      </dl>
      <div className="plan-actions">
        <Button onClick={() => void block.start()} loading={block.starting}>
          {t('start-new')}
        </Button>
        <Link className="btn btn-secondary" to="/review">
          {t('start-reviews')}
        </Link>
        {onPlanPage ? null : <Link to="/plan">{t('open-plan')}</Link>}
      </div>
    </section>
  );
}
