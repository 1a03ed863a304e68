import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogCancel } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';

type Props = {
  title: string;
  label: string;
  confirmLabel: string;
  /** A reason that may not be blank (rejections, removals); otherwise the text is optional. */
  required: boolean;
  danger?: boolean;
  busy: boolean;
  error: unknown;
  onConfirm: (text: string) => void;
  onClose: () => void;
};

/** A modal asking for a note or a reason before a decision; Escape or Cancel changes nothing. */
export function TextDialog({
  title,
  label,
  confirmLabel,
  required,
  danger,
  busy,
  error,
  onConfirm,
  onClose,
}: Props) {
  const { t } = useTranslation('staff');
  const [text, setText] = useState('');
  const [blank, setBlank] = useState(false);
  const id = useId();
  const messages = error instanceof ApiError ? error.messages : error ? [t('errors.generic')] : [];
  return (
    <Dialog title={title} className="dialog staff-dialog" onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (required && !text.trim()) return setBlank(true);
          onConfirm(text.trim());
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-text`}>{label}</label>
          <textarea
            id={`${id}-text`}
            rows={4}
            value={text}
            aria-required={required}
            aria-invalid={blank || undefined}
            onChange={(e) => {
              setText(e.target.value);
              setBlank(false);
            }}
          />
          {blank ? (
            <p className="field-error" role="alert">
              {t('errors.reason-required')}
            </p>
          ) : null}
        </div>
        {messages.length ? <FormAlert>{messages.join(' ')}</FormAlert> : null}
        <div className="actions">
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy}>
            {confirmLabel}
          </Button>
          <DialogCancel>{t('actions.cancel')}</DialogCancel>
        </div>
      </form>
    </Dialog>
  );
}
