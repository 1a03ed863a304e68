import { useTranslation } from 'react-i18next';
import { useQuestionStats } from '../api/get-question-stats';
import '../stats.css';
import '../../../lib/i18n-learning';

const MIN_ANSWERS = 30;

/**
 * What other learners did with this question, shown after answering: share right, median
 * time, the share of each choice, and the difficulty once 30 learners have answered.
 */
export function PeerStats({ questionId, answered }: { questionId: number; answered: boolean }) {
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
        {t('stats.peer-summary', {
          count: s.answers,
          share: Math.round((s.share_right ?? 0) * 100),
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
      <ul className="peer-choices">
        {s.choices.map((c) => (
          <li key={c.id}>
            <span className="peer-letter">{c.letter}</span>
            <span className="peer-bar" aria-hidden="true">
              <span style={{ width: `${Math.round(c.share * 100)}%` }} />
            </span>
            <span className="peer-share">{Math.round(c.share * 100)} %</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
