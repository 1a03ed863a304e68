import type { DashboardDay } from '@qbank/contract/stats';
import { Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { secondsPer, shareRight, weeklySeries } from '../lib/series';
import { baseOptions, chartColors, ChartBlock } from './chart-block';
import '../../../lib/i18n-learning';

const label = (start: string) => start.slice(5);

/** Answers and share right per week, and seconds per question per week (last 26 weeks). */
export function TrendCharts({ days, today }: { days: DashboardDay[]; today: string }) {
  const { t } = useTranslation();
  const weeks = weeklySeries(days, today);
  const c = chartColors();
  const base = baseOptions();
  const active = weeks.filter((w) => w.answers > 0);
  const last = active[active.length - 1];
  const trendSummary = last
    ? t('stats.trend-summary', {
        weeks: active.length,
        share: shareRight(last.correct, last.answers),
      })
    : t('stats.no-data');
  const timeSummary = last
    ? t('stats.time-summary', { seconds: secondsPer(last.time_ms, last.answers) })
    : t('stats.no-data');
  const table = (
    <table>
      <thead>
        <tr>
          <th scope="col">{t('stats.week-of')}</th>
          <th scope="col">{t('stats.answers')}</th>
          <th scope="col">{t('stats.share-right')}</th>
          <th scope="col">{t('stats.seconds-per-question')}</th>
        </tr>
      </thead>
      <tbody>
        {active.map((w) => (
          <tr key={w.start}>
            <th scope="row">{w.start}</th>
            <td className="num">{w.answers}</td>
            <td className="num">{shareRight(w.correct, w.answers)} %</td>
            <td className="num">{secondsPer(w.time_ms, w.answers)} s</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <>
      <ChartBlock
        id="stats-trend"
        title={t('stats.trend')}
        summary={trendSummary}
        chart={
          <Line
            aria-label={trendSummary}
            data={{
              labels: weeks.map((w) => label(w.start)),
              datasets: [
                {
                  label: t('stats.share-right-percent'),
                  data: weeks.map((w) => shareRight(w.correct, w.answers)),
                  borderColor: c.accent,
                  backgroundColor: c.accent,
                  spanGaps: true,
                  yAxisID: 'y',
                },
                {
                  label: t('stats.answers'),
                  data: weeks.map((w) => w.answers),
                  borderColor: c.muted,
                  backgroundColor: c.muted,
                  borderDash: [4, 4],
                  yAxisID: 'y1',
                },
              ],
            }}
            options={{
              ...base,
              scales: {
                x: base.scales.x,
                y: { ...base.scales.y, max: 100 },
                y1: {
                  ...base.scales.y,
                  position: 'right' as const,
                  grid: { drawOnChartArea: false },
                },
              },
            }}
          />
        }
        table={table}
      />
      <ChartBlock
        id="stats-time"
        title={t('stats.time-per-question')}
        summary={timeSummary}
        chart={
          <Line
            aria-label={timeSummary}
            data={{
              labels: weeks.map((w) => label(w.start)),
              datasets: [
                {
                  label: t('stats.seconds-per-question'),
                  data: weeks.map((w) => secondsPer(w.time_ms, w.answers)),
                  borderColor: c.accent,
                  backgroundColor: c.accent,
                  spanGaps: true,
                },
              ],
            }}
            options={base}
          />
        }
        table={table}
      />
    </>
  );
}
