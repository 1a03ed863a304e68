import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeCodes, users } from '../../db/schema/index';
import { setupTestApp } from '../../../test/helper';
import { buildUser } from '../../../test/factories';
import { freshEmail, freshIp, register, startMailbox, STRONG_PASSWORD } from './auth.test-support';

const mailbox = await startMailbox();
const { app, database } = await setupTestApp({ SMTP_URL: mailbox.url });
const db = database.db;

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) => app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });

const registration = (fields: Record<string, unknown>, remoteAddress = freshIp()) =>
  post(
    '/api/auth/registration/',
    { email: freshEmail(), password1: STRONG_PASSWORD, password2: STRONG_PASSWORD, ...fields },
    {},
    remoteAddress,
  );

describe('POST /api/auth/registration/', () => {
  it('creates an active, unconfirmed user, answers 201 {key, user} and mails a code', async () => {
    const email = freshEmail();
    const res = await registration({
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+213 555 0101',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.key).toMatch(/^[0-9a-f]{40}$/);
    expect(body.user).toMatchObject({
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+213 555 0101',
      image: null,
      date_of_birth: null,
      is_active: true,
      is_confirmed: false,
      is_staff: false,
      token: body.key,
    });
    expect(new Date(body.user.date_joined).getTime()).toBeGreaterThan(0);
    expect(mailbox.lastCode(email)).toMatch(/^\d{6}$/);
    // The code is stored hashed only.
    const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, body.user.id));
    expect(row!.codeHash).not.toContain(mailbox.lastCode(email));
    const [user] = await db.select().from(users).where(eq(users.id, body.user.id));
    expect(user!.passwordHash).toMatch(/^scrypt\$/);
  });

  it('refuses an e-mail already registered, whatever its case', async () => {
    const { user } = await buildUser(db);
    const res = await registration({ email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['A user is already registered with this e-mail address.'],
    });
  });

  it("answers the two passwords' mismatch as a non-field error", async () => {
    const res = await registration({ password2: 'Something-Else-55' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ["The two password fields didn't match."] });
  });

  it.each([
    ['password', ['This password is too common.']],
    ['short1', ['This password is too short. It must contain at least 8 characters.']],
    ['12345678', ['This password is too common.', 'This password is entirely numeric.']],
    ['84736291047', ['This password is entirely numeric.']],
  ])('applies Django password validators to %s', async (password, messages) => {
    const res = await registration({ password1: password, password2: password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password1: messages });
  });

  it('refuses a password too similar to the e-mail or names', async () => {
    const email = freshEmail('marguerite');
    const byEmail = await registration({ email, password1: email, password2: email });
    expect(byEmail.json()).toEqual({ password1: ['The password is too similar to the email.'] });
    const byName = await registration({
      first_name: 'Bartholomew',
      password1: 'Bartholomew7',
      password2: 'Bartholomew7',
    });
    expect(byName.json()).toEqual({
      password1: ['The password is too similar to the first name.'],
    });
  });

  it('validates every field with DRF messages', async () => {
    const missing = await post('/api/auth/registration/', {}, {}, freshIp());
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      email: ['This field is required.'],
      password1: ['This field is required.'],
      password2: ['This field is required.'],
    });
    const bad = await registration({ email: 'not-an-address', first_name: 'x'.repeat(151) });
    expect(bad.json()).toEqual({
      email: ['Enter a valid email address.'],
      first_name: ['Ensure this field has no more than 150 characters.'],
    });
    const wrongType = await registration({ password1: 12345678 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ password1: ['Not a valid string.'] });
  });

  it('throttles registrations per address with 429 and Retry-After', async () => {
    const email = freshEmail();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await registration({ email, password2: 'mismatch-on-purpose' });
      answers.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().detail).toMatch(
          /^Request was throttled\. Expected available in \d+ seconds\.$/,
        );
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('POST /api/auth/verify_email/', () => {
  it('confirms the caller with the mailed code, once', async () => {
    const account = await register(app, mailbox);
    const res = await post('/api/auth/verify_email/', { code: account.code }, account.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'The e-mail address has been confirmed.' });
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user/',
      headers: account.headers,
    });
    expect(me.json().is_confirmed).toBe(true);
    const again = await post('/api/auth/verify_email/', { code: account.code }, account.headers);
    expect(again.json()).toEqual({ detail: 'The e-mail address is already confirmed.' });
  });

  it('refuses a wrong code, and after 5 wrong tries the right one too', async () => {
    const account = await register(app, mailbox);
    const wrong = account.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/verify_email/', { code: wrong }, account.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: ['Invalid or expired code.'] });
    }
    const right = await post('/api/auth/verify_email/', { code: account.code }, account.headers);
    expect(right.json()).toEqual({ code: ['Invalid or expired code.'] });
  });

  it('refuses an expired code', async () => {
    const account = await register(app, mailbox);
    await db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, account.user.id));
    const res = await post('/api/auth/verify_email/', { code: account.code }, account.headers);
    expect(res.json()).toEqual({ code: ['Invalid or expired code.'] });
  });

  it("does not accept another user's code", async () => {
    const first = await register(app, mailbox);
    const second = await register(app, mailbox);
    if (first.code === second.code) return;
    const res = await post('/api/auth/verify_email/', { code: first.code }, second.headers);
    expect(res.json()).toEqual({ code: ['Invalid or expired code.'] });
  });

  it('needs a token and a code', async () => {
    const anonymous = await post('/api/auth/verify_email/', { code: '123456' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const account = await register(app, mailbox);
    const missing = await post('/api/auth/verify_email/', {}, account.headers);
    expect(missing.json()).toEqual({ code: ['This field is required.'] });
  });
});

describe('POST /api/auth/resend_email_verification_code/', () => {
  it('mails a new code that replaces the old one', async () => {
    const account = await register(app, mailbox);
    const res = await post('/api/auth/resend_email_verification_code/', { email: account.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: 'If this address belongs to an unconfirmed account, a new code has been sent to it.',
    });
    expect(mailbox.count(account.email)).toBe(2);
    const fresh = mailbox.lastCode(account.email);
    if (fresh !== account.code) {
      const old = await post('/api/auth/verify_email/', { code: account.code }, account.headers);
      expect(old.json()).toEqual({ code: ['Invalid or expired code.'] });
    }
    const ok = await post('/api/auth/verify_email/', { code: fresh }, account.headers);
    expect(ok.statusCode).toBe(200);
  });

  it('answers 200 for an unknown address and sends nothing', async () => {
    const email = freshEmail('nobody');
    const res = await post('/api/auth/resend_email_verification_code/', { email });
    expect(res.statusCode).toBe(200);
    expect(mailbox.count(email)).toBe(0);
  });

  it('allows one a minute per address (429 with Retry-After)', async () => {
    const account = await register(app, mailbox);
    await post('/api/auth/resend_email_verification_code/', { email: account.email });
    const res = await post('/api/auth/resend_email_verification_code/', {
      email: account.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(
      /^Request was throttled\. Expected available in ([1-9]|[1-5]\d|60) seconds\.$/,
    );
    expect(res.headers['retry-after']).toBeDefined();
    expect(mailbox.count(account.email)).toBe(2);
  });

  it('refuses a malformed address', async () => {
    const res = await post('/api/auth/resend_email_verification_code/', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Enter a valid email address.'] });
  });
});

describe('concurrent registrations of one address', () => {
  it('create one account; the other answers the e-mail error', async () => {
    const email = freshEmail('race');
    const [a, b] = await Promise.all([registration({ email }), registration({ email })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json()).toEqual({
      email: ['A user is already registered with this e-mail address.'],
    });
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('validates the phone number', async () => {
    const res = await registration({ phone: 'call me maybe' });
    expect(res.json()).toEqual({ phone: ['Enter a valid phone number.'] });
  });
});
