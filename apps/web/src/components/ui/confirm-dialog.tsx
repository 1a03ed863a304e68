import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

type Props = {
  title: string;
  text?: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * The one confirmation before a destructive action: a native modal <dialog> (focus stays inside,
 * Escape closes it), labelled by its title; focus goes back to the control that opened it.
 * Escape or Cancel leaves everything as it was.
 */
export function ConfirmDialog({ title, text, confirmLabel, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.showModal();
    return () => opener?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={text ? `${id}-text` : undefined}
      onClose={onClose}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {text ? <p id={`${id}-text`}>{text}</p> : null}
      <div className="actions">
        <Button variant="danger" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={() => dialog.current?.close()}>
          {t('actions.cancel')}
        </Button>
      </div>
    </dialog>
  );
}

type Request = { title: string; confirmLabel?: string; resolve: (ok: boolean) => void };

/** `await confirm(question)` in place of window.confirm; render `dialog` where the page is. */
export function useConfirm(): [
  (title: string, confirmLabel?: string) => Promise<boolean>,
  ReactNode,
] {
  const { t } = useTranslation();
  const [request, setRequest] = useState<Request | null>(null);
  const confirm = useCallback(
    (title: string, confirmLabel?: string) =>
      new Promise<boolean>((resolve) => setRequest({ title, confirmLabel, resolve })),
    [],
  );
  const answer = (ok: boolean) => {
    request?.resolve(ok);
    setRequest(null);
  };
  const dialog = request ? (
    <ConfirmDialog
      title={request.title}
      confirmLabel={request.confirmLabel ?? t('actions.delete')}
      onConfirm={() => answer(true)}
      onClose={() => answer(false)}
    />
  ) : null;
  return [confirm, dialog];
}
