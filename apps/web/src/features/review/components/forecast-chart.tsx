import type { Forecast } from '@qbank/contract/review';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { shortDate } from './forecast-table';
import '../../../lib/i18n-learning';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** The next 30 days' reviews as bars (lazy: Chart.js loads only with this chart). */
export default function ForecastChart({ forecast }: { forecast: Forecast }) {
  const { t } = useTranslation();
  const styles = getComputedStyle(document.documentElement);
  const text = styles.getPropertyValue('--text').trim() || '#132224';
  const accent = styles.getPropertyValue('--accent').trim() || '#218687';
  const total = forecast.days.reduce((sum, d) => sum + d.count, 0);
  return (
    <div className="chart-box review-chart">
      <Bar
        role="img"
        aria-label={t('review.forecast-summary', { count: total })}
        data={{
          labels: forecast.days.map((d) => shortDate(d.date)),
          datasets: [
            {
              label: t('review.forecast-reviews'),
              data: forecast.days.map((d) => d.count),
              backgroundColor: accent,
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: { ticks: { color: text, maxRotation: 0, autoSkipPadding: 8 } },
            y: { beginAtZero: true, ticks: { color: text, precision: 0 } },
          },
        }}
      />
    </div>
  );
}
