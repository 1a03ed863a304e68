import { resetCodeFormSchema, type ResetCodeForm } from '@qbank/contract/forms';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useZodForm } from '../../../components/ui/use-zod-form';
import { fieldMessage, resetConfirmErrorKey } from '../../../lib/error-catalogue';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { useCooldown } from '../hooks/use-cooldown';
import { readResetEmail, rememberResetCode } from '../hooks/reset-email';
import { AuthCard } from './auth-layout';
import { CodeForm, MissingResetEmail } from './auth-fields';

const RESEND_COOLDOWN = 60;

/** Step 2 of the reset: confirm the e-mail address by checking the mailed code (not used up). */
export default function EmailConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = readResetEmail();
  const check = useVerifyResetCode();
  const resend = useRequestPasswordReset();
  const cooldown = useCooldown(RESEND_COOLDOWN);
  const form = useZodForm<ResetCodeForm>(resetCodeFormSchema, { code: '' });
  const message = form.formState.errors.code?.message;

  if (!email) {
    return <MissingResetEmail title={t('auth.email-confirm.title')} />;
  }

  const onSubmit = form.handleSubmit((values) => {
    check.mutate(
      { code: values.code, email },
      {
        onSuccess: () => {
          rememberResetCode(values.code);
          void navigate('/auth/create-new-password');
        },
      },
    );
  });

  const codeError = (check.error && fieldMessage(check.error, 'code')) || (message && t(message));

  return (
    <AuthCard
      title={t('auth.email-confirm.title')}
      intro={t('auth.email-confirm.intro', { email })}
      footer={
        <p>
          <Link to="/auth/reset-password">{t('auth.email-confirm.other-email')}</Link>
        </p>
      }
    >
      <CodeForm
        alert={check.error ? t(resetConfirmErrorKey(check.error)) : null}
        onSubmit={onSubmit}
        code={{ error: codeError || undefined, ...form.register('code') }}
        busy={check.isPending}
        submit={t('auth.email-confirm.submit')}
        resend={{
          left: cooldown.left,
          busy: resend.isPending,
          done: resend.isSuccess,
          onResend: () =>
            resend.mutate({ email }, { onSuccess: () => cooldown.start(RESEND_COOLDOWN) }),
        }}
      />
    </AuthCard>
  );
}
