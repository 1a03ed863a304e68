import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

/** A server with the app's logger options whose lines are collected, parsed. */
async function serverLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const app = Fastify(loggerOptions(level, stream));
  app.get('/fails', async (request) => {
    request.log.error({ body: { token: 'secret' } }, 'it failed');
    return { id: request.id };
  });
  app.get('/quiet', async (request) => {
    request.log.info('routine');
    return { id: request.id };
  });
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  it('names the request in its lines, made on the first one, and redacts secrets', async () => {
    const { app, lines } = await serverLogging('warn');
    const quiet = await app.inject({ url: '/quiet' });
    expect(lines).toEqual([]);
    const res = await app.inject({ url: '/fails', headers: { 'x-request-id': 'abc-123' } });
    expect(res.json()).toEqual({ id: 'abc-123' });
    expect(lines).toEqual([
      expect.objectContaining({
        reqId: 'abc-123',
        msg: 'it failed',
        body: { token: '[redacted]' },
      }),
    ]);
    expect(quiet.json().id).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
  });

  it('writes each request in and out with its id at info level', async () => {
    const { app, lines } = await serverLogging('info');
    const res = await app.inject({ url: '/quiet' });
    const id = res.json().id;
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      [id, 'incoming request'],
      [id, 'routine'],
      [id, 'request completed'],
    ]);
    await app.close();
  });
});
