import { useTranslation } from 'react-i18next';
import { useDifficulties } from '../api/get-difficulties';
import '../stats.css';
import '../../../lib/i18n-learning';

/**
 * The peer difficulty of one question of a list (fetched for the whole page at once, so moving
 * within the page reads the cache). Nothing until 30 learners have answered.
 */
export function DifficultyBadge({
  pageIds,
  questionId,
}: {
  pageIds: number[];
  questionId: number;
}) {
  const { t } = useTranslation();
  const found = useDifficulties(pageIds).data?.find((d) => d.question === questionId);
  if (!found || found.difficulty === null) return null;
  return (
    <span className={`difficulty-badge difficulty-${found.difficulty}`} data-testid="difficulty">
      {t('stats.difficulty', { level: found.difficulty })}
    </span>
  );
}

/** A one-choice difficulty filter for a question list ('' : any). */
export function DifficultySelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (next: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field difficulty-select">
      <label htmlFor="difficulty-select">{t('stats.difficulty-filter')}</label>
      <select id="difficulty-select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('stats.difficulty-any')}</option>
        {[1, 2, 3, 4, 5].map((level) => (
          <option key={level} value={String(level)}>
            {t('stats.difficulty-name', { level, name: t(`stats.level-${level}`) })}
          </option>
        ))}
      </select>
    </div>
  );
}
