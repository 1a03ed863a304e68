import type { Question } from '@qbank/contract/questions';
import { useTranslation } from 'react-i18next';
import { RichText } from './rich-text';
import { ZoomableImage } from './zoomable-image';
import '../../lib/i18n-learning';

/** The clinical case vignette (when any), then the stem and its images. */
export function QuestionStem({ question }: { question: Question }) {
  const { t } = useTranslation();
  const vignette = question.clinical_case;
  return (
    <div className="question-stem">
      {vignette ? (
        <section className="vignette" aria-label={t('player.clinical-case')}>
          <p className="vignette-label">
            {t('player.clinical-case')}
            {question.case_order
              ? ` · ${t('player.case-question', { n: question.case_order })}`
              : ''}
          </p>
          <RichText text={vignette.vignette} />
          {vignette.images.length > 0 ? (
            <div className="image-row">
              {vignette.images.map((src) => (
                <ZoomableImage key={src} src={src} alt={t('player.case-image')} />
              ))}
            </div>
          ) : null}
        </section>
      ) : null}
      <RichText text={question.stem} className="stem" />
      {question.images.length > 0 ? (
        <div className="image-row">
          {question.images.map((src) => (
            <ZoomableImage key={src} src={src} alt={t('player.question-image')} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
