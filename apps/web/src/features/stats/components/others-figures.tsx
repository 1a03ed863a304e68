import { PEER_STATS_MIN_LEARNERS } from '@qbank/contract/constants';
import type { OthersStats } from '@qbank/contract/stats';
import { useTranslation } from 'react-i18next';
import { ChoiceShares } from './choice-shares';
import '../stats.css';
import '../../../lib/i18n-learning';

/** m:ss */
export function clockTime(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

type Props = {
  /** undefined while loading, or when the figures are not there (an answer not saved). */
  stats: OthersStats | undefined;
  /** The choices in the order the learner saw them: the letters match the question's. */
  shown: { id: number }[];
  yourTimeMs: number;
};

/**
 * After an exam, per question: the learner's time beside the median time of other learners, and
 * the share of other learners who picked each choice, under the letters the learner saw.
 */
export function OthersFigures({ stats, shown, yourTimeMs }: Props) {
  const { t } = useTranslation();
  const published = stats !== undefined && stats.share_right !== null;
  return (
    <section className="peer-stats" aria-label={t('stats.others-title')} data-testid="others">
      <h3>{t('stats.others-title')}</h3>
      <p data-testid="others-time">
        {published && stats.median_time_ms !== null
          ? t('stats.others-time', {
              yours: clockTime(yourTimeMs),
              median: clockTime(stats.median_time_ms),
            })
          : t('stats.your-time', { yours: clockTime(yourTimeMs) })}
      </p>
      {published ? (
        <>
          <p>
            {t('stats.others-right', {
              count: stats.others,
              share: Math.round((stats.share_right ?? 0) * 100),
            })}
          </p>
          <ChoiceShares shares={stats.choices} shown={shown} />
        </>
      ) : stats !== undefined ? (
        <p className="peer-stats-empty">
          {t('stats.others-too-few', { count: PEER_STATS_MIN_LEARNERS })}
        </p>
      ) : null}
    </section>
  );
}
