import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { Button } from '../components/ui/button';
import { useCurrentUser } from '../lib/current-user';
import { useSyncTimeZone } from '../lib/time-zone';
import { AboutFooter } from './about-footer';
import { AccountMenu } from './account-menu';
import './app-layout.css';
import { MyListsMenu } from './my-lists-menu';

/** The bell arrives after the page: it is not part of the first load. */
const NotificationBell = lazy(
  () => import('../features/notifications/components/notification-bell'),
);

/**
 * The frame of the signed-in screens: skip link, header with navigation, content, footer. The
 * learner's own pages, the theme and signing out sit in the account menu, so the header keeps
 * one line on a desktop.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const isStaff = useCurrentUser().data?.is_staff === true;
  // On a phone the links fold behind a menu button, so the header never scrolls sideways.
  const [menuOpen, setMenuOpen] = useState(false);
  // Once per page load after sign-in, wherever the learner lands (issue 38).
  useSyncTimeZone();

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="app-header">
        <NavLink to="/modules" className="brand">
          <span className="brand-mark" aria-hidden="true">
            Q
          </span>
          <span className="brand-name">{t('app.name')}</span>
        </NavLink>
        <Button
          variant="secondary"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {t('nav.menu')}
        </Button>
        <nav
          id="main-nav"
          aria-label={t('nav.label')}
          className={menuOpen ? 'nav-open' : undefined}
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('a')) setMenuOpen(false);
          }}
        >
          <ul>
            <li>
              <NavLink to="/modules">{t('nav.modules')}</NavLink>
            </li>
            <li>
              <NavLink to="/search">{t('nav.search')}</NavLink>
            </li>
            <li>
              <NavLink to="/sessions">{t('nav.sessions')}</NavLink>
            </li>
            <li>
              <NavLink to="/exam" end>
                {t('nav.exam')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/papers">{t('nav.papers')}</NavLink>
            </li>
            <li>
              <NavLink to="/history">{t('nav.history')}</NavLink>
            </li>
            <li>
              <NavLink to="/dashboard">{t('nav.dashboard')}</NavLink>
            </li>
            {isStaff ? (
              <li>
                <NavLink to="/staff">{t('nav.staff')}</NavLink>
              </li>
            ) : null}
          </ul>
          <MyListsMenu />
        </nav>
        <div className="header-actions">
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
          <AccountMenu />
        </div>
      </header>
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <AboutFooter />
    </div>
  );
}
