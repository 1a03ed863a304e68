import { AUTH_MESSAGES } from '@qbank/contract/constants';
import { ApiError } from './api-client';

/**
 * Seed §8: server answers → translation keys (under `errors.` in common.json). One function per
 * situation of the catalogue, so each screen shows exactly the message the catalogue names.
 */
const MESSAGES = AUTH_MESSAGES;

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, null);
}

function hasMessage(error: ApiError, message: string): boolean {
  return error.messages.some((m) => m === message);
}

function mentionsTooCommon(error: ApiError): boolean {
  return error.messages.some((m) => m.toLowerCase().includes('too common'));
}

export function loginErrorKey(error: unknown): string {
  const e = asApiError(error);
  return hasMessage(e, MESSAGES.loginFailed)
    ? 'errors.unable-to-log-in-with-provided-credentials'
    : 'errors.someone-chose-wrong-try-again';
}

export function providerSignInErrorKey(error: unknown): string {
  const e = asApiError(error);
  return hasMessage(e, MESSAGES.signUpFirst)
    ? 'errors.user-does-not-exist-please-sign-up'
    : 'errors.someone-chose-wrong-try-again';
}

/** Registration and provider sign-up. The server answers 400 on `email` for a taken address. */
export function registrationErrorKey(error: unknown): string {
  const e = asApiError(error);
  if (e.status === 500 || (e.status === 400 && hasMessage(e, MESSAGES.emailTaken)))
    return 'errors.account-exist';
  if (e.status === 400 && mentionsTooCommon(e)) return 'errors.password-too-common';
  if (e.status === 400) return 'errors.bad-request';
  return 'errors.someone-chose-wrong-try-again';
}

export function resetRequestErrorKey(error: unknown): string {
  return asApiError(error).status === 400 ? 'errors.invalid-e-mail-address' : 'errors.bad-request';
}

/** Reset confirmation (verify_code and verify_email of the password reset). */
export function resetConfirmErrorKey(error: unknown): string {
  const e = asApiError(error);
  if (e.status === 500) return 'errors.internal-server-error';
  if (e.status === 401) return 'errors.invalid-credentials';
  if (e.status === 400) {
    return mentionsTooCommon(e) || e.fieldMessages('new_password2').length > 0
      ? 'errors.password-too-common'
      : 'errors.bad-request';
  }
  return 'errors.generic-retry';
}

/** Check subscription and verify e-mail. */
export function verifyEmailErrorKey(error: unknown): string {
  const e = asApiError(error);
  if (e.status === 500) return 'errors.internal-server-error';
  if (e.status === 401) return 'errors.invalid-credentials';
  if (e.status === 400) return 'errors.unable-to-log-in-with-provided-credentials';
  if (e.status) return 'errors.generic-retry';
  return 'errors.unknown';
}

/** The first message the server gave for one field, to show beside it (e.g. a wrong code). */
export function fieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldMessages(field)[0] : undefined;
}

/** 429 answers carry the wait in their detail; screens with a cooldown show it as is. */
export function throttledDetail(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  return error.messages[0];
}
