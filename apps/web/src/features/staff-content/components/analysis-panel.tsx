import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useAnalysis } from '../api/get-analysis';
import { NS } from '../i18n';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

const percent = (n: number | null) => (n === null ? '–' : `${Math.round(n * 100)} %`);

/** Item analysis of one question (lazy: Chart.js loads only here). */
export default function AnalysisPanel({ questionId }: { questionId: number }) {
  const { t } = useTranslation(NS);
  const analysis = useAnalysis(questionId, true);
  if (analysis.isPending) return <Spinner label={t('loading')} />;
  if (!analysis.data) return null;
  const a = analysis.data;
  const styles = getComputedStyle(document.documentElement);
  const text = styles.getPropertyValue('--text').trim() || '#132224';
  const accent = styles.getPropertyValue('--accent').trim() || '#218687';
  const muted = styles.getPropertyValue('--border').trim() || '#c9d6d6';
  return (
    <div className="analysis">
      <dl className="analysis-figures">
        <div>
          <dt>{t('analysis.answers')}</dt>
          <dd>{a.answers}</dd>
        </div>
        <div>
          <dt>{t('analysis.facility')}</dt>
          <dd>{percent(a.facility)}</dd>
        </div>
        <div>
          <dt>{t('analysis.discrimination')}</dt>
          <dd>{a.discrimination ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('analysis.point-biserial')}</dt>
          <dd>{a.point_biserial ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('analysis.median-time')}</dt>
          <dd>{a.median_time_ms === null ? '–' : `${(a.median_time_ms / 1000).toFixed(1)} s`}</dd>
        </div>
      </dl>
      {a.flags.length ? (
        <div className="alert alert-info" role="status">
          <strong>{t('analysis.check')}</strong> {a.flags.map((f) => t(`flags.${f}`)).join(', ')}
        </div>
      ) : null}
      <h2>{t('analysis.picks')}</h2>
      <div className="chart-box">
        <Bar
          aria-label={t('analysis.picks')}
          role="img"
          data={{
            labels: a.choices.map((c) => `${c.letter}${c.is_correct ? ' ✔' : ''}`),
            datasets: [
              {
                label: t('analysis.picked'),
                data: a.choices.map((c) => c.picked),
                backgroundColor: a.choices.map((c) => (c.is_correct ? accent : muted)),
              },
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            scales: {
              x: { ticks: { color: text } },
              y: { beginAtZero: true, ticks: { color: text, precision: 0 } },
            },
          }}
        />
      </div>
      <table className="picks-table">
        <caption className="visually-hidden">{t('analysis.picks')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('analysis.choice')}</th>
            <th scope="col">{t('analysis.picked')}</th>
            <th scope="col">{t('analysis.share')}</th>
          </tr>
        </thead>
        <tbody>
          {a.choices.map((c) => (
            <tr key={c.id}>
              <td>
                {c.letter}
                {c.is_correct ? ` (${t('editor.correct')})` : ''}
              </td>
              <td className="num">{c.picked}</td>
              <td className="num">{percent(c.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
