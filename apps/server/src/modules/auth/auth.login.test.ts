import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, users } from '../../db/schema/index';
import { hashToken } from '../../lib/auth';
import { hashPassword } from '../../lib/passwords';
import { setupTestApp } from '../../../test/helper';
import { buildUser, DEFAULT_PASSWORD } from '../../../test/factories';
import { freshEmail, freshIp } from './auth.test-support';

const { app, database } = await setupTestApp({ GOOGLE_CLIENT_ID: 'client-123.apps.example' });
const db = database.db;

const login = (payload: unknown, remoteAddress = freshIp()) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: payload as object,
    remoteAddress,
  });

describe('POST /api/auth/login/', () => {
  it('answers {key, user} with a new 40-hex key, whatever the case of the e-mail', async () => {
    const { user } = await buildUser(db, {
      firstName: 'Grace',
      lastName: 'Hopper',
      dateOfBirth: '1990-12-09',
    });
    const res = await login({ email: user.email.toUpperCase(), password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.key).toMatch(/^[0-9a-f]{40}$/);
    expect(body.user).toEqual({
      id: user.id,
      email: user.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '',
      image: null,
      date_of_birth: '1990-12-09',
      is_active: true,
      is_confirmed: true,
      is_staff: false,
      date_joined: user.dateJoined.toISOString(),
      token: body.key,
    });
    // Stored only as a hash.
    const rows = await db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashToken(body.key)));
    expect(rows).toHaveLength(1);
  });

  it('lets an unconfirmed user in, saying is_confirmed false', async () => {
    const { user } = await buildUser(db, { isConfirmed: false });
    const res = await login({ email: user.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.is_confirmed).toBe(false);
  });

  it('rehashes a password stored at the old scrypt cost at the next successful sign-in', async () => {
    const oldCost = await hashPassword(DEFAULT_PASSWORD, { N: 2 ** 15, r: 8, p: 1 });
    const { user } = await buildUser(db, { passwordHash: oldCost });
    const storedHash = async () =>
      (await db.select().from(users).where(eq(users.id, user.id)))[0]!.passwordHash!;

    expect((await login({ email: user.email, password: 'Wrong-Password-1' })).statusCode).toBe(400);
    expect(await storedHash()).toBe(oldCost);

    expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    const upgraded = await storedHash();
    expect(upgraded).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    expect(await storedHash()).toBe(upgraded);
  });

  it.each([
    [
      'a wrong password',
      async () => ({ email: (await buildUser(db)).user.email, password: 'Wrong-Password-1' }),
    ],
    ['an unknown e-mail', async () => ({ email: freshEmail(), password: DEFAULT_PASSWORD })],
    [
      'an inactive user',
      async () => ({
        email: (await buildUser(db, { isActive: false })).user.email,
        password: DEFAULT_PASSWORD,
      }),
    ],
    [
      'a user without password',
      async () => ({
        email: (await buildUser(db, { passwordHash: null })).user.email,
        password: DEFAULT_PASSWORD,
      }),
    ],
  ])('refuses %s with the catalogue message', async (_name, payload) => {
    const res = await login(await payload());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['Unable to log in with provided credentials.'],
    });
  });

  it('validates the body', async () => {
    const missing = await login({});
    expect(missing.json()).toEqual({
      email: ['This field is required.'],
      password: ['This field is required.'],
    });
    const blank = await login({ email: 'a@example.com', password: '' });
    expect(blank.json()).toEqual({ password: ['This field may not be blank.'] });
    const malformed = await login({ email: 'nope', password: 'x' });
    expect(malformed.json()).toEqual({ email: ['Enter a valid email address.'] });
    const list = await login([1, 2]);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
  });

  it('answers malformed JSON, an unknown content type and an oversized body in the DRF shape', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'JSON parse error.' });
    const text = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a</email>',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      detail: 'Unsupported media type "application/xml" in request.',
    });
    const plain = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
    const huge = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large.' });
  });

  it('throttles per address (429, Retry-After) while another address still gets in', async () => {
    const { user } = await buildUser(db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await login({ email: user.email, password: 'Wrong-Password-1' })).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    const blocked = await login({ email: user.email, password: DEFAULT_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(
      /^Request was throttled\. Expected available in \d+ seconds\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const other = await buildUser(db);
    expect((await login({ email: other.user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/auth/logout/', () => {
  it("revokes the caller's token only", async () => {
    const { user, headers } = await buildUser(db);
    const second = (await login({ email: user.email, password: DEFAULT_PASSWORD })).json().key;
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Successfully logged out.' });
    const revoked = await app.inject({ method: 'GET', url: '/api/auth/user/', headers });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ detail: 'Invalid token.' });
    const other = await app.inject({
      method: 'GET',
      url: '/api/auth/user/',
      headers: { authorization: `token ${second}` },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().token).toBe(second);
  });

  it('needs a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('GET /api/auth/config/', () => {
  it('tells the client the identity-provider client id, without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google_client_id: 'client-123.apps.example' });
  });
});

describe('GET /api/auth/user/', () => {
  it("answers the caller's profile with the key echoed", async () => {
    const { user, token, headers } = await buildUser(db, { isStaff: true });
    const res = await app.inject({ method: 'GET', url: '/api/auth/user/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, is_staff: true, token });
  });

  it('answers 401 without or with a bad token', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/auth/user/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const bad = await app.inject({
      method: 'GET',
      url: '/api/auth/user/',
      headers: { authorization: 'Token 0000000000000000000000000000000000000000' },
    });
    expect(bad.json()).toEqual({ detail: 'Invalid token.' });
  });

  it('is documented in /api/schema/', async () => {
    const paths = (await app.inject({ method: 'GET', url: '/api/schema/' })).json().paths;
    for (const path of [
      '/api/auth/login/',
      '/api/auth/registration/',
      '/api/auth/verify_email/',
      '/api/auth/resend_email_verification_code/',
      '/api/auth/user/',
      '/api/auth/logout/',
      '/api/auth/config/',
      '/api/auth/google-signin/',
      '/api/auth/google-signup/',
      '/api/password-reset/request/',
      '/api/password-reset/verify_code/',
      '/api/password-reset/verify_email/',
      '/api/delete-account/',
    ]) {
      expect(paths).toHaveProperty([path]);
    }
    expect(JSON.stringify(paths['/api/auth/user/'].patch.requestBody)).toContain('date_of_birth');
    expect(
      paths['/api/auth/login/'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('password');
  });
});
