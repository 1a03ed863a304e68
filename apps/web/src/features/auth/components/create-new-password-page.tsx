import { newPasswordFormSchema, type NewPasswordForm } from '@qbank/contract/forms';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useZodForm } from '../../../components/ui/use-zod-form';
import { ApiError } from '../../../lib/api-client';
import { resetConfirmErrorKey } from '../../../lib/error-catalogue';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { forgetReset, readResetCode, readResetEmail } from '../hooks/reset-email';
import { AuthCard } from './auth-layout';
import { CodeField, MissingResetEmail, NewPasswordFields } from './auth-fields';

/** Step 3 of the reset: code and new password, sent with the e-mail of step 1. */
export default function CreateNewPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = readResetEmail();
  const confirm = useConfirmPasswordReset();
  const form = useZodForm<NewPasswordForm>(newPasswordFormSchema, {
    code: readResetCode(),
    new_password1: '',
    new_password2: '',
  });
  const { errors } = form.formState;

  if (!email) {
    return <MissingResetEmail title={t('auth.new-password.title')} />;
  }

  const onSubmit = form.handleSubmit((values) => {
    confirm.mutate(
      { ...values, email },
      {
        onSuccess: () => {
          forgetReset();
          notify('success', t('auth.new-password.done'));
          void navigate('/auth/sign-in', { replace: true });
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 400) return;
          for (const field of ['code', 'new_password1', 'new_password2'] as const) {
            const message = error.fieldMessages(field)[0];
            if (message) form.setError(field, { type: 'server', message });
          }
        },
      },
    );
  });

  const err = (name: keyof NewPasswordForm) => {
    const message = errors[name]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <AuthCard
      title={t('auth.new-password.title')}
      intro={t('auth.new-password.intro', { email })}
      footer={
        <p>
          <Link to="/auth/sign-in">{t('auth.back-to-sign-in')}</Link>
        </p>
      }
    >
      <FormAlert>{confirm.error ? t(resetConfirmErrorKey(confirm.error)) : null}</FormAlert>
      <form onSubmit={onSubmit} noValidate>
        <CodeField error={err('code')} {...form.register('code')} />
        <NewPasswordFields
          labels={{ password: t('fields.new-password'), confirm: t('fields.new-password-confirm') }}
          password={{ error: err('new_password1'), ...form.register('new_password1') }}
          confirm={{ error: err('new_password2'), ...form.register('new_password2') }}
        />
        <Button type="submit" className="btn-block" loading={confirm.isPending}>
          {t('auth.new-password.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
