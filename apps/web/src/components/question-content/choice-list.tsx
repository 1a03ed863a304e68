import type { Question } from '@qbank/contract/questions';
import { useTranslation } from 'react-i18next';
import { CHOICE_LETTERS as LETTERS } from '@qbank/contract/constants';
import { RichText } from './rich-text';
import '../../lib/i18n-learning';

export type ChoiceCorrection = { correct: number[]; explanations: Record<string, string> };

type Props = {
  question: Question;
  /** Choices in display order (shuffled or not). */
  choices: Question['choices'];
  selected: readonly number[];
  onToggle: (choiceId: number) => void;
  correction?: ChoiceCorrection | null;
  disabled?: boolean;
  name: string;
  /** Exam tools: the struck-out choices, and the toggle (a button beside each choice). */
  struck?: readonly number[];
  onStrike?: (choiceId: number) => void;
};

/** Lettered choices: radio buttons for qcs, checkboxes for qcm; marked right or wrong once corrected. */
export function ChoiceList({
  question,
  choices,
  selected,
  onToggle,
  correction,
  disabled,
  name,
  struck = [],
  onStrike,
}: Props) {
  const { t } = useTranslation();
  const single = question.type === 'qcs';
  return (
    <fieldset className="choices">
      <legend className="visually-hidden">
        {single ? t('player.choose-one') : t('player.choose-many')}
      </legend>
      {choices.map((choice, index) => {
        const ticked = selected.includes(choice.id);
        const right = correction ? correction.correct.includes(choice.id) : null;
        const state = correction ? (right ? 'is-right' : ticked ? 'is-wrong' : '') : '';
        const explanation = correction?.explanations[String(choice.id)];
        const isStruck = struck.includes(choice.id);
        const option = (
          <label
            key={choice.id}
            className={[
              'choice-option',
              ticked ? 'is-ticked' : '',
              state,
              isStruck ? 'is-struck' : '',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <input
              type={single ? 'radio' : 'checkbox'}
              name={name}
              checked={ticked}
              disabled={disabled}
              onChange={() => onToggle(choice.id)}
              data-letter={LETTERS[index]}
            />
            <span className="choice-letter" aria-hidden="true">
              {LETTERS[index]}
            </span>
            <span className="choice-text">
              <span className="visually-hidden">{LETTERS[index]}. </span>
              <RichText text={choice.text} />
              {correction ? (
                <span className="choice-verdict">
                  {right ? t('player.right-choice') : ticked ? t('player.wrong-choice') : ''}
                </span>
              ) : null}
              {explanation ? <RichText text={explanation} className="choice-explanation" /> : null}
              {isStruck ? <span className="visually-hidden"> {t('exam-tools.struck')}</span> : null}
            </span>
          </label>
        );
        if (!onStrike) return option;
        return (
          <div key={choice.id} className="choice-row">
            {option}
            <button
              type="button"
              className="strike-button"
              aria-pressed={isStruck}
              title={t('exam-tools.strike', { letter: LETTERS[index] })}
              onClick={() => onStrike(choice.id)}
            >
              {/* The name is the hidden text, not an aria-label the glyph would contradict (axe). */}
              <span aria-hidden="true">S̶</span>
              <span className="visually-hidden">
                {t('exam-tools.strike', { letter: LETTERS[index] })}
              </span>
            </button>
          </div>
        );
      })}
    </fieldset>
  );
}
