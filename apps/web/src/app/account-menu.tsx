import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { logout, useCurrentUser } from '../lib/current-user';
import { updateSettings, useSettings } from '../lib/settings';
import './account-menu.css';

const LINKS = [
  ['/settings', 'nav.settings'],
  ['/profile', 'nav.profile'],
  ['/subscriptions', 'nav.subscriptions'],
] as const;

/** Every item of the open menu, in order (links and buttons alike carry a menu role). */
const itemsOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []),
];

/**
 * The learner's account (WAI-ARIA menu button): their initial and name open a menu of their
 * pages, the theme and signing out, so the header keeps one line. Arrow keys, Home and End move
 * in it; Escape closes it and gives the focus back to the button; Tab or a click elsewhere
 * closes it. The same button serves the phone, where the main links fold behind "Menu".
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useCurrentUser().data;
  const settings = useSettings();
  const dark = settings.displayMode === 'dark';
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  // Which item takes the focus once the menu shows (-1: the last one).
  const focusOnOpen = useRef(0);
  const name = user?.first_name || user?.email || t('nav.account');
  const here = LINKS.some(([to]) => pathname === to);

  useEffect(() => {
    if (!open) return;
    const items = itemsOf(menu.current);
    items.at(focusOnOpen.current)?.focus();
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  function show(first: number) {
    focusOnOpen.current = first;
    setOpen(true);
  }

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onButtonKey(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 0 : -1);
    }
  }

  function onMenuKey(event: KeyboardEvent) {
    const items = itemsOf(menu.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(-1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') setOpen(false);
  }

  async function signOut() {
    setLeaving(true);
    await logout();
    void navigate('/auth/sign-in', { replace: true });
  }

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className={`account-button${here ? ' is-current' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? setOpen(false) : show(0))}
        onKeyDown={onButtonKey}
      >
        <span className="account-avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="account-name">{name}</span>
      </button>
      <ul
        ref={menu}
        id={menuId}
        role="menu"
        aria-label={t('nav.account')}
        hidden={!open}
        onKeyDown={onMenuKey}
        onClick={(event) => {
          // Following a link closes the menu.
          if ((event.target as HTMLElement).closest('a')) setOpen(false);
        }}
      >
        {LINKS.map(([to, label]) => (
          <li key={to} role="none">
            <NavLink to={to} role="menuitem" tabIndex={-1}>
              {t(label)}
            </NavLink>
          </li>
        ))}
        <li role="separator" />
        <li role="none">
          <button
            type="button"
            role="menuitemcheckbox"
            aria-checked={dark}
            tabIndex={-1}
            onClick={() => updateSettings({ displayMode: dark ? 'light' : 'dark' })}
          >
            <span aria-hidden="true">{dark ? '☀' : '☾'}</span> {t('nav.dark-mode')}
          </button>
        </li>
        <li role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-busy={leaving || undefined}
            disabled={leaving}
            onClick={() => void signOut()}
          >
            {t('nav.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
