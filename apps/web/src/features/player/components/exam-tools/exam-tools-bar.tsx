import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { pauseClock } from '../../lib/pause-clock';
import type { ExamTools } from './use-exam-tools';
import './exam-tools.css';
import '../../../../lib/i18n-learning';

/** Flag, highlight and pause buttons above a question; each has a key (see the help). */
export function ExamToolsBar({ tools }: { tools: ExamTools }) {
  const { t } = useTranslation();
  const { stem } = tools;
  return (
    <div className="exam-tools-bar" role="group" aria-label={t('exam-tools.label')}>
      <Button
        variant="secondary"
        aria-pressed={tools.flagged}
        aria-keyshortcuts="M"
        onClick={tools.flag}
      >
        <span aria-hidden="true">⚑</span>{' '}
        {tools.flagged ? t('exam-tools.flagged') : t('exam-tools.flag')}
      </Button>
      <Button
        variant="secondary"
        aria-keyshortcuts="L"
        // Keeps the text selection: a click would otherwise clear it before the action reads it.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (!stem.toggleSelection()) stem.selectSentence(1);
        }}
        title={t('exam-tools.highlight-hint')}
      >
        {t('exam-tools.highlight')}
      </Button>
      {stem.count > 0 ? (
        <Button variant="secondary" aria-keyshortcuts="Shift+L" onClick={stem.clear}>
          {t('exam-tools.clear-highlights', { count: stem.count })}
        </Button>
      ) : null}
      {tools.pausable ? (
        <Button variant="secondary" aria-keyshortcuts="P" onClick={pauseClock}>
          {t('exam-tools.pause')}
        </Button>
      ) : null}
    </div>
  );
}
