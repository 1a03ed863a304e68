import type { ResetCodeRequest, ResetConfirmRequest } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import { fieldErrors, nonFieldError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { findUserByEmail, findUserById, setPasswordAndRevokeTokens } from './auth.repository';
import { PASSWORD_MISMATCH, sendOrFail } from './auth.service';
import { checkCode, CODE_TTL_MINUTES, invalidCode, issueCode } from './codes';
import { passwordProblems } from './password-rules';
import { invalidateUsers } from '../../lib/cache';

export const RESET_SENT =
  'If this address belongs to an account, a password reset code has been sent to it.';
export const CODE_VALID = 'The code is valid.';
export const PASSWORD_RESET = 'Password has been reset with the new password.';

/** Mails a reset code; the same answer for an unknown address (no account enumeration). */
export async function requestReset(
  deps: Pick<ServiceDeps, 'db' | 'mailer'>,
  email: string,
): Promise<string> {
  const user = await findUserByEmail(deps.db, email);
  if (user && user.isActive) {
    const code = await issueCode(deps.db, user.id, 'password_reset');
    await sendOrFail(deps, {
      to: user.email,
      subject: 'Your QBank password reset code',
      text:
        `Your password reset code is: ${code}\n\nIt is valid for ${CODE_TTL_MINUTES} minutes. ` +
        'If you did not ask to reset your password, ignore this message: your password is unchanged.\n',
    });
  }
  return RESET_SENT;
}

/**
 * The account a reset request is about: scoped by `email` when given (wrong tries then count
 * against that account's code), else undefined and the code is looked up among live reset codes.
 */
async function scopeUserId(
  deps: Pick<ServiceDeps, 'db'>,
  email: string | undefined,
): Promise<number | undefined | null> {
  if (email === undefined) return undefined;
  const user = await findUserByEmail(deps.db, email);
  return user && user.isActive ? user.id : null;
}

export async function verifyResetCode(
  deps: Pick<ServiceDeps, 'db'>,
  { code, email }: ResetCodeRequest,
): Promise<string> {
  const userId = await scopeUserId(deps, email);
  if (userId === null) throw invalidCode();
  await checkCode(deps.db, { purpose: 'password_reset', code, userId, consume: false });
  return CODE_VALID;
}

/** Sets the new password, uses the code up and revokes every token of the account. */
export async function confirmReset(
  deps: Pick<ServiceDeps, 'db'>,
  input: ResetConfirmRequest,
): Promise<string> {
  const userId = await scopeUserId(deps, input.email);
  if (userId === null) throw invalidCode();
  // Check first (without using it up) so a bad password does not burn the code.
  const row = await checkCode(deps.db, {
    purpose: 'password_reset',
    code: input.code,
    userId,
    consume: false,
  });
  const user = await findUserById(deps.db, row.userId);
  if (!user || !user.isActive) throw invalidCode();
  const problems = passwordProblems(input.new_password1, {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
  });
  if (problems.length) throw fieldErrors({ new_password1: problems });
  if (input.new_password1 !== input.new_password2) throw nonFieldError(PASSWORD_MISMATCH);
  await checkCode(deps.db, {
    purpose: 'password_reset',
    code: input.code,
    userId: user.id,
    consume: true,
  });
  await setPasswordAndRevokeTokens(deps.db, user.id, await hashPassword(input.new_password1));
  // The caller is anonymous, so the write hook does not know whose tokens just died.
  await invalidateUsers(deps.db, [user.id]);
  return PASSWORD_RESET;
}
