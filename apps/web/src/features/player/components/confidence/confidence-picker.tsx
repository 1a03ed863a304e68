import { CONFIDENCE_LEVELS, type Confidence } from '@qbank/contract/confidence-values';
import { useTranslation } from 'react-i18next';
import '../exam-tools/exam-tools.css';

type Props = {
  value: Confidence | null;
  onChange: (value: Confidence | null) => void;
  name: string;
  disabled?: boolean;
};

/** "How sure are you?" before checking: sure, unsure or guess (optional; sent with the answer). */
export function ConfidencePicker({ value, onChange, name, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="confidence-picker" disabled={disabled}>
      <legend>{t('confidence.question')}</legend>
      {CONFIDENCE_LEVELS.map((level) => (
        <label key={level}>
          <input
            type="radio"
            name={name}
            value={level}
            checked={value === level}
            onChange={() => onChange(level)}
            // A second click on the chosen level clears it: the confidence stays optional.
            onClick={() => {
              if (value === level) onChange(null);
            }}
          />
          {t(`confidence.level.${level}`)}
        </label>
      ))}
    </fieldset>
  );
}
