import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';

const { app, database } = await setupTestApp();

describe('GET /api/health/', () => {
  it('answers 200 and names the database it reached', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('works without the trailing slash', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('has applied the migrations', async () => {
    await expect(database.db.execute('select count(*) from users')).resolves.toBeDefined();
  });
});

describe('API conventions', () => {
  it('answers an unknown API path with the DRF 404 body', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('serves the OpenAPI 3.1 document and the docs page', async () => {
    const schema = await app.inject({ method: 'GET', url: '/api/schema/' });
    expect(schema.statusCode).toBe(200);
    expect(schema.json().openapi).toBe('3.1.0');
    expect(schema.json().paths).toHaveProperty('/api/health/');
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
  });

  it('rejects a malformed token header with 401 Invalid token.', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { authorization: 'Token' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid token.' });
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { authorization: 'Token 0123456789abcdef0123456789abcdef01234567' },
    });
    expect(unknown.statusCode).toBe(401);
  });
});
