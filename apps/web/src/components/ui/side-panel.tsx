import './panels.css';
import { useEffect, useId, useRef, type ReactNode } from 'react';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
};

/**
 * A modal panel on the side (full width on a phone): a native <dialog>, so focus is trapped,
 * Esc closes it and the player's keyboard shortcuts stand still while it is open.
 */
export function SidePanel({ open, onClose, title, closeLabel, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="side-panel"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes the panel.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="side-panel-body">
        <header className="side-panel-head">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="btn btn-secondary icon-button"
            onClick={onClose}
            aria-label={closeLabel}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {open ? children : null}
      </div>
    </dialog>
  );
}
