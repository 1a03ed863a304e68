import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
} from 'chart.js';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n-learning';

// The back office's pattern (item analysis): register only the pieces used; Chart.js loads
// with the dashboard's chunk alone.
ChartJS.register(
  BarElement,
  CategoryScale,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);

/** Theme colours read from the page, so charts follow light and dark modes. */
export function chartColors() {
  const styles = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--text', '#132224'),
    accent: read('--accent', '#218687'),
    muted: read('--border', '#c9d6d6'),
    grid: read('--border', '#c9d6d6'),
  };
}

export const baseOptions = () => {
  const c = chartColors();
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: { legend: { labels: { color: c.text } } },
    scales: {
      x: { ticks: { color: c.text, maxRotation: 0, autoSkip: true }, grid: { color: c.grid } },
      y: { beginAtZero: true, ticks: { color: c.text }, grid: { color: c.grid } },
    },
  };
};

/**
 * Bars along the value axis, one per category (courses, modules): names on the left, shortened
 * (the table view has them whole), no legend. `value` adds to the value axis (a maximum, a step).
 */
export const horizontalBarOptions = (value: { max?: number; precision?: number } = {}) => {
  const base = baseOptions();
  return {
    ...base,
    indexAxis: 'y' as const,
    plugins: { legend: { display: false } },
    scales: {
      x: {
        ...base.scales.y,
        max: value.max,
        ticks: { ...base.scales.y.ticks, precision: value.precision },
      },
      y: {
        ...base.scales.x,
        ticks: { ...base.scales.x.ticks, autoSkip: false, callback: shortLabel },
      },
    },
  };
};

type Props = {
  id: string;
  title: string;
  /** A one-line summary for screen readers: also give it to the chart as its aria-label. */
  summary: string;
  chart: ReactNode;
  table: ReactNode;
};

/** Long category names shortened on the axis (the table view has them whole). */
export function shortLabel(this: { getLabelForValue: (v: number) => string }, value: unknown) {
  const label = this.getLabelForValue(Number(value));
  return label.length > 18 ? `${label.slice(0, 17)}…` : label;
}

/** A chart with its table view: the canvas is an image with a summary, the table the data. */
export function ChartBlock({ id, title, summary, chart, table }: Props) {
  const { t } = useTranslation();
  return (
    <section className="stats-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {/* The chart's canvas is an image labelled with the summary (aria-label on the chart). */}
      <div className="stats-chart" data-summary={summary}>
        {chart}
      </div>
      <details className="stats-table">
        <summary>{t('stats.table-view')}</summary>
        <div className="stats-table-scroll">{table}</div>
      </details>
    </section>
  );
}
