import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';

/** A password input with a show/hide toggle (a real button, reachable by keyboard). */
export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-field">
      <TextField {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="password-toggle"
        aria-pressed={visible}
        aria-label={
          visible
            ? t('auth.hide-password', { field: props.label })
            : t('auth.show-password', { field: props.label })
        }
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? t('auth.hide') : t('auth.show')}
      </button>
    </div>
  );
}
