import { signUpFormSchema, type SignUpForm } from '@qbank/contract/forms';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../components/ui/use-zod-form';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSetUpStaff, useStaffSetupState } from '../api/staff-setup';
import { AuthCard } from './auth-layout';
import { NameFields, NewPasswordFields } from './auth-fields';

const FIELDS = ['first_name', 'last_name', 'email', 'password1', 'password2'] as const;

/**
 * The first staff account, from the link the app prints at start while there is none (the
 * token is the link's fragment). Names are asked for: the audit log shows who did what.
 */
export default function StaffSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLocation().hash.slice(1);
  const state = useStaffSetupState(token);
  const setUp = useSetUpStaff();
  const form = useZodForm<SignUpForm>(signUpFormSchema, {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    password1: '',
    password2: '',
  });
  const { errors } = form.formState;
  const err = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    return message ? t(message) : undefined;
  };

  const onSubmit = form.handleSubmit(({ phone: _phone, ...values }) => {
    setUp.mutate(
      { ...values, token },
      {
        onSuccess: () => {
          notify('success', t('auth.staff-setup.done', { email: values.email }));
          void navigate('/auth/sign-in', { replace: true });
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 400) return;
          for (const field of FIELDS) {
            const message = error.fieldMessages(field)[0];
            if (message) form.setError(field, { type: 'server', message });
          }
        },
      },
    );
  });

  const footer = (
    <p>
      <Link to="/auth/sign-in">{t('auth.back-to-sign-in')}</Link>
    </p>
  );
  if (state.isPending) return <Spinner label={t('auth.staff-setup.checking')} />;
  if (!state.data?.open)
    return (
      <AuthCard title={t('auth.staff-setup.title')} footer={footer}>
        <FormAlert>{t('auth.staff-setup.closed')}</FormAlert>
      </AuthCard>
    );
  const failure = setUp.error instanceof ApiError && setUp.error.status !== 400;
  return (
    <AuthCard
      title={t('auth.staff-setup.title')}
      intro={t('auth.staff-setup.intro')}
      footer={footer}
    >
      <FormAlert>{failure ? t('auth.staff-setup.closed') : null}</FormAlert>
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
        <NewPasswordFields
          labels={{ password: t('fields.password'), confirm: t('fields.password-confirm') }}
          password={{ error: err('password1'), ...form.register('password1') }}
          confirm={{ error: err('password2'), ...form.register('password2') }}
        />
        <Button type="submit" className="btn-block" loading={setUp.isPending}>
          {t('auth.staff-setup.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
