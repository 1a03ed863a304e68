import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildUser } from '../../../test/factories';

const { app, database } = await setupTestApp();
const learner = await buildUser(database.db);

/** Every documented write route, with path ids filled in, from the OpenAPI document. */
async function writeRoutes(): Promise<{ method: string; url: string }[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/schema/' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ['post', 'patch', 'put', 'delete'].includes(m))
      .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
  );
}

describe('bad input on every write route', () => {
  it('answers malformed JSON with a 4xx DRF body, never a 5xx', async () => {
    const routes = await writeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    for (const { method, url } of routes) {
      const res = await app.inject({
        method: method as 'POST',
        url,
        headers: { ...learner.headers, 'content-type': 'application/json' },
        payload: '{"bad',
      });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(typeof res.json(), `${method} ${url}`).toBe('object');
    }
  });

  it('answers an unknown content type with 415, never a 5xx', async () => {
    for (const { method, url } of await writeRoutes()) {
      if (method === 'DELETE') continue;
      const res = await app.inject({
        method: method as 'POST',
        url,
        headers: { ...learner.headers, 'content-type': 'text/csv' },
        payload: 'a,b\n1,2',
      });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });

  it('answers an oversized JSON body with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large.' });
  });
});
