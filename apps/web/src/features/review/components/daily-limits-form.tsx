import { DAILY_LIMIT_MAX } from '@qbank/contract/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useReviewSettings, useUpdateReviewSettings } from '../../../lib/review-settings';
import '../../../lib/i18n-learning';

type Limit = 'new_per_day' | 'reviews_per_day';

/** New questions and reviews per day, as Anki's daily limits. */
export function DailyLimitsForm() {
  const { t } = useTranslation();
  const settings = useReviewSettings();
  const update = useUpdateReviewSettings();
  const [edited, setEdited] = useState<Partial<Record<Limit, string>>>({});
  const shown = (key: Limit) => edited[key] ?? String(settings.data?.[key] ?? '');

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      {
        new_per_day: Number(shown('new_per_day')),
        reviews_per_day: Number(shown('reviews_per_day')),
      },
      {
        onSuccess: () => {
          setEdited({});
          notify('success', t('review.saved'));
        },
        onError: (error) =>
          notify('error', error instanceof ApiError ? error.message : t('review.save-failed')),
      },
    );
  }

  const field = (key: Limit, label: string) => (
    <div className="review-setting-row">
      <label htmlFor={`limit-${key}`}>{label}</label>
      <input
        id={`limit-${key}`}
        type="number"
        inputMode="numeric"
        min={0}
        max={DAILY_LIMIT_MAX}
        required
        disabled={!settings.data}
        value={shown(key)}
        onChange={(e) => setEdited((current) => ({ ...current, [key]: e.target.value }))}
      />
    </div>
  );

  return (
    <form className="review-setting" onSubmit={save} aria-labelledby="limits-title">
      <h3 id="limits-title">{t('review.limits-title')}</h3>
      {field('new_per_day', t('review.new-per-day'))}
      {field('reviews_per_day', t('review.reviews-per-day'))}
      <Button type="submit" variant="secondary" loading={update.isPending}>
        {t('review.save-limits')}
      </Button>
    </form>
  );
}
