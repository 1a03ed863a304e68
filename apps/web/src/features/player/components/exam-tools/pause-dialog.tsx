import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { resumeClock, usePaused } from '../../lib/pause-clock';
import '../../../../lib/i18n-learning';

/**
 * Shown while paused: the page hides the question (see `usePaused`) and the clock stands
 * still. Escape, Enter or the button resume. Leaving the page resumes too.
 */
export function PauseDialog() {
  const { t } = useTranslation();
  const paused = usePaused();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (paused && !element.open) element.showModal();
    if (!paused && element.open) element.close();
  }, [paused]);
  useEffect(() => resumeClock, []);
  return (
    <dialog
      ref={dialog}
      className="dialog pause-dialog"
      aria-labelledby="pause-title"
      onClose={resumeClock}
    >
      <h2 id="pause-title">{t('exam-tools.paused-title')}</h2>
      <p>{t('exam-tools.paused-text')}</p>
      <div className="actions">
        <Button autoFocus onClick={resumeClock}>
          {t('exam-tools.resume')}
        </Button>
      </div>
    </dialog>
  );
}
