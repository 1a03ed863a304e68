import { CHOICE_LETTERS as LETTERS } from '@qbank/contract/constants';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../components/question-content';
import { NS } from '../i18n';
import type { QuestionFormValues } from './question-form';

/** What the learner will see, rendered by the player's own Markdown + KaTeX renderer. */
export function QuestionPreview({ values }: { values: QuestionFormValues }) {
  const { t } = useTranslation(NS);
  return (
    <aside className="question-preview" aria-label={t('editor.preview')}>
      <h2>{t('editor.preview')}</h2>
      <div className="preview-body" data-testid="preview">
        <RichText text={values.stem || t('editor.preview-empty')} className="stem" />
        <ol className="preview-choices">
          {(values.choices ?? []).map((c, i) => (
            <li key={i} className={c.is_correct ? 'is-correct' : undefined}>
              <span className="choice-letter">{LETTERS[i]}</span>
              <div>
                <RichText text={c.text || '…'} />
                {c.explanation ? <RichText text={c.explanation} className="choice-note" /> : null}
              </div>
              {c.is_correct ? <span className="visually-hidden">{t('editor.correct')}</span> : null}
            </li>
          ))}
        </ol>
        {values.explanation ? (
          <section>
            <h3>{t('fields.explanation')}</h3>
            <RichText text={values.explanation} />
          </section>
        ) : null}
        {values.key_point ? (
          <p className="key-point">
            <strong>{t('fields.key_point')}:</strong> {values.key_point}
          </p>
        ) : null}
      </div>
    </aside>
  );
}
