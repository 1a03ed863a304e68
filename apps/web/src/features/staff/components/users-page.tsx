import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StaffSearch } from './staff-search';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useUsers, PAGE_SIZE } from '../api/staff-api';
import '../i18n';
import { Pager } from '../../../components/ui/pager';
import { useUrlState } from '../../../lib/use-url-state';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Users: search by e-mail or name, filter staff / deactivated; open one to act on it. */
export default function UsersPage() {
  const { t, i18n } = useTranslation('staff');
  useDocumentTitle(t('users.title'));
  const url = useUrlState({ replace: true });
  const role = url.get('role');
  const list = useUsers({
    page: url.page,
    search: url.get('search'),
    is_staff: role === 'staff' ? true : undefined,
    is_active: role === 'inactive' ? false : undefined,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <section className="page" aria-labelledby="users-title">
      <h1 id="users-title">{t('users.title')}</h1>
      <div className="staff-toolbar">
        <StaffSearch
          id="user-search"
          label={t('users.search')}
          value={url.get('search')}
          onSearch={(search) => url.set({ search })}
        />
        <label className="staff-select">
          {t('users.show')}
          <select
            value={role ?? ''}
            onChange={(e) => url.set({ role: e.target.value || undefined })}
          >
            <option value="">{t('users.everyone')}</option>
            <option value="staff">{t('users.staff-only')}</option>
            <option value="inactive">{t('users.inactive-only')}</option>
          </select>
        </label>
      </div>
      {list.isPending ? <Spinner label={t('loading')} /> : null}
      {list.isError ? <FormAlert>{t('errors.load')}</FormAlert> : null}
      {list.isSuccess && list.data.count === 0 ? (
        <p className="empty-state">{t('users.empty')}</p>
      ) : null}
      {list.data?.results.length ? (
        <div className="table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t('users.email')}</th>
                <th scope="col">{t('users.name')}</th>
                <th scope="col">{t('users.joined')}</th>
                <th scope="col">{t('users.flags')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.results.map((u) => (
                <tr key={u.id}>
                  <td>
                    <Link to={`/staff/users/${u.id}`}>{u.email}</Link>
                  </td>
                  <td>{`${u.first_name} ${u.last_name}`.trim() || '—'}</td>
                  <td>{date.format(new Date(u.date_joined))}</td>
                  <td>
                    {u.is_staff ? (
                      <span className="badge badge-active">{t('users.staff')}</span>
                    ) : null}{' '}
                    {u.is_active ? null : (
                      <span className="badge badge-rejected">{t('users.inactive')}</span>
                    )}{' '}
                    {u.is_confirmed ? null : (
                      <span className="badge badge-pending">{t('users.unconfirmed')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        pageSize={PAGE_SIZE}
        page={url.page}
        count={list.data?.count ?? 0}
        onPage={(page) => url.set({ page: String(page) })}
      />
    </section>
  );
}
