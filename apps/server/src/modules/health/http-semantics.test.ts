import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, JSON_MAX_VALUES } from '../../lib/json-body';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildUser, favorite } from '../../../test/factories';

/**
 * What a DRF client relies on at the edges (issue 32, decision 030): bodies bounded before any
 * walk, 405 with Allow, OPTIONS, 415, the 401 challenge, and DRF's page numbers.
 */

const { app, database } = await setupTestApp();
const learner = await buildUser(database.db);
const course = await buildCourse(database.db);

const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: string) =>
  app.inject({
    method,
    url,
    headers: { ...learner.headers, 'content-type': 'application/json' },
    payload,
  });

describe('JSON bodies', () => {
  const deepArray = '['.repeat(10_000) + ']'.repeat(10_000);
  const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);

  it('refuses a body nested 10,000 levels deep with a 400, never a 500', async () => {
    for (const [method, url] of [
      ['POST', '/api/rports/'],
      ['PATCH', '/api/auth/user/'],
      ['POST', '/api/auth/login/'],
      ['PATCH', '/api/playlistitems/'],
    ] as const) {
      for (const body of [deepArray, deepObject]) {
        const res = await send(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
      }
      const res = await send(method, url, deepObject);
      expect(res.json()).toEqual({
        detail: `JSON parse error - nested deeper than ${JSON_MAX_DEPTH} levels.`,
      });
    }
  });

  it('refuses a body with more values than any request needs', async () => {
    const res = await send(
      'POST',
      '/api/rports/bulk_delete/',
      JSON.stringify({
        ids: Array.from({ length: JSON_MAX_VALUES + 1 }, (_, i) => i + 1),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: `JSON parse error - more than ${JSON_MAX_VALUES} values.`,
    });
  });

  it('answers malformed JSON on a PATCH over a real connection with a 400', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    for (const auth of [learner.headers.authorization, undefined]) {
      const answer = await rawRequest(Number(port), [
        'PATCH /api/auth/user/ HTTP/1.1',
        'host: localhost',
        'content-type: application/json',
        'connection: close',
        ...(auth ? [`authorization: ${auth}`] : []),
        'content-length: 12',
        '',
        "{'first': 1}",
      ]);
      expect(answer).toMatch(auth ? /^HTTP\/1\.1 400/ : /^HTTP\/1\.1 401/);
    }
  });
});

/** Sends one request on a raw socket and reads the answer until the server closes it. */
function rawRequest(port: number, lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => resolve(answer));
    // Written whole, then the server's answer ends the connection (`connection: close`).
    socket.write(lines.join('\r\n'));
  });
}

describe('methods and content types', () => {
  it('answers a wrong method with 405 and Allow, after authentication', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/moduls/', headers: learner.headers });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ detail: 'Method "PUT" not allowed.' });
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    const anonymous = await app.inject({ method: 'DELETE', url: '/api/sessions-resume/' });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await app.inject({ method: 'PUT', url: '/api/nothing-here/' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers OPTIONS with the methods of the path', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/auth/user',
      headers: learner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.allow).toBe('GET, PATCH, HEAD, OPTIONS');
    expect(res.json()).toMatchObject({ renders: ['application/json'] });
  });

  it('answers a text body with 415 naming its type', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/rports/',
      headers: { ...learner.headers, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
  });

  it('challenges with the Token scheme on every 401', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/auth/user/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Token');
    const revoked = await app.inject({
      method: 'GET',
      url: '/api/auth/user/',
      headers: { authorization: 'Token not-a-key' },
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['www-authenticate']).toBe('Token');
  });
});

const questions = await Promise.all(
  Array.from({ length: 12 }, () => buildQuestion(database.db, { courseId: course.id })),
);
for (const q of questions) await favorite(database.db, learner.user.id, q.id);

describe('page numbers as DRF reads them', () => {
  const list = (query: string) =>
    app.inject({
      method: 'GET',
      url: `/api/favorite_questions/?${query}`,
      headers: learner.headers,
    });

  it('answers a page that is not a positive integer with 404 "Invalid page."', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '99999999999']) {
      const res = await list(`page=${page}`);
      expect(res.statusCode, page).toBe(404);
      expect(res.json()).toEqual({ detail: 'Invalid page.' });
    }
  });

  it('answers page=last with the last page', async () => {
    const res = await list('page=last&page_size=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(12);
    expect(body.results).toHaveLength(2);
    expect(body.next).toBeNull();
    expect(body.previous).toMatch(/page=2/);
  });

  it('ignores an invalid page_size and caps one above the maximum', async () => {
    for (const size of ['abc', '0', '-3']) {
      const res = await list(`page_size=${size}`);
      expect(res.statusCode, size).toBe(200);
      expect(res.json().results, size).toHaveLength(10);
    }
    const capped = await list('page_size=100000');
    expect(capped.statusCode).toBe(200);
    expect(capped.json().results).toHaveLength(12);
  });
});
