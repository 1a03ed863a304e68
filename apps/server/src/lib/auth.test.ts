import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens } from '../db/schema/index';
import { setupTestApp } from '../../test/helper';
import { buildUser } from '../../test/factories';
import { publishUserChange } from './invalidation';

const { app, database } = await setupTestApp();
const db = database.db;

const me = (headers: { authorization: string }) =>
  app.inject({ method: 'GET', url: '/api/auth/user/', headers });

describe('token authentication with the token cache', () => {
  it('refuses a token at once after logout, even when it was just used', async () => {
    const { headers } = await buildUser(db);
    expect((await me(headers)).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout/', headers });
    expect(out.statusCode).toBe(200);
    const after = await me(headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Invalid token.' });
  });

  it('refuses a warm token once its rows are deleted and the change published', async () => {
    const { user, headers } = await buildUser(db);
    expect((await me(headers)).statusCode).toBe(200);
    await db.delete(authTokens).where(eq(authTokens.userId, user.id));
    await publishUserChange(db, user.id);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it("shows the caller's own profile change on the next request", async () => {
    const { headers } = await buildUser(db);
    expect((await me(headers)).json().first_name).toBe('Test');
    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      headers,
      payload: { first_name: 'Renamed' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await me(headers)).json().first_name).toBe('Renamed');
  });

  it('keeps the token of another user valid', async () => {
    const a = await buildUser(db);
    const b = await buildUser(db);
    await me(a.headers);
    await me(b.headers);
    await app.inject({ method: 'POST', url: '/api/auth/logout/', headers: a.headers });
    expect((await me(b.headers)).statusCode).toBe(200);
  });
});
