import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog, DialogCancel } from './dialog';

type Props = {
  title: string;
  text?: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Shown above the buttons (e.g. the server's refusal). */
  children?: ReactNode;
};

/**
 * The one confirmation before a destructive action (on the shared `Dialog`): Escape or Cancel
 * leaves everything as it was.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  children,
}: Props) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <Dialog title={title} describedBy={text ? textId : undefined} onClose={onClose}>
      {text ? <p id={textId}>{text}</p> : null}
      {children}
      <div className="actions">
        <Button variant="danger" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <DialogCancel>{t('actions.cancel')}</DialogCancel>
      </div>
    </Dialog>
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
