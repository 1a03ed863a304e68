import type { SignInForm } from '@qbank/contract/forms';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../components/ui/use-zod-form';
import { afterNextPaint } from '../../../lib/after-paint';
import { loginErrorKey, providerSignInErrorKey } from '../../../lib/error-catalogue';
import type { SessionUser } from '../../../lib/session';
import { useGoogleSignIn } from '../api/google-signin';
import { useLogin } from '../api/login';
import { AuthCard } from './auth-layout';
import { GoogleButton } from './google-button';
import { PasswordField } from './password-field';

/** The form's schema, loaded apart: zod is not part of what the sign-in route needs to render. */
const loadSchema = () => import('@qbank/contract/forms').then((m) => m.signInFormSchema);

export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const google = useGoogleSignIn();
  const form = useZodForm<SignInForm>(loadSchema, { email: '', password: '' });
  // Fetched once the page has painted, so that submitting does not wait for it.
  useEffect(() => afterNextPaint(() => void loadSchema()), []);
  const { errors } = form.formState;

  function next(user: SessionUser) {
    // Login works for unconfirmed users; they finish with the code sent by mail (PRODUCT.md §2).
    void navigate(user.is_confirmed ? '/modules' : '/auth/email-verification', { replace: true });
  }

  const onSubmit = form.handleSubmit((values) => {
    google.reset();
    login.mutate(values, { onSuccess: (answer) => next(answer.user) });
  });

  const errorKey = login.error
    ? loginErrorKey(login.error)
    : google.error
      ? providerSignInErrorKey(google.error)
      : null;

  return (
    <AuthCard
      title={t('auth.sign-in.title')}
      intro={t('auth.sign-in.intro')}
      footer={
        <p>
          {t('auth.sign-in.no-account')} <Link to="/auth/sign-up">{t('auth.sign-up.link')}</Link>
        </p>
      }
    >
      <FormAlert>{errorKey ? t(errorKey) : null}</FormAlert>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message && t(errors.email.message)}
          {...form.register('email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          error={errors.password?.message && t(errors.password.message)}
          {...form.register('password')}
        />
        <p className="form-aside">
          <Link to="/auth/reset-password">{t('auth.sign-in.forgot')}</Link>
        </p>
        <Button type="submit" className="btn-block" loading={login.isPending}>
          {t('auth.sign-in.submit')}
        </Button>
      </form>
      <GoogleButton
        label={t('auth.sign-in.google')}
        busy={google.isPending}
        onToken={(token) => {
          login.reset();
          google.mutate(token, { onSuccess: (answer) => next(answer.user) });
        }}
        onError={() => undefined}
      />
    </AuthCard>
  );
}
