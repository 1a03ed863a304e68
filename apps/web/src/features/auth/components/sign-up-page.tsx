import { signUpFormSchema, type SignUpForm } from '@qbank/contract/forms';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../components/ui/use-zod-form';
import { ApiError } from '../../../lib/api-client';
import { registrationErrorKey } from '../../../lib/error-catalogue';
import { useGoogleSignUp } from '../api/google-signup';
import { useRegister } from '../api/register';
import { AuthCard } from './auth-layout';
import { NameFields, NewPasswordFields } from './auth-fields';
import { GoogleButton } from './google-button';

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'password1', 'password2'] as const;

export default function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registration = useRegister();
  const google = useGoogleSignUp();
  const form = useZodForm<SignUpForm>(signUpFormSchema, {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    password1: '',
    password2: '',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    google.reset();
    registration.mutate(values, {
      onSuccess: () =>
        void navigate('/auth/email-verification', { replace: true, state: { codeSent: true } }),
      onError: (error) => {
        // The server's field messages go beside their fields; the catalogue key goes on top.
        if (!(error instanceof ApiError) || error.status !== 400) return;
        for (const field of FIELDS) {
          const message = error.fieldMessages(field)[0];
          if (message) form.setError(field, { type: 'server', message });
        }
      },
    });
  });

  const failure = registration.error ?? google.error;
  const err = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <AuthCard
      title={t('auth.sign-up.title')}
      intro={t('auth.sign-up.intro')}
      footer={
        <p>
          {t('auth.sign-up.have-account')} <Link to="/auth/sign-in">{t('auth.sign-in.link')}</Link>
        </p>
      }
    >
      <FormAlert>{failure ? t(registrationErrorKey(failure)) : null}</FormAlert>
      <form onSubmit={onSubmit} noValidate>
        <NameFields
          row
          first={{ error: err('first_name'), ...form.register('first_name') }}
          last={{ error: err('last_name'), ...form.register('last_name') }}
        />
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          error={err('email')}
          {...form.register('email')}
        />
        <TextField
          label={t('fields.phone-optional')}
          type="tel"
          autoComplete="tel"
          error={err('phone')}
          {...form.register('phone')}
        />
        <NewPasswordFields
          labels={{ password: t('fields.password'), confirm: t('fields.password-confirm') }}
          password={{ error: err('password1'), ...form.register('password1') }}
          confirm={{ error: err('password2'), ...form.register('password2') }}
        />
        <Button type="submit" className="btn-block" loading={registration.isPending}>
          {t('auth.sign-up.submit')}
        </Button>
      </form>
      <GoogleButton
        label={t('auth.sign-up.google')}
        busy={google.isPending}
        onToken={(token) => {
          registration.reset();
          google.mutate(token, {
            onSuccess: (answer) =>
              void navigate('/auth/complete-registration', {
                replace: true,
                state: { auth: answer },
              }),
          });
        }}
        onError={() => undefined}
      />
    </AuthCard>
  );
}
