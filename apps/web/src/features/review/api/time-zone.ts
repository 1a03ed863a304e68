import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useReviewSettings, useUpdateReviewSettings } from './review-settings';

/** The browser's IANA time zone (Intl), or undefined where the runtime gives none. */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/**
 * Sends the browser's time zone when it differs from the stored one, at most once per screen
 * (a runtime that spells a zone differently from the server's cannot loop): the learner's days,
 * heatmap and streak start at their own midnight (decision 038). Returns the stored zone, to
 * show where the days start.
 */
export function useSyncTimeZone(): string | undefined {
  const settings = useReviewSettings();
  const update = useUpdateReviewSettings();
  const queryClient = useQueryClient();
  const sent = useRef(false);
  const stored = settings.data?.time_zone;
  const zone = browserTimeZone();
  const { mutate } = update;
  useEffect(() => {
    if (sent.current || !zone || stored === undefined || stored === zone) return;
    sent.current = true;
    mutate(
      { time_zone: zone },
      { onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }) },
    );
  }, [zone, stored, mutate, queryClient]);
  return stored;
}
