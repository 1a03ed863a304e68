import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { modulesListQueryOptions } from '../../../lib/catalogue-lists';
import { useSettings } from '../../../lib/settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePlan } from '../api/plan';
import { PlanDaysTable } from './plan-days-table';
import { PlanForm } from './plan-form';
import { TodayPlan } from './today-plan';
import '../i18n';
import '../plan.css';

const PlanChart = lazy(() => import('./plan-chart'));

/** The plan to the exam date: the form, today's plan and the days until the exam. */
export default function PlanPage() {
  const { t } = useTranslation('plan');
  useDocumentTitle(t('title'));
  // The chart reads the theme's colours when it renders: a theme change renders it again.
  const theme = useSettings().displayMode;
  const plan = usePlan();
  const modules = useQuery(modulesListQueryOptions);
  const p = plan.data;
  return (
    <section className="page plan-page" aria-labelledby="plan-title">
      <div className="page-head">
        <h1 id="plan-title">{t('title')}</h1>
      </div>
      <p>{t('intro')}</p>
      {plan.isPending ? <Spinner label={t('loading')} /> : null}
      {plan.isError ? <FormAlert>{t('load-failed')}</FormAlert> : null}
      {p ? (
        <>
          <p className="plan-summary" data-testid="plan-facts">
            {t('facts', {
              date: p.exam_date,
              days: p.study_days_left,
              remaining: p.remaining,
            })}
          </p>
          <TodayPlan onPlanPage />
          <section className="stats-card" aria-labelledby="plan-chart-title" key={theme}>
            <h2 id="plan-chart-title">{t('chart-title')}</h2>
            {p.overdue ? <p>{t('overdue', { count: p.overdue })}</p> : null}
            <Suspense fallback={<Spinner label={t('loading')} />}>
              <PlanChart plan={p} />
            </Suspense>
            <details>
              <summary>{t('table')}</summary>
              <PlanDaysTable plan={p} />
            </details>
          </section>
        </>
      ) : null}
      {plan.data === null ? <p>{t('none')}</p> : null}
      {plan.isSuccess ? <PlanForm plan={p ?? null} modules={modules.data ?? []} /> : null}
    </section>
  );
}
