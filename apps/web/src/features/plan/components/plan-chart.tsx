import type { StudyPlan } from '@qbank/contract/study-plan';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { shortDate } from './plan-days-table';
import '../i18n';

ChartJS.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** New questions and reviews due per day until the exam, stacked (lazy: Chart.js with it). */
export default function PlanChart({ plan }: { plan: StudyPlan }) {
  const { t } = useTranslation('plan');
  const styles = getComputedStyle(document.documentElement);
  const text = styles.getPropertyValue('--text').trim() || '#132224';
  const accent = styles.getPropertyValue('--accent').trim() || '#218687';
  const muted = styles.getPropertyValue('--text-muted').trim() || '#8a6d1f';
  const sum = (key: 'new' | 'reviews') => plan.days.reduce((s, d) => s + d[key], 0);
  return (
    <div className="chart-box plan-chart">
      <Bar
        role="img"
        aria-label={t('chart-summary', { new: sum('new'), reviews: sum('reviews') })}
        data={{
          labels: plan.days.map((d) => shortDate(d.date)),
          datasets: [
            { label: t('series-new'), data: plan.days.map((d) => d.new), backgroundColor: accent },
            {
              label: t('series-reviews'),
              data: plan.days.map((d) => d.reviews),
              backgroundColor: muted,
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { labels: { color: text } } },
          scales: {
            x: { stacked: true, ticks: { color: text, maxRotation: 0, autoSkipPadding: 8 } },
            y: { stacked: true, beginAtZero: true, ticks: { color: text, precision: 0 } },
          },
        }}
      />
    </div>
  );
}
