import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SwitchField } from '../../../components/ui/switch-field';
import {
  FONT_FAMILIES,
  FONT_SIZES,
  resetSettings,
  updateSettings,
  useSettings,
  type DisplayMode,
  type FontFamily,
  type FontSize,
} from '../../../lib/settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TimeZoneField } from './time-zone-field';
import '../../../lib/i18n-learning';
import '../../../lib/i18n-screens';
import '../settings.css';

/** Display and study settings (seed §3 "Client settings"), kept in this browser. */
export default function SettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('settings.title'));
  const settings = useSettings();

  return (
    <section className="page page-narrow" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <form className="settings-form" onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend>{t('settings.display')}</legend>
          <div className="segmented" role="radiogroup" aria-label={t('settings.display-mode')}>
            {(['light', 'dark'] as DisplayMode[]).map((mode) => (
              <label key={mode}>
                <input
                  type="radio"
                  name="displayMode"
                  value={mode}
                  checked={settings.displayMode === mode}
                  onChange={() => updateSettings({ displayMode: mode })}
                />
                <span>{t(`settings.mode-${mode}`)}</span>
              </label>
            ))}
          </div>
          <div className="field">
            <label htmlFor="font-size">{t('settings.font-size')}</label>
            <select
              id="font-size"
              value={settings.fontSize}
              onChange={(e) => updateSettings({ fontSize: e.target.value as FontSize })}
            >
              {(Object.keys(FONT_SIZES) as FontSize[]).map((size) => (
                <option key={size} value={size}>
                  {t(`settings.size-${size}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="font-family">{t('settings.font-family')}</label>
            <select
              id="font-family"
              value={settings.fontFamily}
              onChange={(e) => updateSettings({ fontFamily: e.target.value as FontFamily })}
            >
              {(Object.keys(FONT_FAMILIES) as FontFamily[]).map((family) => (
                <option key={family} value={family}>
                  {t(`settings.family-${family}`)}
                </option>
              ))}
            </select>
          </div>
          <p className="settings-preview">{t('settings.preview')}</p>
        </fieldset>
        <fieldset>
          <legend>{t('settings.study')}</legend>
          <SwitchField
            label={t('settings.exam-mode')}
            description={t('settings.exam-mode-help')}
            checked={settings.examMode}
            onChange={(examMode) => updateSettings({ examMode })}
          />
          <SwitchField
            label={t('settings.show-timer')}
            checked={settings.showTimer}
            onChange={(showTimer) => updateSettings({ showTimer })}
          />
          <SwitchField
            label={t('settings.enable-sound')}
            checked={settings.enableSound}
            onChange={(enableSound) => updateSettings({ enableSound })}
          />
          <SwitchField
            label={t('settings.random-answers')}
            checked={settings.randomAnswersOption}
            onChange={(randomAnswersOption) => updateSettings({ randomAnswersOption })}
          />
          <SwitchField
            label={t('confidence.option-ask')}
            description={t('confidence.option-ask-help')}
            checked={settings.askConfidence}
            onChange={(askConfidence) => updateSettings({ askConfidence })}
          />
          <SwitchField
            label={t('confidence.option-classify')}
            checked={settings.classifyMisses}
            onChange={(classifyMisses) => updateSettings({ classifyMisses })}
          />
        </fieldset>
        <TimeZoneField />
        <p className="field-hint" role="status">
          {t('settings.saved-locally')}
        </p>
        <Button variant="secondary" onClick={resetSettings}>
          {t('settings.reset')}
        </Button>
      </form>
      {/* The review queue's settings live with the account, on their own screens (decision 038). */}
      <p className="field-hint">
        {t('review.settings-elsewhere')} <Link to="/review">{t('review.title')}</Link> ·{' '}
        <Link to="/mistakes">{t('review.mistakes-title')}</Link>
      </p>
    </section>
  );
}
