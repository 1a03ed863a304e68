import type { WhatNextItem } from '@qbank/contract/stats';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useWhatNext } from '../api/get-what-next';
import '../../../lib/i18n-learning';

const pct = (n: number) => Math.round(n * 100);

/** The reason of a rank, in words: the three factors it multiplies. */
function Reason({ item }: { item: WhatNextItem }) {
  const { t } = useTranslation();
  const parts = [
    item.answered
      ? // The learner's real share: `weakness` is smoothed for the ranking ((right+1)/(n+2)).
        t('stats.reason-right', { share: pct(item.right / item.answered), answered: item.answered })
      : t('stats.reason-untouched'),
    t('stats.reason-unanswered', { share: pct(item.share_unanswered), total: item.total }),
    item.exams_total
      ? t('stats.reason-exams', { count: item.exams_with_course, total: item.exams_total })
      : t('stats.reason-no-exams'),
  ];
  return <p className="what-next-reason">{parts.join(' · ')}</p>;
}

/** "What next": the caller's courses ranked by weakness × share unanswered × exam relevance. */
export function WhatNext() {
  const { t } = useTranslation();
  const next = useWhatNext();
  return (
    <section className="stats-card what-next" aria-labelledby="stats-what-next">
      <h2 id="stats-what-next">{t('stats.what-next')}</h2>
      <p className="field-hint">{t('stats.what-next-hint')}</p>
      {next.isPending ? <Spinner label={t('stats.loading')} /> : null}
      {next.data && next.data.results.length === 0 ? (
        <p className="empty-state">{t('stats.what-next-empty')}</p>
      ) : null}
      <ol className="what-next-list">
        {next.data?.results.map((item) => (
          <li key={item.course} data-testid="what-next-item">
            <div className="what-next-head">
              <Link to={`/courses/${item.course}/study`}>{item.name}</Link>
              <span className="what-next-module">{item.module_name}</span>
            </div>
            <Reason item={item} />
          </li>
        ))}
      </ol>
    </section>
  );
}
