import { profileFormSchema, type ProfileForm } from '@qbank/contract/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../components/ui/use-zod-form';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import type { SessionUser } from '../../../lib/session';
import { useDeleteAccount } from '../api/delete-account';
import { useUpdateProfile } from '../api/update-profile';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-screens';
import '../profile.css';

export default function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.title'));
  const user = useCurrentUser();
  return (
    <section className="page page-narrow" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      {user.isPending ? <Spinner label={t('profile.loading')} /> : null}
      {user.isError ? <FormAlert>{t('profile.load-failed')}</FormAlert> : null}
      {user.data ? <ProfileForm user={user.data} /> : null}
      {user.data ? <DeleteAccount /> : null}
    </section>
  );
}

function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const form = useZodForm<ProfileForm>(profileFormSchema, {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    phone: user.phone ?? '',
    date_of_birth: user.date_of_birth ?? '',
  });
  const { errors } = form.formState;
  const err = (name: keyof ProfileForm) => {
    const message = errors[name]?.message;
    return message ? t(message) : undefined;
  };

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(
      { ...values, date_of_birth: values.date_of_birth || null, image },
      {
        onSuccess: () => {
          setImage(null);
          setImageError(undefined);
          notify('success', t('profile.saved'));
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 400) return;
          setImageError(error.fieldMessages('image')[0]);
          for (const field of ['first_name', 'last_name', 'phone', 'date_of_birth'] as const) {
            const message = error.fieldMessages(field)[0];
            if (message) form.setError(field, { type: 'server', message });
          }
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="profile-form">
      <div className="profile-head">
        {user.image ? (
          <img className="avatar" src={user.image} alt={t('profile.photo-alt')} />
        ) : (
          <span className="avatar avatar-empty" aria-hidden="true">
            {(user.first_name || user.email).slice(0, 1).toUpperCase()}
          </span>
        )}
        <p>{user.email}</p>
      </div>
      <FormAlert>{update.error ? t('errors.saving-failed') : null}</FormAlert>
      <div className="field-row">
        <TextField
          label={t('fields.first-name')}
          autoComplete="given-name"
          error={err('first_name')}
          {...form.register('first_name')}
        />
        <TextField
          label={t('fields.last-name')}
          autoComplete="family-name"
          error={err('last_name')}
          {...form.register('last_name')}
        />
      </div>
      <TextField
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel"
        error={err('phone')}
        {...form.register('phone')}
      />
      <TextField
        label={t('fields.date-of-birth')}
        type="date"
        error={err('date_of_birth')}
        {...form.register('date_of_birth')}
      />
      <div className="field">
        <label htmlFor="profile-image">{t('fields.image')}</label>
        <input
          id="profile-image"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? 'profile-image-error' : undefined}
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
        />
        {imageError ? (
          <p id="profile-image-error" className="field-error" role="alert">
            {imageError}
          </p>
        ) : null}
      </div>
      <Button type="submit" loading={update.isPending}>
        {t('actions.save')}
      </Button>
    </form>
  );
}

function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);

  return (
    <section className="danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">{t('profile.delete-title')}</h2>
      <p>{t('profile.delete-text')}</p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {t('profile.delete-button')}
      </Button>
      {confirming ? (
        <ConfirmDialog
          title={t('profile.delete-confirm-title')}
          text={t('profile.delete-confirm-text')}
          confirmLabel={t('profile.delete-confirm-button')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                notify('success', t('profile.deleted'));
                void navigate('/auth/sign-in', { replace: true });
              },
            })
          }
          onClose={() => setConfirming(false)}
        >
          <FormAlert>{remove.error ? t('errors.failed') : null}</FormAlert>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
