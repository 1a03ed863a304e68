import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useBackupStatus } from '../api/backup-status';
import '../i18n';
import '../staff.css';

/** Operations first; the content screens (question bank, catalogue, imports) come with their branch. */
const LINKS = [
  ['/staff/purchases', 'nav.purchases'],
  ['/staff/plans', 'nav.plans'],
  ['/staff/reports', 'nav.reports'],
  ['/staff/comments', 'nav.comments'],
  ['/staff/users', 'nav.users'],
  ['/staff/audit', 'nav.audit'],
  ['/staff/backups', 'nav.backups'],
  ['/staff/questions', 'nav.questions'],
  ['/staff/catalogue', 'nav.catalogue'],
  ['/staff/cases', 'nav.cases'],
  ['/staff/imports', 'nav.imports'],
] as const;

/** The back office frame: a section nav beside (desktop) or above (phone) the current screen. */
export default function StaffLayout() {
  const { t } = useTranslation('staff');
  // A failed, overdue or missing backup is flagged on every back-office screen.
  const backups = useBackupStatus();
  const attention = backups.data && backups.data.state !== 'ok';
  return (
    <div className="staff-shell">
      <nav className="staff-nav" aria-label={t('nav.label')}>
        <p className="staff-nav-title">{t('nav.title')}</p>
        <ul>
          {LINKS.map(([to, key]) => (
            <li key={to}>
              <NavLink to={to}>
                {t(key)}
                {to === '/staff/backups' && attention ? (
                  <span className="backup-flag" title={t('nav.backups-attention')}>
                    <span aria-hidden="true"> ⚠</span>
                    <span className="visually-hidden">{t('nav.backups-attention')}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="staff-content">
        <Outlet />
      </div>
    </div>
  );
}
