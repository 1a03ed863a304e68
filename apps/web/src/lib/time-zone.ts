import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useReviewSettings, useUpdateReviewSettings } from './review-settings';

/** The browser's IANA time zone (Intl), or undefined where the runtime gives none. */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** Every IANA zone this runtime knows, for the settings picker (UTC first, then by name). */
export function knownTimeZones(): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/**
 * The browser zone in force when the learner's zone was last set, here or by hand. Detection
 * writes only when the browser's zone moves away from it (a trip), so a zone picked in the
 * settings is not overwritten by the next screen.
 */
const DETECTED_KEY = 'qbank.detectedTimeZone';

function lastDetected(): string | null {
  try {
    return window.localStorage.getItem(DETECTED_KEY);
  } catch {
    return null;
  }
}

function rememberDetected(zone: string | undefined): void {
  try {
    if (zone) window.localStorage.setItem(DETECTED_KEY, zone);
  } catch {
    // Private mode without storage: detection then runs once per page load.
  }
}

/** PATCH the learner's zone; the day rows are re-cut on the server, so the dashboard reloads. */
export function useChangeTimeZone() {
  const update = useUpdateReviewSettings();
  const queryClient = useQueryClient();
  const { mutate } = update;
  return {
    ...update,
    change: (zone: string, options?: { chosen?: boolean }) => {
      if (options?.chosen) rememberDetected(browserTimeZone());
      mutate(
        { time_zone: zone },
        {
          onSuccess: () => {
            rememberDetected(browserTimeZone());
            void queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] });
          },
        },
      );
    },
  };
}

/**
 * Run once by the signed-in frame (decision 053): sends the browser's zone when it differs from
 * the stored one and the browser's zone is new since the last setting, at most once per page
 * load (a runtime that spells a zone differently from the server's cannot loop). The learner's
 * days, heatmap and streak then start at their own midnight (decision 038).
 */
export function useSyncTimeZone(): void {
  const settings = useReviewSettings();
  const { change } = useChangeTimeZone();
  const sent = useRef(false);
  const stored = settings.data?.time_zone;
  const zone = browserTimeZone();
  useEffect(() => {
    if (sent.current || !zone || stored === undefined) return;
    sent.current = true;
    if (stored === zone || lastDetected() === zone) return;
    change(zone);
  }, [zone, stored, change]);
}
