import type { PaperResult, Standing } from '@qbank/contract/papers';
import { useQuery } from '@tanstack/react-query';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { QuestionStem, RichText } from '../../../components/question-content';
import { ApiError } from '../../../lib/api-client';
import { useSettings } from '../../../lib/settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { resultQueryOptions } from '../api/papers';
import '../../../lib/i18n-learning';
import '../i18n';
import '../papers.css';

// Only the pieces the distribution uses: Chart.js travels with this screen's chunk alone.
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** Theme colours read from the page, so the chart follows light and dark modes. */
function colors() {
  const styles = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--text', '#132224'),
    accent: read('--accent', '#218687'),
    muted: read('--border', '#c9d6d6'),
  };
}

const percent = (share: number) => Math.round(share * 1000) / 10;

/** A submitted sitting beside every taker's first attempt at the same paper. */
export default function PaperResultPage() {
  const { t } = useTranslation('papers');
  const id = Number(useParams().attemptId);
  const result = useQuery({ ...resultQueryOptions(id), enabled: Number.isInteger(id) });
  useDocumentTitle(result.data ? t('result-title', { name: result.data.paper.name }) : t('title'));
  if (result.isPending) return <Spinner label={t('result-loading')} />;
  if (result.isError || !result.data) {
    // A mock exam's result before its publication time says when it comes.
    const why = result.error instanceof ApiError ? result.error.messages.join(' ') : '';
    return (
      <section className="page">
        <FormAlert>{why || t('load-failed')}</FormAlert>
        <Link to="/papers">{t('back')}</Link>
      </section>
    );
  }
  const r = result.data;
  return (
    <section className="page" aria-labelledby="paper-result-title">
      <div className="page-head">
        <h1 id="paper-result-title">{t('result-title', { name: r.paper.name })}</h1>
        <Link className="btn btn-secondary" to="/papers">
          {t('back')}
        </Link>
      </div>
      {r.is_ranked ? null : <p className="alert alert-info">{t('practice-note')}</p>}
      <Figures standing={r.overall} />
      <Distribution result={r} />
      <GroupTable title={t('by-module')} rows={r.modules} />
      <GroupTable title={t('by-course')} rows={r.courses} />
      <Review result={r} />
    </section>
  );
}

function Figures({ standing }: { standing: Standing }) {
  const { t } = useTranslation('papers');
  return (
    <div className="paper-standings" data-testid="paper-standing">
      <div className="paper-figure">
        {t('score')}
        <strong data-testid="paper-score">
          {standing.score} / {standing.max_score}
        </strong>
      </div>
      {standing.rank !== null ? (
        <div className="paper-figure">
          {t('rank')}
          <strong data-testid="paper-rank">
            {t('rank-of', { rank: standing.rank, takers: standing.takers })}
          </strong>
        </div>
      ) : null}
      {standing.percentile !== null ? (
        <div className="paper-figure">
          {t('percentile')}
          <strong data-testid="paper-percentile">
            {t('percentile-value', { percentile: standing.percentile })}
          </strong>
        </div>
      ) : null}
      {standing.mean !== null ? (
        <div className="paper-figure">
          {t('mean')}
          <strong>
            {standing.mean} / {standing.max_score}
          </strong>
        </div>
      ) : null}
    </div>
  );
}

/** The ranked scores in tenths of the maximum; the learner's own band in the accent colour. */
function Distribution({ result }: { result: PaperResult }) {
  const { t } = useTranslation('papers');
  // Colours are read when the chart is drawn: a theme switch draws it again.
  const { displayMode } = useSettings();
  const c = colors();
  const { overall, distribution } = result;
  const share = overall.max_score ? (100 * overall.score) / overall.max_score : 0;
  const mine = Math.min(distribution.length - 1, Math.floor(share / 10 + 1e-9));
  const band = distribution[mine];
  const summary = t('distribution-summary', {
    takers: overall.takers,
    from: band?.from ?? 0,
    to: band?.to ?? 100,
  });
  const labels = distribution.map((b) => t('band', { from: b.from, to: b.to }));
  return (
    <section className="paper-figure" aria-labelledby="paper-distribution-title">
      <h2 id="paper-distribution-title">{t('distribution')}</h2>
      <p>{summary}</p>
      <div className="paper-chart">
        <Bar
          key={displayMode}
          aria-label={summary}
          role="img"
          data={{
            labels,
            datasets: [
              {
                label: t('distribution-label'),
                data: distribution.map((b) => b.count),
                backgroundColor: distribution.map((_, k) => (k === mine ? c.accent : c.muted)),
              },
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: { legend: { display: false } },
            scales: {
              x: { ticks: { color: c.text, maxRotation: 0, autoSkip: true } },
              y: { beginAtZero: true, ticks: { color: c.text, precision: 0 } },
            },
          }}
        />
      </div>
      <details>
        <summary>{t('table-view')}</summary>
        <table className="paper-table">
          <tbody>
            {distribution.map((b, k) => (
              <tr key={b.from}>
                <th scope="row">{labels[k]}</th>
                <td>{b.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function GroupTable({
  title,
  rows,
}: {
  title: string;
  rows: (Standing & { id: number; name: string })[];
}) {
  const { t } = useTranslation('papers');
  if (!rows.length) return null;
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
      <div className="paper-table-scroll" tabIndex={0} role="region" aria-label={title}>
        <table className="paper-table">
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('score')}</th>
              <th scope="col">{t('rank')}</th>
              <th scope="col">{t('percentile')}</th>
              <th scope="col">{t('mean')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((g) => (
              <tr key={g.id}>
                <th scope="row">{g.name}</th>
                <td>
                  {g.score} / {g.max_score}
                </td>
                <td>{g.rank === null ? '—' : t('rank-of', { rank: g.rank, takers: g.takers })}</td>
                <td>{g.percentile === null ? '—' : `${g.percentile} %`}</td>
                <td>{g.mean ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Every question with the learner's answer, the key and the share of takers per choice. */
function Review({ result }: { result: PaperResult }) {
  const { t } = useTranslation('papers');
  return (
    <section aria-labelledby="paper-review-title">
      <h2 id="paper-review-title">{t('review')}</h2>
      {result.review.map((item, k) => {
        const shares = new Map(item.choice_shares.map((s) => [s.choice, s.share]));
        return (
          <article
            key={item.question.id}
            className="question-card"
            data-question-id={item.question.id}
            aria-label={t('position', { position: k + 1, total: result.review.length })}
          >
            <p>
              {t('position', { position: k + 1, total: result.review.length })} ·{' '}
              {t('question-score', { score: item.correction.score })}
            </p>
            <QuestionStem question={item.question} />
            <ul className="paper-review-choices">
              {item.question.choices.map((choice) => {
                const correct = item.correction.correct_choices.includes(choice.id);
                const ticked = item.choices.includes(choice.id);
                return (
                  <li
                    key={choice.id}
                    className={[correct ? 'is-correct' : '', ticked ? 'is-ticked' : '']
                      .filter(Boolean)
                      .join(' ')}
                  >
                    <span className="paper-review-choice">
                      <strong>{choice.label}</strong>
                      <RichText text={choice.text} />
                      {correct ? <em>{t('correct-answer')}</em> : null}
                      {ticked ? <em>{t('your-answer')}</em> : null}
                    </span>
                    <span className="paper-share">
                      {t('share-of-takers', { share: percent(shares.get(choice.id) ?? 0) })}
                    </span>
                  </li>
                );
              })}
            </ul>
            {item.correction.explanation ? <RichText text={item.correction.explanation} /> : null}
          </article>
        );
      })}
    </section>
  );
}
