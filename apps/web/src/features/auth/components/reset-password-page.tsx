import { resetRequestFormSchema, type ResetRequestForm } from '@qbank/contract/forms';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../components/ui/use-zod-form';
import { resetRequestErrorKey } from '../../../lib/error-catalogue';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { readResetEmail, rememberResetEmail } from '../hooks/reset-email';
import { AuthCard } from './auth-layout';

/** Step 1 of the reset: the server mails a 6-digit code (answering 200 for unknown addresses too). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const form = useZodForm<ResetRequestForm>(resetRequestFormSchema, { email: readResetEmail() });
  const message = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit((values) => {
    request.mutate(values, {
      onSuccess: () => {
        rememberResetEmail(values.email);
        notify('success', t('auth.reset.sent', { email: values.email }));
        void navigate('/auth/email-confirm');
      },
    });
  });

  return (
    <AuthCard
      title={t('auth.reset.title')}
      intro={t('auth.reset.intro')}
      footer={
        <p>
          <Link to="/auth/sign-in">{t('auth.back-to-sign-in')}</Link>
        </p>
      }
    >
      <FormAlert>{request.error ? t(resetRequestErrorKey(request.error)) : null}</FormAlert>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          error={message && t(message)}
          {...form.register('email')}
        />
        <Button type="submit" className="btn-block" loading={request.isPending}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
