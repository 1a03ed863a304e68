import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { AuthCard } from './auth-layout';
import { PasswordField } from './password-field';

/** What a form gives one field: `form.register(name)` and its translated error. */
type Field = Omit<ComponentProps<typeof TextField>, 'label'>;

/** The six-digit code of a mail (verification or password reset). */
export function CodeField(props: Field) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('fields.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...props}
    />
  );
}

/** First and last name side by side (sign-up) or stacked (onboarding). */
export function NameFields({ first, last, row }: { first: Field; last: Field; row?: boolean }) {
  const { t } = useTranslation();
  const fields = (
    <>
      <TextField label={t('fields.first-name')} autoComplete="given-name" {...first} />
      <TextField label={t('fields.last-name')} autoComplete="family-name" {...last} />
    </>
  );
  return row ? <div className="field-row">{fields}</div> : fields;
}

/** A new password and its confirmation, with the rules under the first. */
export function NewPasswordFields({
  password,
  confirm,
  labels,
}: {
  password: Field;
  confirm: Field;
  labels: { password: string; confirm: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={labels.password}
        autoComplete="new-password"
        hint={t('auth.password-rules')}
        {...password}
      />
      <PasswordField label={labels.confirm} autoComplete="new-password" {...confirm} />
    </>
  );
}

/** A reset step opened without the e-mail of step 1 (a new tab, a reload): back to step 1. */
export function MissingResetEmail({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={title} intro={t('auth.email-confirm.no-email')}>
      <Link className="btn btn-primary btn-block" to="/auth/reset-password">
        {t('auth.reset.title')}
      </Link>
    </AuthCard>
  );
}

/** A mailed code's form: the alert, the code, submit, and the line to mail a new code. */
export function CodeForm({
  alert,
  onSubmit,
  code,
  busy,
  submit,
  resend,
}: {
  alert: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  code: Field;
  busy: boolean;
  submit: string;
  resend: ComponentProps<typeof ResendLine>;
}) {
  return (
    <>
      <FormAlert>{alert}</FormAlert>
      <form onSubmit={onSubmit} noValidate>
        <CodeField {...code} />
        <Button type="submit" className="btn-block" loading={busy}>
          {submit}
        </Button>
      </form>
      <ResendLine {...resend} />
    </>
  );
}

export function ResendLine({
  left,
  busy,
  done,
  onResend,
}: {
  left: number;
  busy: boolean;
  done: boolean;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="resend">
      <Button variant="link" onClick={onResend} disabled={left > 0} loading={busy}>
        {t('auth.resend.button')}
      </Button>
      <p className="field-hint" aria-live="polite">
        {left > 0 ? t('auth.resend.wait', { seconds: left }) : done ? t('auth.resend.sent') : null}
      </p>
    </div>
  );
}
