import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useReviewSettings } from '../../../lib/review-settings';
import { browserTimeZone, knownTimeZones, useChangeTimeZone } from '../../../lib/time-zone';

/**
 * Where the learner's days start (issue 38): one IANA zone kept with the account, detected from
 * the browser and changeable here. Unlike the fields above it is saved on the server at once.
 */
export function TimeZoneField() {
  const { t } = useTranslation();
  const settings = useReviewSettings();
  const { change, isPending, isSuccess, isError } = useChangeTimeZone();
  const stored = settings.data?.time_zone;
  const zones = useMemo(() => {
    const known = knownTimeZones();
    // A zone the runtime lists under another name still shows as the selected one.
    return stored && !known.includes(stored) ? [stored, ...known] : known;
  }, [stored]);
  const detected = browserTimeZone();

  return (
    <fieldset>
      <legend>{t('settings.time-zone')}</legend>
      <div className="field">
        <label htmlFor="time-zone">{t('settings.time-zone-label')}</label>
        <select
          id="time-zone"
          aria-describedby="time-zone-help"
          value={stored ?? ''}
          disabled={stored === undefined || isPending}
          onChange={(e) => change(e.target.value, { chosen: true })}
        >
          {stored === undefined ? (
            <option value="">{t('settings.time-zone-loading')}</option>
          ) : null}
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id="time-zone-help" className="field-hint">
          {detected
            ? t('settings.time-zone-help', { zone: detected })
            : t('settings.time-zone-help-none')}
        </p>
        <p className="field-hint" role="status">
          {isSuccess ? t('settings.time-zone-saved', { zone: stored }) : null}
          {isError ? t('settings.time-zone-failed') : null}
        </p>
      </div>
    </fieldset>
  );
}
