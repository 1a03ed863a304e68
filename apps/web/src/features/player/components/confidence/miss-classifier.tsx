import { MISS_CLASSES, type MissClass } from '@qbank/contract/confidence-values';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useClassifyMiss } from '../../api/classify-miss';
import '../exam-tools/exam-tools.css';
import '../../../../lib/i18n-learning';

/** After a miss: why (knowledge, misread, reasoning, timing); a second click clears the class. */
export function MissClassifier({
  history,
  initial = null,
}: {
  history: number;
  initial?: MissClass | null;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<MissClass | null>(initial);
  const classify = useClassifyMiss();
  function choose(missClass: MissClass) {
    const next = chosen === missClass ? null : missClass;
    classify.mutate(
      { history, missClass: next },
      {
        onSuccess: (saved) => setChosen(saved.miss_class),
        onError: (error) =>
          notify(
            'error',
            error instanceof ApiError ? error.message : t('confidence.classify-failed'),
          ),
      },
    );
  }
  return (
    <div className="miss-classifier" role="group" aria-label={t('confidence.why-missed')}>
      <span>{t('confidence.why-missed')}</span>
      {MISS_CLASSES.map((missClass) => (
        <Button
          key={missClass}
          variant="secondary"
          aria-pressed={chosen === missClass}
          loading={classify.isPending && classify.variables?.missClass === missClass}
          onClick={() => choose(missClass)}
        >
          {t(`confidence.miss.${missClass}`)}
        </Button>
      ))}
    </div>
  );
}
