import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useUpdateUser, useUser } from '../api/staff-api';
import '../i18n';

type Change = { is_staff?: boolean; is_active?: boolean; key: string };

/** One user: their subscriptions, and grant/revoke staff, deactivate/reactivate (with a confirmation). */
export default function UserPage() {
  const { t, i18n } = useTranslation('staff');
  const id = Number(useParams().userId);
  const me = useCurrentUser().data;
  const user = useUser(id);
  const update = useUpdateUser();
  const [confirming, setConfirming] = useState<Change | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  if (user.isPending) return <Spinner label={t('loading')} />;
  if (user.isError)
    return (
      <FormAlert>
        {user.error instanceof ApiError && user.error.status === 404
          ? t('users.not-found')
          : t('errors.load')}
      </FormAlert>
    );
  const u = user.data;
  const self = me?.id === u.id;
  const changes: Change[] = [
    u.is_staff ? { is_staff: false, key: 'revoke-staff' } : { is_staff: true, key: 'grant-staff' },
    u.is_active ? { is_active: false, key: 'deactivate' } : { is_active: true, key: 'reactivate' },
  ];
  const messages =
    update.error instanceof ApiError
      ? update.error.messages
      : update.error
        ? [t('errors.generic')]
        : [];

  return (
    <section className="page" aria-labelledby="user-title">
      <p>
        <Link to="/staff/users">← {t('users.back')}</Link>
      </p>
      <h1 id="user-title">{u.email}</h1>
      <dl className="staff-facts">
        <dt>{t('users.name')}</dt>
        <dd>{`${u.first_name} ${u.last_name}`.trim() || '—'}</dd>
        <dt>{t('users.joined')}</dt>
        <dd>{date.format(new Date(u.date_joined))}</dd>
        <dt>{t('users.last-login')}</dt>
        <dd>{u.last_login ? date.format(new Date(u.last_login)) : '—'}</dd>
        <dt>{t('users.flags')}</dt>
        <dd>
          {u.is_staff ? t('users.staff') : t('users.learner')} ·{' '}
          {u.is_active ? t('users.active') : t('users.inactive')} ·{' '}
          {u.is_confirmed ? t('users.confirmed') : t('users.unconfirmed')}
        </dd>
      </dl>
      <div className="actions">
        {changes.map((c) => (
          <Button
            key={c.key}
            variant={c.is_active === false || c.is_staff === false ? 'danger' : 'secondary'}
            disabled={self}
            onClick={() => setConfirming(c)}
          >
            {t(`users.${c.key}`)}
          </Button>
        ))}
      </div>
      {self ? <p className="muted">{t('users.not-yourself')}</p> : null}
      {messages.length ? <FormAlert>{messages.join(' ')}</FormAlert> : null}
      {confirming ? (
        <div
          className="alert alert-info staff-confirm"
          role="group"
          aria-label={t(`users.${confirming.key}`)}
        >
          <p>{t(`users.confirm-${confirming.key}`, { email: u.email })}</p>
          <div className="actions">
            <Button
              variant="danger"
              loading={update.isPending}
              onClick={() =>
                update.mutate(
                  { id: u.id, is_staff: confirming.is_staff, is_active: confirming.is_active },
                  {
                    onSuccess: () => {
                      notify('success', t('users.saved'));
                      setConfirming(null);
                    },
                  },
                )
              }
            >
              {t('users.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('actions.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
      <h2>{t('users.subscriptions')}</h2>
      {u.subscriptions.length === 0 ? <p className="muted">{t('users.no-subscriptions')}</p> : null}
      {u.subscriptions.length ? (
        <div className="table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t('purchases.plan')}</th>
                <th scope="col">{t('purchases.state')}</th>
                <th scope="col">{t('purchases.created')}</th>
                <th scope="col">{t('users.ends')}</th>
              </tr>
            </thead>
            <tbody>
              {u.subscriptions.map((s) => (
                <tr key={s.id}>
                  <td>{s.plan.name}</td>
                  <td>
                    <span className={`badge badge-${s.status}`}>
                      {t(`purchases.statuses.${s.status}`)}
                    </span>
                  </td>
                  <td>{date.format(new Date(s.created_at))}</td>
                  <td>{s.ends_at ? date.format(new Date(s.ends_at)) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p>
        <Link to={`/staff/audit?target_type=user&target_id=${u.id}`}>{t('users.history')}</Link>
      </p>
    </section>
  );
}
