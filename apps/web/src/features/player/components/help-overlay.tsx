import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n-learning';

/** The keyboard shortcuts of the player, opened with `?`. */
export function HelpOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  const rows: [string, string][] = [
    ['A–Z, 1–9', t('player.help.tick')],
    ['Enter', t('player.help.check')],
    ['→', t('player.help.next')],
    ['←', t('player.help.previous')],
    ['Shift + A–Z', t('exam-tools.help.strike')],
    ['L', t('exam-tools.help.highlight')],
    ['[ ]', t('exam-tools.help.sentence')],
    ['Shift + L', t('exam-tools.help.clear')],
    ['M', t('exam-tools.help.flag')],
    ['J', t('exam-tools.help.next-flagged')],
    ['P', t('exam-tools.help.pause')],
    ['1–4', t('player.help.rate')],
    ['?', t('player.help.help')],
    ['Esc', t('player.help.close')],
  ];
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="player-help-title" onClose={onClose}>
      <h2 id="player-help-title">{t('player.help.title')}</h2>
      <table className="shortcut-table">
        <thead>
          <tr>
            <th scope="col">{t('player.help.key')}</th>
            <th scope="col">{t('player.help.action')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, action]) => (
            <tr key={key}>
              <td>
                <kbd>{key}</kbd>
              </td>
              <td>{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('player.close')}
        </button>
      </div>
    </dialog>
  );
}
