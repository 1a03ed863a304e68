import { CONFIDENCE_LEVELS, type Confidence } from '@qbank/contract/confidence-values';
import { useTranslation } from 'react-i18next';
import '../exam-tools/exam-tools.css';
import '../../../../lib/i18n-learning';

type Props = {
  value: Confidence | null;
  onChange: (value: Confidence | null) => void;
  disabled?: boolean;
};

/**
 * "How sure are you?" before checking: sure, unsure or guess (optional; sent with the answer).
 * Toggle buttons rather than radios: the player's arrow keys move between questions, so each
 * level is its own Tab stop; pressing the chosen level again clears it.
 */
export function ConfidencePicker({ value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <div className="confidence-picker" role="group" aria-labelledby="confidence-question">
      <span id="confidence-question" className="confidence-question">
        {t('confidence.question')}
      </span>
      {CONFIDENCE_LEVELS.map((level) => (
        <button
          key={level}
          type="button"
          className="btn btn-secondary"
          aria-pressed={value === level}
          disabled={disabled}
          onClick={() => onChange(value === level ? null : level)}
        >
          {t(`confidence.level.${level}`)}
        </button>
      ))}
    </div>
  );
}
