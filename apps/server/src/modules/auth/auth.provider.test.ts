import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildUser } from '../../../test/factories';
import { startOidcProvider } from '../../../test/oidc-provider';
import { freshEmail } from './auth.test-support';

const OUR_CLIENT = 'qbank.apps.example';
const provider = await startOidcProvider();
afterAll(() => provider.stop());

const { app, database } = await setupTestApp({ ...provider.env, GOOGLE_CLIENT_ID: OUR_CLIENT });
const db = database.db;
// Port 9 (discard) on loopback: nothing listens there.
const { app: offline } = await setupTestApp({
  GOOGLE_CLIENT_ID: OUR_CLIENT,
  OIDC_TOKENINFO_URL: 'http://127.0.0.1:9/tokeninfo',
  OIDC_USERINFO_URL: 'http://127.0.0.1:9/userinfo',
});

/** An access token the provider issued to our client id, with these userinfo claims. */
const accessToken = (claims: Record<string, unknown>) => provider.accessToken(OUR_CLIENT, claims);

const post = (url: string, access_token: unknown) =>
  app.inject({ method: 'POST', url, payload: { access_token } as object });

describe('POST /api/auth/google-signup/', () => {
  it('creates a confirmed user named from the provider and answers 201 {key, user}', async () => {
    const email = freshEmail('gsu');
    const token = await accessToken({
      email,
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Byron',
    });
    const res = await post('/api/auth/google-signup/', token);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.key).toMatch(/^[0-9a-f]{40}$/);
    expect(body.user).toMatchObject({
      email,
      first_name: 'Ada',
      last_name: 'Byron',
      is_active: true,
      is_confirmed: true,
      token: body.key,
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user/',
      headers: { authorization: `Token ${body.key}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('refuses an e-mail already registered', async () => {
    const { user } = await buildUser(db);
    const token = await accessToken({ email: user.email.toUpperCase(), email_verified: true });
    const res = await post('/api/auth/google-signup/', token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['A user is already registered with this e-mail address.'],
    });
  });

  it('accepts only a verified e-mail', async () => {
    for (const claims of [
      { email: freshEmail(), email_verified: false },
      { email: freshEmail() },
      { email_verified: true },
    ]) {
      const res = await post('/api/auth/google-signup/', await accessToken(claims));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        access_token: ['The identity provider has not verified this e-mail address.'],
      });
    }
  });
});

describe('POST /api/auth/google-signin/', () => {
  it('signs in an existing user by the verified e-mail, confirming it', async () => {
    const { user } = await buildUser(db, { isConfirmed: false });
    const res = await post(
      '/api/auth/google-signin/',
      await accessToken({ email: user.email, email_verified: 'true' }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.id, is_confirmed: true, token: body.key });
  });

  it("shows the confirmation on the user's other, already cached token at once (decision 042)", async () => {
    const { user, headers } = await buildUser(db, { isConfirmed: false });
    const me = () => app.inject({ url: '/api/auth/user/', headers });
    // The first read caches the token lookup with is_confirmed false.
    expect((await me()).json().is_confirmed).toBe(false);
    const res = await post(
      '/api/auth/google-signin/',
      await accessToken({ email: user.email, email_verified: true }),
    );
    expect(res.statusCode).toBe(200);
    expect((await me()).json().is_confirmed).toBe(true);
  });

  it('answers the catalogue message for an unknown e-mail', async () => {
    const res = await post(
      '/api/auth/google-signin/',
      await accessToken({ email: freshEmail(), email_verified: true }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['User does not exist. Please sign up first.'],
    });
  });

  it('refuses a token the provider does not accept', async () => {
    const res = await post('/api/auth/google-signin/', 'forged-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ access_token: ['Invalid or expired access token.'] });
  });

  it('validates the body', async () => {
    const missing = await app.inject({
      method: 'POST',
      url: '/api/auth/google-signin/',
      payload: {},
    });
    expect(missing.json()).toEqual({ access_token: ['This field is required.'] });
    const wrong = await post('/api/auth/google-signin/', 42);
    expect(wrong.json()).toEqual({ access_token: ['Not a valid string.'] });
  });
});

describe('a token issued to another application', () => {
  it('is refused by sign-in and sign-up, though the provider vouches for its verified e-mail', async () => {
    const { user } = await buildUser(db);
    const elsewhere = (email: string) =>
      provider.accessToken('another-site.apps.example', { email, email_verified: true });
    for (const [url, email] of [
      ['/api/auth/google-signin/', user.email],
      ['/api/auth/google-signup/', freshEmail('other-app')],
    ] as const) {
      const res = await post(url, await elsewhere(email));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        non_field_errors: ['Unable to log in with provided credentials.'],
      });
    }
  });

  it('refuses every token while no client id is configured', async () => {
    const { app: unconfigured } = await setupTestApp(provider.env);
    const { user } = await buildUser(db);
    const res = await unconfigured.inject({
      method: 'POST',
      url: '/api/auth/google-signin/',
      payload: { access_token: await accessToken({ email: user.email, email_verified: true }) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['Unable to log in with provided credentials.'],
    });
  });
});

describe('an unreachable provider', () => {
  it('answers 502 with a sentence, never 500', async () => {
    const res = await offline.inject({
      method: 'POST',
      url: '/api/auth/google-signin/',
      payload: { access_token: 'x' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      detail: 'The identity provider could not be reached. Try again later.',
    });
  });
});
