import type { Rating } from '@qbank/contract/history';
import { RATINGS } from '@qbank/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { cardQueryOptions, useCard } from '../api/get-card';
import { useEvaluateQuestion } from '../api/evaluate-question';
import { isPlayerKey } from '../lib/keys';
import '../../../lib/i18n-learning';

/** An interval as Anki shows it: 10 min, 5 h, 3 d, 2.5 mo, 1.2 y. */
export function formatInterval(days: number, t: TFunction): string {
  const round = (n: number) => Math.round(n * 10) / 10;
  if (days < 1 / 24)
    return t('player.interval.minutes', { n: Math.max(1, Math.round(days * 1440)) });
  if (days < 1) return t('player.interval.hours', { n: Math.round(days * 24) });
  if (days < 30) return t('player.interval.days', { n: Math.round(days) });
  if (days < 365) return t('player.interval.months', { n: round(days / 30) });
  return t('player.interval.years', { n: round(days / 365) });
}

/**
 * After an answer: how the server graded it (and why), and the four buttons with the interval
 * each gives, the current rating pressed. A button right after the answer replaces its grade.
 * Keys 1–4 press them.
 */
export function RatingPanel({ questionId }: { questionId: number }) {
  const { t } = useTranslation();
  const card = useCard(questionId);
  const evaluate = useEvaluateQuestion();
  const queryClient = useQueryClient();

  function rate(rating: Rating) {
    evaluate.mutate(
      { question: questionId, rating },
      {
        onSuccess: () =>
          void queryClient.invalidateQueries({ queryKey: cardQueryOptions(questionId).queryKey }),
        onError: () => notify('error', t('player.rate-failed')),
      },
    );
  }

  const rateRef = useRef(rate);
  useEffect(() => {
    rateRef.current = rate;
  });
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!isPlayerKey(event) || !/^[1-4]$/.test(event.key)) return;
      event.preventDefault();
      rateRef.current(RATINGS[Number(event.key) - 1]!);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const data = card.data;
  return (
    <div className="rating-panel">
      {data?.rating ? (
        <p className="grade-line" data-testid="grade-line">
          {data.graded_by === 'answer'
            ? t('player.grade.by-answer', {
                rating: t(`player.rating.${data.rating}`),
                reason: t(`player.grade.reason.${data.reason ?? 'right'}`),
              })
            : t('player.grade.by-button', { rating: t(`player.rating.${data.rating}`) })}
          {data.is_leech ? <span className="grade-leech"> {t('player.grade.leech')}</span> : null}
        </p>
      ) : null}
      <div className="rating" role="group" aria-label={t('player.rate')}>
        <span>{data?.replaces ? t('player.grade.change') : t('player.rate')}</span>
        {RATINGS.map((rating, i) => (
          <Button
            key={rating}
            variant="secondary"
            className="rating-button"
            aria-pressed={data?.rating === rating}
            aria-keyshortcuts={String(i + 1)}
            loading={evaluate.isPending && evaluate.variables?.rating === rating}
            onClick={() => rate(rating)}
          >
            <span>{t(`player.rating.${rating}`)}</span>
            {data ? (
              <span className="rating-interval">
                {formatInterval(data.choices[rating].days, t)}
              </span>
            ) : null}
          </Button>
        ))}
      </div>
    </div>
  );
}
