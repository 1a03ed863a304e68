import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useReviewSettings } from '../../../lib/review-settings';
import { useSettings } from '../../../lib/settings';
import { TodayPlan } from '../../plan';
import { useDashboard } from '../api/get-dashboard';
import { useWhatNext } from '../api/get-what-next';
import { secondsPer, shareRight } from '../lib/series';
import { GroupChart } from './group-chart';
import { RelevancePanel } from './relevance-panel';
import { StudyHeatmap } from './study-heatmap';
import { TrendCharts } from './trend-charts';
import { WhatNext } from './what-next';
import '../stats.css';
import '../../../lib/i18n-learning';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="stats-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** The learner's dashboard (issue 13): counted answers summed, charts with their tables. */
export default function DashboardPage() {
  const { t } = useTranslation();
  // Charts read the theme's colours when they render: a theme change renders them again.
  const theme = useSettings().displayMode;
  const dashboard = useDashboard();
  // The app frame detects the zone (lib/time-zone); here it only says where the days start.
  const timeZone = useReviewSettings().data?.time_zone;
  const d = dashboard.data;
  // The relevance chart opens on a module with past exams, not on an empty chart (issue 33).
  const examModule = useWhatNext().data?.results.find((r) => r.exams_total > 0)?.module;
  const empty = d && d.totals.answers === 0;
  return (
    <section className="page stats-page" aria-labelledby="stats-title" key={theme}>
      <div className="page-head">
        <h1 id="stats-title">{t('stats.title')}</h1>
      </div>
      <p>{t('stats.intro')}</p>
      <TodayPlan />
      {dashboard.isPending ? <Spinner label={t('stats.loading')} /> : null}
      {dashboard.isError ? (
        <FormAlert>
          {t('stats.load-failed')}{' '}
          <Button variant="link" onClick={() => void dashboard.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : null}
      {d ? (
        <>
          <dl className="stats-figures">
            <Figure
              label={t('stats.answers')}
              value={String(d.totals.answers)}
              testId="stats-answers"
            />
            <Figure
              label={t('stats.share-right')}
              value={d.totals.answers ? `${shareRight(d.totals.correct, d.totals.answers)} %` : '–'}
              testId="stats-share"
            />
            <Figure label={t('stats.questions')} value={String(d.totals.questions)} />
            <Figure
              label={t('stats.seconds-per-question')}
              value={d.totals.answers ? `${secondsPer(d.totals.time_ms, d.totals.answers)} s` : '–'}
            />
            <Figure
              label={t('stats.current-streak')}
              value={t('stats.days', { count: d.streak.current })}
            />
            <Figure
              label={t('stats.percentile')}
              value={
                d.percentile.overall === null
                  ? t('stats.percentile-unknown')
                  : t('stats.percentile-value', { value: Math.round(d.percentile.overall) })
              }
              testId="stats-percentile"
            />
          </dl>
          {empty ? (
            <div className="empty-state">
              <h2>{t('stats.empty-title')}</h2>
              <p>{t('stats.empty-text')}</p>
              <Link to="/modules">{t('stats.empty-link')}</Link>
            </div>
          ) : null}
          <WhatNext />
          {!empty ? (
            <div className="stats-grid">
              <TrendCharts days={d.days} today={d.today} />
              <GroupChart dashboard={d} />
              <StudyHeatmap dashboard={d} timeZone={timeZone} />
            </div>
          ) : null}
          {d.percentile.courses.length ? (
            <section className="stats-card" aria-labelledby="stats-percentiles">
              <h2 id="stats-percentiles">{t('stats.percentile-by-course')}</h2>
              <p className="field-hint">{t('stats.percentile-hint')}</p>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('stats.by-course')}</th>
                    <th scope="col">{t('stats.percentile')}</th>
                    <th scope="col">{t('stats.peers')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.percentile.courses.map((c) => (
                    <tr key={c.course}>
                      <th scope="row">{c.name}</th>
                      <td className="num">{Math.round(c.percentile)}</td>
                      <td className="num">{c.peers}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          <RelevancePanel initialModule={examModule ?? d.by_module[0]?.id ?? null} />
        </>
      ) : null}
    </section>
  );
}
