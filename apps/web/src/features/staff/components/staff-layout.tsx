import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
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
  ['/staff/questions', 'nav.questions'],
  ['/staff/catalogue', 'nav.catalogue'],
  ['/staff/cases', 'nav.cases'],
  ['/staff/imports', 'nav.imports'],
] as const;

/** The back office frame: a section nav beside (desktop) or above (phone) the current screen. */
export default function StaffLayout() {
  const { t } = useTranslation('staff');
  return (
    <div className="staff-shell">
      <nav className="staff-nav" aria-label={t('nav.label')}>
        <p className="staff-nav-title">{t('nav.title')}</p>
        <ul>
          {LINKS.map(([to, key]) => (
            <li key={to}>
              <NavLink to={to}>{t(key)}</NavLink>
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
