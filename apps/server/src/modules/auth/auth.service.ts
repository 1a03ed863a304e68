import { AUTH_MESSAGES } from '@qbank/contract/constants';
import type { AuthResponse, LoginRequest, RegistrationRequest } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import { issueToken, type User } from '../../lib/auth';
import { ApiError, detailError, fieldErrors, nonFieldError } from '../../lib/errors';
import { MailError } from '../../lib/mail';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import {
  createUserWithToken,
  deleteToken,
  findUserByEmail,
  rehashPassword,
  updateUser,
} from './auth.repository';
import { checkCode, CODE_TTL_MINUTES, draftCode, issueCode } from './codes';
import { fetchProviderIdentity, type ProviderEndpoints } from './oidc';
import { passwordProblems } from './password-rules';
import { toUserDetail } from './user-detail';

export const {
  loginFailed: LOGIN_FAILED,
  signUpFirst: SIGN_UP_FIRST,
  emailTaken: EMAIL_TAKEN,
} = AUTH_MESSAGES;
export const PASSWORD_MISMATCH = "The two password fields didn't match.";
export const MAIL_FAILED = 'The e-mail could not be sent. Try again later.';

// A hash to check against when the e-mail is unknown, so both cases take the same time.
let dummyHash: Promise<string> | undefined;

const authAnswer = (user: User, key: string): AuthResponse => ({
  key,
  user: toUserDetail(user, key),
});

/** Sends a mail, turning a transport failure into 503 with a sentence the client can show. */
export async function sendOrFail(
  deps: Pick<ServiceDeps, 'mailer'>,
  mail: { to: string; subject: string; text: string },
) {
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    if (err instanceof MailError) throw detailError(503, MAIL_FAILED);
    throw err;
  }
}

export function verificationMail(to: string, code: string) {
  return {
    to,
    subject: 'Your QBank verification code',
    text:
      `Welcome to QBank.\n\nYour e-mail verification code is: ${code}\n\n` +
      `It is valid for ${CODE_TTL_MINUTES} minutes. If you did not create an account, ignore this message.\n`,
  };
}

export async function login(
  deps: Pick<ServiceDeps, 'db'>,
  { email, password }: LoginRequest,
): Promise<AuthResponse> {
  const user = await findUserByEmail(deps.db, email);
  const ok = await verifyPassword(
    password,
    user?.passwordHash ?? (await (dummyHash ??= hashPassword('x'))),
  );
  if (!user || !user.passwordHash || !ok || !user.isActive) throw nonFieldError(LOGIN_FAILED);
  // Hashes made at an older cost are upgraded now, while the password is at hand.
  if (needsRehash(user.passwordHash)) {
    await rehashPassword(deps.db, user.id, user.passwordHash, await hashPassword(password));
  }
  const updated = await updateUser(deps.db, user.id, { lastLogin: new Date() });
  return authAnswer(updated, await issueToken(deps.db, user.id));
}

/**
 * Creates an active, unconfirmed user with a token and a verification code, then mails the code.
 * A mail failure does not undo the account: it is logged, and resend_email_verification_code
 * sends a new code (docs/decisions/001-accounts.md).
 */
export async function register(
  deps: Pick<ServiceDeps, 'db' | 'mailer'>,
  input: RegistrationRequest,
): Promise<AuthResponse> {
  await assertRegistrable(deps.db, input);

  const { code, row } = draftCode('email_verification');
  const created = await createUserWithToken(
    deps.db,
    {
      email: input.email,
      passwordHash: await hashPassword(input.password1),
      firstName: input.first_name ?? '',
      lastName: input.last_name ?? '',
      phone: input.phone ?? '',
      isActive: true,
      isConfirmed: false,
    },
    row,
  );
  if (!created) throw fieldErrors({ email: [EMAIL_TAKEN] });
  try {
    await deps.mailer.send(verificationMail(created.user.email, code));
  } catch (err) {
    if (!(err instanceof MailError)) throw err;
    // Logged by the mailer; the user asks for a new code with resend.
  }
  return authAnswer(created.user, created.key);
}

export async function verifyEmail(
  deps: Pick<ServiceDeps, 'db'>,
  user: User,
  code: string,
): Promise<string> {
  if (user.isConfirmed) return 'The e-mail address is already confirmed.';
  await checkCode(deps.db, { purpose: 'email_verification', code, userId: user.id, consume: true });
  await updateUser(deps.db, user.id, { isConfirmed: true });
  return 'The e-mail address has been confirmed.';
}

export const RESENT =
  'If this address belongs to an unconfirmed account, a new code has been sent to it.';

/** Same answer for an unknown or already confirmed address (no account enumeration). */
export async function resendVerificationCode(
  deps: Pick<ServiceDeps, 'db' | 'mailer'>,
  email: string,
): Promise<string> {
  const user = await findUserByEmail(deps.db, email);
  if (user && user.isActive && !user.isConfirmed) {
    const code = await issueCode(deps.db, user.id, 'email_verification');
    await sendOrFail(deps, verificationMail(user.email, code));
  }
  return RESENT;
}

export async function logout(deps: Pick<ServiceDeps, 'db'>, tokenHash: string): Promise<string> {
  await deleteToken(deps.db, tokenHash);
  return 'Successfully logged out.';
}

const providerEndpoints = (config: ServiceDeps['config']): ProviderEndpoints => ({
  clientId: config.googleClientId,
  tokeninfoUrl: config.oidcTokeninfoUrl,
  userinfoUrl: config.oidcUserinfoUrl,
});

export async function providerSignIn(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  accessToken: string,
): Promise<AuthResponse> {
  const identity = await fetchProviderIdentity(providerEndpoints(deps.config), accessToken);
  const user = await findUserByEmail(deps.db, identity.email);
  if (!user) throw nonFieldError(SIGN_UP_FIRST);
  if (!user.isActive) throw nonFieldError(LOGIN_FAILED);
  // The provider has verified the address: that confirms it here too.
  const updated = await updateUser(deps.db, user.id, { lastLogin: new Date(), isConfirmed: true });
  return authAnswer(updated, await issueToken(deps.db, user.id));
}

/** A confirmed user without a password (they sign in with the provider, or reset one). */
export async function providerSignUp(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  accessToken: string,
): Promise<AuthResponse> {
  const identity = await fetchProviderIdentity(providerEndpoints(deps.config), accessToken);
  const emailTaken = () => new ApiError(400, { email: [EMAIL_TAKEN] });
  if (await findUserByEmail(deps.db, identity.email)) throw emailTaken();
  const created = await createUserWithToken(deps.db, {
    email: identity.email,
    passwordHash: null,
    firstName: identity.firstName,
    lastName: identity.lastName,
    isActive: true,
    isConfirmed: true,
    lastLogin: new Date(),
  });
  if (!created) throw emailTaken();
  return authAnswer(created.user, created.key);
}

/**
 * The registration rules of a new account (PRODUCT.md §2): a free e-mail and an acceptable
 * password, both reported at once as field errors, then the two passwords matching.
 */
export async function assertRegistrable(
  db: ServiceDeps['db'],
  input: Pick<
    RegistrationRequest,
    'email' | 'first_name' | 'last_name' | 'password1' | 'password2'
  >,
): Promise<void> {
  const owner = { email: input.email, first_name: input.first_name, last_name: input.last_name };
  const errors: Record<string, string[]> = {};
  if (await findUserByEmail(db, input.email)) errors.email = [EMAIL_TAKEN];
  const problems = passwordProblems(input.password1, owner);
  if (problems.length) errors.password1 = problems;
  if (Object.keys(errors).length) throw fieldErrors(errors);
  if (input.password1 !== input.password2) throw nonFieldError(PASSWORD_MISMATCH);
}
