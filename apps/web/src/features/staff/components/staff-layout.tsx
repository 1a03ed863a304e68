import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useBackupStatus } from '../api/backup-status';
import { usePurchases } from '../api/staff-api';
import '../i18n';
import '../staff.css';

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
  ['/staff/mock-exams', 'nav.mock-exams'],
] as const;

/** Purchases waiting for a decision: a payment no one looks at is a learner waiting. */
function PendingCount() {
  const { t } = useTranslation('staff');
  const pending = usePurchases({ status: 'pending', page_size: 1 });
  const count = pending.data?.count ?? 0;
  if (!count) return null;
  return (
    <span className="nav-count">
      {count}
      <span className="visually-hidden"> {t('nav.pending-word')}</span>
    </span>
  );
}

/**
 * The back office frame: a section nav beside the current screen on a desktop; on a phone a menu
 * button naming the current section opens the full list (a sideways strip hid most sections).
 */
export default function StaffLayout() {
  const { t } = useTranslation('staff');
  // A failed, overdue or missing backup is flagged on every back-office screen.
  const backups = useBackupStatus();
  const attention = backups.data && backups.data.state !== 'ok';
  const { pathname } = useLocation();
  // Open on the page where it was opened: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const current = LINKS.find(([to]) => pathname.startsWith(to));
  return (
    <div className="staff-shell">
      <nav className="staff-nav" aria-label={t('nav.label')} data-open={open}>
        <p className="staff-nav-title">{t('nav.title')}</p>
        <button
          type="button"
          className="staff-nav-toggle"
          aria-expanded={open}
          aria-controls="staff-nav-list"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <span className="visually-hidden">{t('nav.menu')}: </span>
          {current ? t(current[1]) : t('nav.menu')}
          <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
        </button>
        <ul id="staff-nav-list">
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
                {to === '/staff/purchases' ? <PendingCount /> : null}
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
