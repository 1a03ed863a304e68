import type { ScoringRule } from '@qbank/contract/history';
import { useTranslation } from 'react-i18next';
import { updateSettings, useSettings } from '../../../lib/settings';
import { setScoringRule, useScoringRule } from '../lib/scoring';
import '../../../lib/i18n-learning';

/** Settings that act in the player: answer order, sound, timer and the qcm scoring rule. */
export function PlayerOptions() {
  const { t } = useTranslation();
  const settings = useSettings();
  const scoring = useScoringRule();
  return (
    <details className="player-options">
      <summary>{t('player.options.title')}</summary>
      <div className="player-options-body">
        <label className="inline-check">
          <input
            type="checkbox"
            checked={settings.randomAnswersOption}
            onChange={(e) => updateSettings({ randomAnswersOption: e.target.checked })}
          />
          {t('player.options.random')}
        </label>
        <label className="inline-check">
          <input
            type="checkbox"
            checked={settings.enableSound}
            onChange={(e) => updateSettings({ enableSound: e.target.checked })}
          />
          {t('player.options.sound')}
        </label>
        <label className="inline-check">
          <input
            type="checkbox"
            checked={settings.showTimer}
            onChange={(e) => updateSettings({ showTimer: e.target.checked })}
          />
          {t('player.options.timer')}
        </label>
        <label className="inline-check">
          <input
            type="checkbox"
            checked={settings.askConfidence}
            onChange={(e) => updateSettings({ askConfidence: e.target.checked })}
          />
          {t('confidence.option-ask')}
        </label>
        <label className="inline-check">
          <input
            type="checkbox"
            checked={settings.classifyMisses}
            onChange={(e) => updateSettings({ classifyMisses: e.target.checked })}
          />
          {t('confidence.option-classify')}
        </label>
        <label className="inline-select">
          {t('player.options.scoring')}
          <select value={scoring} onChange={(e) => setScoringRule(e.target.value as ScoringRule)}>
            <option value="all_or_nothing">{t('player.options.all-or-nothing')}</option>
            <option value="partial">{t('player.options.partial')}</option>
          </select>
        </label>
      </div>
    </details>
  );
}
