import { useTranslation } from 'react-i18next';
import '../../../lib/i18n-learning';

export const DIFFICULTY_LEVELS = [1, 2, 3, 4, 5] as const;

/** Checkboxes of difficulties 1–5 (none ticked: any question, even without a difficulty yet). */
export function DifficultyFilter({
  value,
  onChange,
  counts,
}: {
  value: number[];
  onChange: (next: number[]) => void;
  /** Questions each level would leave (the exam builder's live counts); absent: not shown. */
  counts?: ReadonlyMap<number, number>;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="exam-fieldset difficulty-filter">
      <legend>{t('stats.difficulty-filter')}</legend>
      <p className="field-hint">{t('stats.difficulty-filter-hint')}</p>
      <div className="check-grid">
        {DIFFICULTY_LEVELS.map((level) => (
          <label key={level} className="inline-check">
            <input
              type="checkbox"
              checked={value.includes(level)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...value, level].sort() : value.filter((x) => x !== level),
                )
              }
            />
            {t('stats.difficulty-name', { level, name: t(`stats.level-${level}`) })}
            {counts ? <span className="facet-count">({counts.get(level) ?? 0})</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
