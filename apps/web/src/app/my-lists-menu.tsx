import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import './my-lists-menu.css';

const LINKS = [
  ['/notes', 'nav-lists.notes'],
  ['/playlists', 'nav-lists.playlists'],
  ['/favourites', 'nav-lists.favourites'],
  ['/hidden', 'nav-lists.hidden'],
  ['/reports', 'nav-lists.reports'],
  ['/my-modules', 'nav-lists.my-modules'],
  ['/review', 'nav-lists.review'],
  ['/mistakes', 'nav-lists.mistakes'],
] as const;

/**
 * "My lists": a disclosure (details/summary, no script), so the header stays one short row on a
 * phone. It closes when a link is followed (keyed on the path).
 */
export function MyListsMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const here = LINKS.some(([to]) => pathname === to || pathname.startsWith(`${to}/`));
  return (
    <details className="nav-menu" key={pathname}>
      <summary className={here ? 'is-current' : undefined}>{t('nav-lists.title')}</summary>
      <ul>
        {LINKS.map(([to, label]) => (
          <li key={to}>
            <NavLink to={to}>{t(label)}</NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
