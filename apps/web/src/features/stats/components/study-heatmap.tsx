import type { Dashboard } from '@qbank/contract/stats';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { heatmapWeeks, level } from '../lib/series';
import '../../../lib/i18n-learning';

/** Days studied over the last year (a grid of weeks) with the streak; a table of the days. */
export function StudyHeatmap({
  dashboard,
  timeZone,
}: {
  dashboard: Dashboard;
  /** Where the learner's days start (their stored IANA zone). */
  timeZone?: string;
}) {
  const { t } = useTranslation();
  const weeks = heatmapWeeks(dashboard.days, dashboard.today);
  const { current, longest } = dashboard.streak;
  // Today is the last column: the grid opens scrolled to it (issue 33), on a phone as on a desktop.
  const grid = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = grid.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [weeks.length]);
  return (
    <section className="stats-card" aria-labelledby="stats-heatmap">
      <h2 id="stats-heatmap">{t('stats.days-studied')}</h2>
      <p className="stats-streak" data-testid="stats-streak">
        {t('stats.streak', { count: current })} · {t('stats.longest-streak', { count: longest })}
      </p>
      {timeZone ? (
        <p className="stats-time-zone">{t('stats.days-start', { zone: timeZone })}</p>
      ) : null}
      <div
        ref={grid}
        className="heatmap"
        role="img"
        aria-label={t('stats.heatmap-summary', { count: dashboard.days.length })}
      >
        {weeks.map((week) => (
          <div className="heatmap-week" key={week[0]!.date}>
            {week.map((day) => (
              <span
                key={day.date}
                className={`heatmap-day level-${day.future ? 'none' : level(day.answers)}`}
                title={t('stats.day-answers', { date: day.date, count: day.answers })}
              />
            ))}
          </div>
        ))}
      </div>
      <details className="stats-table">
        <summary>{t('stats.table-view')}</summary>
        <div className="stats-table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('stats.day')}</th>
                <th scope="col">{t('stats.answers')}</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.days.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  <td className="num">{d.answers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
