import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../db/schema/index';
import { setupTestApp } from '../../../test/helper';
import { buildUser, DEFAULT_PASSWORD } from '../../../test/factories';
import { freshEmail, freshIp, startMailbox } from './auth.test-support';

const mailbox = await startMailbox();
const { app, database } = await setupTestApp({ SMTP_URL: mailbox.url });
const db = database.db;

const NEW_PASSWORD = 'Quartz-Lantern-683';
const INVALID = { code: ['Invalid or expired code.'] };

const post = (
  url: string,
  payload: unknown,
  remoteAddress = freshIp(),
  headers: Record<string, string> = {},
) => app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, headers });

/** A confirmed user who asked for a reset; answers them and the mailed code. */
async function requested() {
  const account = await buildUser(db, { email: freshEmail('reset') });
  const res = await post('/api/password-reset/request/', { email: account.user.email });
  expect(res.statusCode).toBe(200);
  return { ...account, code: mailbox.lastCode(account.user.email) };
}

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /api/password-reset/request/', () => {
  it('mails a 6-digit code to a known address', async () => {
    const { code } = await requested();
    expect(code).toMatch(/^\d{6}$/);
  });

  it('answers the same 200 for an unknown but well-formed address, and mails nothing', async () => {
    const known = await buildUser(db);
    const a = await post('/api/password-reset/request/', { email: known.user.email });
    const email = freshEmail('ghost');
    const b = await post('/api/password-reset/request/', { email });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(b.json()).toEqual({
      detail: 'If this address belongs to an account, a password reset code has been sent to it.',
    });
    expect(mailbox.count(email)).toBe(0);
  });

  it('refuses a malformed or missing address', async () => {
    const bad = await post('/api/password-reset/request/', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: ['Enter a valid email address.'] });
    const missing = await post('/api/password-reset/request/', {});
    expect(missing.json()).toEqual({ email: ['This field is required.'] });
  });

  it('throttles requests per address', async () => {
    const email = freshEmail('ghost');
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('/api/password-reset/request/', { email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /api/password-reset/verify_code/', () => {
  it('checks a code without using it up, with or without the e-mail', async () => {
    const { user, code } = await requested();
    for (const payload of [{ code }, { code, email: user.email }, { code: ` ${code} ` }]) {
      const res = await post('/api/password-reset/verify_code/', payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'The code is valid.' });
    }
  });

  it('refuses a wrong, malformed, expired or other-account code', async () => {
    const { user, code } = await requested();
    const other = await buildUser(db);
    for (const payload of [
      { code: otherCode(code), email: user.email },
      { code: 'abc' },
      { code, email: other.user.email },
      { code, email: freshEmail('ghost') },
    ]) {
      const res = await post('/api/password-reset/verify_code/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID);
    }
    await db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'password_reset')));
    expect((await post('/api/password-reset/verify_code/', { code })).json()).toEqual(INVALID);
  });

  it('needs a new code after 5 wrong tries for the account', async () => {
    const { user, code } = await requested();
    for (let i = 0; i < 5; i++) {
      await post('/api/password-reset/verify_code/', { code: otherCode(code), email: user.email });
    }
    expect(
      (await post('/api/password-reset/verify_code/', { code, email: user.email })).json(),
    ).toEqual(INVALID);
    expect((await post('/api/password-reset/verify_code/', { code })).json()).toEqual(INVALID);
  });

  it('throttles code checks per IP', async () => {
    const ip = freshIp();
    const statuses = new Set<number>();
    for (let i = 0; i < 61; i++) {
      const res = await post('/api/password-reset/verify_code/', { code: '999999x' }, ip);
      if (i < 60) statuses.add(res.statusCode);
      else {
        expect(res.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect([...statuses]).toEqual([400]);
  });

  it('validates the body', async () => {
    const res = await post('/api/password-reset/verify_code/', { code: 123456 });
    expect(res.json()).toEqual({ code: ['Not a valid string.'] });
    const missing = await post('/api/password-reset/verify_code/', {});
    expect(missing.json()).toEqual({ code: ['This field is required.'] });
  });
});

describe('POST /api/password-reset/verify_email/', () => {
  it('sets the new password, uses the code up and revokes every token', async () => {
    const { user, headers, code } = await requested();
    const res = await post('/api/password-reset/verify_email/', {
      code,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password has been reset with the new password.' });
    expect((await app.inject({ method: 'GET', url: '/api/auth/user/', headers })).statusCode).toBe(
      401,
    );
    const oldLogin = await post('/api/auth/login/', {
      email: user.email,
      password: DEFAULT_PASSWORD,
    });
    expect(oldLogin.statusCode).toBe(400);
    const newLogin = await post('/api/auth/login/', { email: user.email, password: NEW_PASSWORD });
    expect(newLogin.statusCode).toBe(200);
    const reuse = await post('/api/password-reset/verify_email/', {
      code,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(reuse.json()).toEqual(INVALID);
    expect((await post('/api/password-reset/verify_code/', { code })).json()).toEqual(INVALID);
  });

  it('refuses a common password on new_password1 without using the code up', async () => {
    const { user, code } = await requested();
    const res = await post('/api/password-reset/verify_email/', {
      code,
      new_password1: 'qwerty123',
      new_password2: 'qwerty123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ new_password1: ['This password is too common.'] });
    const similar = await post('/api/password-reset/verify_email/', {
      code,
      new_password1: user.email,
      new_password2: user.email,
    });
    expect(similar.json()).toEqual({
      new_password1: ['The password is too similar to the email.'],
    });
    expect((await post('/api/password-reset/verify_code/', { code })).statusCode).toBe(200);
  });

  it('answers a mismatch and a missing new_password2', async () => {
    const { code } = await requested();
    const mismatch = await post('/api/password-reset/verify_email/', {
      code,
      new_password1: NEW_PASSWORD,
      new_password2: `${NEW_PASSWORD}!`,
    });
    expect(mismatch.json()).toEqual({
      non_field_errors: ["The two password fields didn't match."],
    });
    const missing = await post('/api/password-reset/verify_email/', {
      code,
      new_password1: NEW_PASSWORD,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ new_password2: ['This field is required.'] });
  });

  it('refuses a bad code', async () => {
    const { code } = await requested();
    const res = await post('/api/password-reset/verify_email/', {
      code: otherCode(code),
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(res.json()).toEqual(INVALID);
  });

  it('gives each live reset code to one account only', async () => {
    const first = await requested();
    const second = await requested();
    expect(first.code).not.toBe(second.code);
  });
});
