import type { UserDetail } from '@qbank/contract/auth';
import { useSyncExternalStore } from 'react';
import { readCookie, removeCookie, writeCookie } from './cookies';

/** The user detail of GET /api/auth/user/ (seed §3 "User session"), as the contract defines it. */
export type SessionUser = UserDetail;

export const USER_COOKIE = 'user';
export const ACCESS_TOKEN_COOKIE = 'accessToken';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';

type Snapshot = { user: Partial<SessionUser> | null; token: string | null };

let cached: Snapshot = { user: null, token: null };
let cachedKey: string | null = null;
const listeners = new Set<() => void>();

/** The stored record: the `user` cookie holds the detail as JSON (with the token). */
function readSnapshot(): Snapshot {
  const raw = readCookie(USER_COOKIE);
  const tokenCookie = readCookie(ACCESS_TOKEN_COOKIE);
  const key = `${raw ?? ''}\u0000${tokenCookie ?? ''}`;
  if (key === cachedKey) return cached;
  cachedKey = key;
  let user: Partial<SessionUser> | null = null;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      user = parsed && typeof parsed === 'object' ? (parsed as Partial<SessionUser>) : null;
    } catch {
      user = null;
    }
  }
  cached = { user, token: tokenFrom(user) ?? (user ? tokenCookie : null) };
  return cached;
}

function tokenFrom(user: Partial<SessionUser> | null): string | null {
  return user && typeof user.token === 'string' && user.token ? user.token : null;
}

function notify() {
  for (const listener of listeners) listener();
}

export function getSession(): Snapshot {
  return readSnapshot();
}

export function getToken(): string | null {
  return readSnapshot().token;
}

/** Stores the user and key of a sign-in, sign-up or profile answer in the session cookies. */
export function saveSession(user: SessionUser, token?: string): void {
  const key = token ?? user.token ?? getToken();
  const record = { ...user, token: key ?? null };
  writeCookie(USER_COOKIE, JSON.stringify(record));
  if (key) writeCookie(ACCESS_TOKEN_COOKIE, key);
  notify();
}

/** A profile update merges the returned fields into the stored user detail (seed §4). */
export function mergeSessionUser(fields: Partial<SessionUser>): void {
  const current = readSnapshot();
  if (!current.user) return;
  const record = { ...current.user, ...fields, token: current.token };
  writeCookie(USER_COOKIE, JSON.stringify(record));
  notify();
}

export function clearSession(): void {
  removeCookie(USER_COOKIE);
  removeCookie(ACCESS_TOKEN_COOKIE);
  removeCookie(REFRESH_TOKEN_COOKIE);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What prerendered HTML was made with: nobody signed in (hydration then reads the cookies). */
const SIGNED_OUT: Snapshot = { user: null, token: null };
const signedOut = () => SIGNED_OUT;

export function useSession(): Snapshot {
  return useSyncExternalStore(subscribe, readSnapshot, signedOut);
}
