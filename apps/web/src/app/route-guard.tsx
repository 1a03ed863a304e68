import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { currentUserQueryOptions } from '../lib/current-user';
import { ApiError } from '../lib/api-client';
import { paintedFromHtml } from '../lib/painted-from-html';
import { clearSession, useSession } from '../lib/session';

export const isAuthRoute = (path: string) => path === '/auth' || path.startsWith('/auth/');

/**
 * Steps after sign-up that need a session even though the user may already be allowed in: an
 * allowed user is not sent away from them (decision record 005).
 */
const SIGNED_IN_AUTH_STEPS = ['/auth/onboarding', '/auth/complete-registration'];

/**
 * The route guard of seed §2: nothing on the first render (but a prerendered auth screen); a stored record without a token is
 * cleared; allowed = the profile detail shows is_active and is_confirmed; allowed users leave the
 * auth routes and `/` for /modules; everyone else outside the auth routes goes to /auth/sign-in.
 */
export function RouteGuard({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  const { pathname } = useLocation();
  const { user, token } = useSession();
  const profile = useQuery(currentUserQueryOptions(token));

  useEffect(() => {
    let live = true;
    void Promise.resolve().then(() => live && setMounted(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (user && !token) clearSession();
  }, [user, token]);
  useEffect(() => {
    // A revoked or unknown key: forget it rather than keep asking with it.
    if (profile.error instanceof ApiError && profile.error.status === 401) clearSession();
  }, [profile.error]);

  const onAuthRoute = isAuthRoute(pathname);
  // An auth screen painted from prerendered HTML stays on the first render (hydration adopts
  // it); the guard's rules apply from the next render, as they do after an empty first render.
  if (!mounted) return paintedFromHtml && onAuthRoute ? children : null;

  if (!token) return onAuthRoute ? children : <Navigate to="/auth/sign-in" replace />;
  if (profile.isPending) return fallback;

  const allowed = Boolean(profile.data?.is_active && profile.data?.is_confirmed);
  if (allowed) {
    if (pathname === '/' || (onAuthRoute && !SIGNED_IN_AUTH_STEPS.includes(pathname)))
      return <Navigate to="/modules" replace />;
    return children;
  }
  return onAuthRoute ? children : <Navigate to="/auth/sign-in" replace />;
}
