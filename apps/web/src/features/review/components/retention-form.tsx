import { DESIRED_RETENTION_MAX, DESIRED_RETENTION_MIN } from '@qbank/contract/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useReviewSettings, useUpdateReviewSettings } from '../../../lib/review-settings';
import '../../../lib/i18n-learning';

/** Desired retention, 0.70–0.97, saved with the learner's settings on the server. */
export function RetentionForm() {
  const { t } = useTranslation();
  const settings = useReviewSettings();
  const update = useUpdateReviewSettings();
  const [value, setValue] = useState<number | null>(null);
  const shown = value ?? settings.data?.desired_retention ?? 0.9;

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { desired_retention: shown },
      {
        onSuccess: () => notify('success', t('review.saved')),
        onError: (error) =>
          notify('error', error instanceof ApiError ? error.message : t('review.save-failed')),
      },
    );
  }

  return (
    <form className="review-setting" onSubmit={save}>
      <label htmlFor="desired-retention">{t('review.retention')}</label>
      <div className="review-setting-row">
        <input
          id="desired-retention"
          type="range"
          min={DESIRED_RETENTION_MIN}
          max={DESIRED_RETENTION_MAX}
          step={0.01}
          value={shown}
          disabled={!settings.data}
          aria-describedby="retention-help"
          onChange={(e) => setValue(Number(e.target.value))}
        />
        <output htmlFor="desired-retention">{Math.round(shown * 100)} %</output>
        <Button type="submit" variant="secondary" loading={update.isPending}>
          {t('review.save')}
        </Button>
      </div>
      <p id="retention-help" className="review-help">
        {t('review.retention-help')}
        {settings.data
          ? ` ${
              settings.data.personalised
                ? t('review.personalised')
                : t('review.default-parameters', { count: settings.data.review_count })
            }`
          : null}
      </p>
    </form>
  );
}
