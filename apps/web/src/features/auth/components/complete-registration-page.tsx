import {
  completeRegistrationFormSchema,
  type CompleteRegistrationForm,
} from '@qbank/contract/forms';
import type { AuthResponse } from '@qbank/contract/auth';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../components/ui/use-zod-form';
import { Spinner } from '../../../components/ui/spinner';
import { startSession } from '../../../lib/current-user';
import { useSession } from '../../../lib/session';
import { useUpdateUser } from '../api/update-user';
import { AuthCard } from './auth-layout';
import { NameFields } from './auth-fields';

/** After a provider sign-up: the names and phone the provider did not give (PATCH /api/auth/user/). */
export default function CompleteRegistrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const pending = (location.state as { auth?: AuthResponse } | null)?.auth;
  const { user, token } = useSession();
  const update = useUpdateUser();
  useEffect(() => {
    if (pending) startSession(pending.key, pending.user);
  }, [pending]);
  const form = useZodForm<CompleteRegistrationForm>(completeRegistrationFormSchema, {
    first_name: (pending?.user ?? user)?.first_name ?? '',
    last_name: (pending?.user ?? user)?.last_name ?? '',
    phone: (pending?.user ?? user)?.phone ?? '',
  });
  const { errors } = form.formState;

  if (!token && pending) return <Spinner label={t('loading.label')} />;
  if (!token) {
    return (
      <AuthCard title={t('auth.complete.title')} intro={t('auth.verify.signed-out')}>
        <Link className="btn btn-primary btn-block" to="/auth/sign-in">
          {t('auth.sign-in.link')}
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: (saved) =>
        void navigate(saved.is_confirmed ? '/auth/onboarding' : '/auth/email-verification', {
          replace: true,
        }),
    });
  });
  const err = (name: keyof CompleteRegistrationForm) => {
    const message = errors[name]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <AuthCard title={t('auth.complete.title')} intro={t('auth.complete.intro')}>
      <FormAlert>{update.error ? t('errors.saving-failed') : null}</FormAlert>
      <form onSubmit={onSubmit} noValidate>
        <NameFields
          first={{ error: err('first_name'), ...form.register('first_name') }}
          last={{ error: err('last_name'), ...form.register('last_name') }}
        />
        <TextField
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          error={err('phone')}
          {...form.register('phone')}
        />
        <Button type="submit" className="btn-block" loading={update.isPending}>
          {t('auth.complete.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
