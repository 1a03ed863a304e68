import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useDue } from '../api/get-due';
import { useForecast } from '../api/get-forecast';
import { useMistakes } from '../api/get-mistakes';
import '../review.css';
import { ForecastTable } from './forecast-table';
import { QuestionLine } from './question-line';
import { RetentionForm } from './retention-form';
import type { Scope } from '@qbank/contract/review';
import { DailyLimitsForm } from './daily-limits-form';
import { LeechActions } from './leech-actions';
import { ScopeSelect } from './scope-select';
import { useStartRun } from './use-start-run';
import '../../../lib/i18n-learning';

const ForecastChart = lazy(() => import('./forecast-chart'));

/** The review queue: what is due today (run it as study), the 30-day forecast, leeches, retention. */
export default function ReviewPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [scope, setScope] = useState<Scope>({});
  const due = useDue(page, scope);
  const forecast = useForecast();
  const leeches = useMistakes({ page: 1, leech: true });
  const { start, starting } = useStartRun();
  const count = due.data?.count ?? 0;
  // Today's cards show the hour; overdue ones from earlier days their date.
  const time = (iso: string) => {
    const at = new Date(iso);
    return at.toDateString() === new Date().toDateString()
      ? at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
      : at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  };

  return (
    <section className="page review" aria-labelledby="review-title">
      <div className="page-head">
        <h1 id="review-title">{t('review.title')}</h1>
        <Link className="btn btn-secondary" to="/mistakes">
          {t('review.mistakes-title')}
        </Link>
      </div>

      <section className="review-panel" aria-labelledby="due-title">
        <h2 id="due-title">{t('review.due-title')}</h2>
        <ScopeSelect
          id="due-scope"
          value={scope}
          onChange={(next) => {
            setScope(next);
            setPage(1);
          }}
        />
        {due.isPending ? <Spinner label={t('review.loading')} /> : null}
        {due.isError ? <FormAlert>{t('review.load-failed')}</FormAlert> : null}
        {due.isSuccess ? (
          <div className="review-summary">
            <p className="review-count">{t('review.due-count', { count })}</p>
            <Button
              onClick={() => void start({ source: 'due', mode: 'study', ...scope })}
              loading={starting === 'study'}
              disabled={count === 0}
            >
              {t('review.study-due')}
            </Button>
          </div>
        ) : null}
        {due.isSuccess && count === 0 ? (
          <div className="empty-state">
            <p>{t('review.due-empty')}</p>
            <Link className="btn btn-secondary" to="/modules">
              {t('nav.modules')}
            </Link>
          </div>
        ) : null}
        <ul className="review-list" aria-label={t('review.due-title')}>
          {due.data?.results.map((card) => (
            <QuestionLine
              key={card.question.id}
              id={card.question.id}
              stem={card.question.stem}
              isLeech={card.is_leech}
            >
              <span>{t(`review.state-${card.state}`)}</span>
              <span>{t('review.due-at', { time: time(card.due_at) })}</span>
              {card.question.clinical_case ? <span>{t('review.clinical-case')}</span> : null}
            </QuestionLine>
          ))}
        </ul>
        <Pager page={page} count={count} pageSize={20} onPage={setPage} />
      </section>

      <section className="review-panel" aria-labelledby="forecast-title">
        <h2 id="forecast-title">{t('review.forecast-title')}</h2>
        {forecast.data ? (
          <>
            {forecast.data.overdue > 0 ? (
              <p>{t('review.overdue', { count: forecast.data.overdue })}</p>
            ) : null}
            <Suspense fallback={<Spinner label={t('review.loading')} />}>
              <ForecastChart forecast={forecast.data} />
            </Suspense>
            <details className="review-details">
              <summary>{t('review.table-view')}</summary>
              <ForecastTable forecast={forecast.data} />
            </details>
          </>
        ) : (
          <Spinner label={t('review.loading')} />
        )}
      </section>

      <section className="review-panel" aria-labelledby="leeches-title">
        <h2 id="leeches-title">{t('review.leeches-title')}</h2>
        <p>{t('review.leeches-help')}</p>
        {leeches.data && leeches.data.count === 0 ? <p>{t('review.leeches-empty')}</p> : null}
        <ul className="review-list" aria-label={t('review.leeches-title')}>
          {leeches.data?.results.map((m) => (
            <QuestionLine key={m.question.id} id={m.question.id} stem={m.question.stem} isLeech>
              <span>{t('review.lapses', { count: m.lapses })}</span>
              <LeechActions question={m.question.id} suspended={m.suspended} />
            </QuestionLine>
          ))}
        </ul>
      </section>

      <section className="review-panel" aria-labelledby="review-settings-title">
        <h2 id="review-settings-title">{t('review.settings-title')}</h2>
        <RetentionForm />
        <DailyLimitsForm />
      </section>
    </section>
  );
}
