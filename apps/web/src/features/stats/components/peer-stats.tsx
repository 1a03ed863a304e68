import { PEER_STATS_MIN_LEARNERS } from '@qbank/contract/constants';
import { useTranslation } from 'react-i18next';
import { useQuestionStats } from '../api/get-question-stats';
import { ChoiceShares } from './choice-shares';
import '../stats.css';
import '../../../lib/i18n-learning';

const MIN_ANSWERS = 30;

type Props = {
  questionId: number;
  answered: boolean;
  /** The choices in the order the learner saw them (a random order): the shares follow it. */
  shown: { id: number }[];
};

/**
 * What other learners (never the learner) did with this question, shown after answering: share
 * right, median time, the share of each choice under the letters the learner saw, and the
 * difficulty once 30 learners have answered.
 */
export function PeerStats({ questionId, answered, shown }: Props) {
  const { t } = useTranslation();
  const stats = useQuestionStats(questionId, answered);
  const s = stats.data;
  if (!answered || !s) return null;
  if (s.answers === 0) {
    return (
      <p className="peer-stats peer-stats-empty" data-testid="peer-stats">
        {t('stats.peer-first')}
      </p>
    );
  }
  return (
    <section className="peer-stats" aria-label={t('stats.peer-title')} data-testid="peer-stats">
      <h3>{t('stats.peer-title')}</h3>
      <p>
        {s.share_right === null
          ? t('stats.others-too-few', { count: PEER_STATS_MIN_LEARNERS })
          : t('stats.peer-summary', {
              count: s.answers,
              share: Math.round(s.share_right * 100),
              seconds: s.median_time_ms === null ? '–' : Math.round(s.median_time_ms / 1000),
            })}{' '}
        {s.difficulty === null ? (
          <span className="difficulty-badge difficulty-unknown">
            {t('stats.difficulty-pending', { count: MIN_ANSWERS })}
          </span>
        ) : (
          <span className={`difficulty-badge difficulty-${s.difficulty}`} data-testid="difficulty">
            {t('stats.difficulty', { level: s.difficulty })}
          </span>
        )}
      </p>
      {s.choices.length ? <ChoiceShares shares={s.choices} shown={shown} /> : null}
    </section>
  );
}
