import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';

type Props = {
  title: string;
  className?: string;
  /** Id of the element that describes the dialog (its question or text). */
  describedBy?: string;
  onClose: () => void;
  children: ReactNode;
};

/**
 * The app's modal dialog: a native <dialog> opened with showModal() when it mounts (focus stays
 * inside, Escape closes it), labelled by its title; focus goes back to the control that opened
 * it when it unmounts.
 */
export function Dialog({ title, className = 'dialog', describedBy, onClose, children }: Props) {
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
      className={className}
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      onClose={onClose}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </dialog>
  );
}

/** Closes the dialog it stands in, as Escape does (the dialog's `onClose` runs). */
export function DialogCancel({ children }: { children: ReactNode }) {
  return (
    <Button variant="secondary" onClick={(e) => e.currentTarget.closest('dialog')?.close()}>
      {children}
    </Button>
  );
}
