import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startNginx } from './nginx';
import { startServer, type Running } from './processes';
import { createServerDatabase } from './server-database';

/**
 * Decision 041: deploy/nginx/qbank.conf.template in front of two real server processes on one
 * PostgreSQL database. Ports 4420 (nginx), 4421 and 4422 (the instances).
 */
const NGINX_PORT = 4420;
const PORTS = [4421, 4422] as const;
/** The template's fail_timeout: how long nginx leaves a failed instance aside. */
const FAIL_TIMEOUT_MS = 2_000;
const shared = await createServerDatabase({ migrated: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-proxy-'));

/** A hashed asset with its build-time brotli and gzip copies, as `npm run build` leaves them. */
const ASSET = '/assets/index-Ab12Cd34.js';
const assetText = 'export const greeting = "hello from a hashed asset";\n'.repeat(200);
const webRoot = path.join(work, 'web');
fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
fs.writeFileSync(path.join(webRoot, ASSET), assetText);
fs.writeFileSync(path.join(webRoot, `${ASSET}.gz`), zlib.gzipSync(assetText));
fs.writeFileSync(path.join(webRoot, `${ASSET}.br`), zlib.brotliCompressSync(assetText));

const instanceEnv = (i: number) => ({
  DATABASE_URL: shared.url,
  DATA_DIR: path.join(work, `data-${i}`),
  MEDIA_SIGNING_KEY: 's'.repeat(40),
  LOG_LEVEL: 'info',
  TRUST_PROXY: '127.0.0.1',
});
const instances: Running[] = [];
const started: { proxy?: Awaited<ReturnType<typeof startNginx>> } = {};
// Registered first: whatever started is stopped even if a later start fails.
afterAll(async () => {
  await started.proxy?.stop();
  for (const run of instances) if (run.process.exitCode === null) run.process.kill('SIGKILL');
  await shared.drop();
  fs.rmSync(work, { recursive: true, force: true });
});
const start = async (i: number) => (instances[i] = await startServer(instanceEnv(i), PORTS[i]));

/** A port still held (by a run that crashed) would answer in place of the instance. */
async function assertFree(port: number): Promise<void> {
  const taken = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is in use: stop what listens there`);
}
for (const port of [NGINX_PORT, ...PORTS]) await assertFree(port);
await Promise.all([start(0), start(1)]);
const nginx = await startNginx({
  QBANK_PORT: String(NGINX_PORT),
  QBANK_APP_1: `127.0.0.1:${PORTS[0]}`,
  QBANK_APP_2: `127.0.0.1:${PORTS[1]}`,
  QBANK_WEB_ROOT: webRoot,
});
started.proxy = nginx;

/** A raw request through nginx (no automatic decompression): status, headers, body bytes. */
function request(
  target: string,
  options: http.RequestOptions = {},
  body?: (req: http.ClientRequest) => void,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${nginx.url}${target}`, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    if (body) body(req);
    else req.end();
  });
}

/** The first access log line that `match`es, waiting a moment for nginx to write it. */
async function accessLogLine(match: (line: string) => boolean): Promise<string | undefined> {
  for (let i = 0; i < 50; i++) {
    const found = nginx.accessLog().split('\n').find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

/** Restarts instance i: SIGTERM, its graceful exit, then a new process on the same port. */
async function restart(i: number): Promise<void> {
  const old = instances[i]!;
  old.process.kill('SIGTERM');
  expect(await old.exited).toEqual({ code: 0, signal: null });
  await start(i);
}

/**
 * Waits until nginx would take an instance back: its last logged failure with that instance is
 * older than fail_timeout (a restart that took longer than planned moves that moment, so a fixed
 * sleep is not enough on a loaded machine). nginx logs in local time, to the second.
 */
async function untilTakenBack(port: number): Promise<void> {
  for (;;) {
    const lines = nginx
      .errorLog()
      .split('\n')
      .filter((l) => l.includes(`127.0.0.1:${port}`));
    const stamp = lines.at(-1)?.slice(0, 19).replace(/\//g, '-').replace(' ', 'T');
    const last = stamp ? new Date(stamp).getTime() : 0;
    if (Date.now() - last > FAIL_TIMEOUT_MS + 1_500) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('nginx in front of two instances', () => {
  it('makes a request id, passes it to the app, which logs and echoes it', async () => {
    const res = await request('/api/health/', {
      headers: { 'x-request-id': 'chosen-by-the-client', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.status).toBe(200);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(await accessLogLine((line) => line.includes(`id=${id}`))).toBeTruthy();
    // The instance's log line reaches this process through a pipe: wait a moment for it.
    let logged: string[] = [];
    for (let n = 0; n < 50 && logged.length === 0; n++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      logged = instances
        .flatMap((run) => run.output().split('\n'))
        .filter((line) => line.includes(`"reqId":"${id}"`));
    }
    expect(logged.length).toBeGreaterThan(0);
    // TRUST_PROXY: the app sees the client's address, not the proxy's.
    expect(logged.join('\n')).toContain('"remoteAddress":"203.0.113.9"');
  });

  it('serves hashed assets from disk: brotli or gzip copy, cached for a year', async () => {
    const br = await request(ASSET, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(assetText);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    const gz = await request(ASSET, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(assetText);
    const plain = await request(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(assetText);
    // Served by nginx itself: no upstream address or status in the line.
    const line = await accessLogLine((l) => l.includes(`GET ${ASSET} HTTP/1.1" 200`));
    expect(line).toMatch(/ - - id=[0-9a-f]{32}$/);
  });

  it('refuses a body above the upload limit itself; a smaller one reaches the app', async () => {
    const tooBig = await request(
      '/api/noteitemsdetail/',
      { method: 'POST', headers: { 'content-length': String(53 * 1024 * 1024) } },
      (req) => req.write(Buffer.alloc(1024)),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers['content-type']).toMatch(/^text\/html/); // nginx's page, not the app's
    // Under the app's own 1 MB JSON limit, so the app reads it whole and answers (an app that
    // refused a body before reading it would race nginx still sending it: a 502).
    const payload = Buffer.alloc(900 * 1024, 'a');
    const reached = await request(
      '/api/auth/login/',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (req) => req.end(payload),
    );
    expect(reached.status).toBe(400);
    expect(reached.headers['content-type']).toMatch(/^application\/json/); // the app's answer
    expect(JSON.parse(reached.body.toString())).toHaveProperty('detail');
  });

  it('fails over at once when an instance dies', async () => {
    instances[1]!.process.kill('SIGKILL');
    await instances[1]!.exited;
    const statuses = [];
    for (let n = 0; n < 20; n++) statuses.push((await request('/api/health/')).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    await start(1);
    await untilTakenBack(PORTS[1]);
  });

  it('restarts each instance in turn, gracefully, without one failed request', async () => {
    let driving = true;
    let done = 0;
    const failures: string[] = [];
    const agent = new http.Agent({ keepAlive: true });
    const drive = async () => {
      for (let n = 0; driving; n++) {
        const target = n % 2 ? '/api/health/' : '/api/about/';
        try {
          const res = await request(target, { agent });
          if (res.status !== 200) failures.push(`${target} ${res.status}`);
        } catch (error) {
          failures.push(`${target} ${String(error)}`);
        }
        done++;
      }
    };
    const drivers = Array.from({ length: 6 }, drive);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await restart(0);
    // A rolling restart waits for nginx to take the instance back (fail_timeout) before the next.
    await untilTakenBack(PORTS[0]);
    await restart(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    driving = false;
    await Promise.all(drivers);
    agent.destroy();
    expect(failures, nginx.errorLog()).toEqual([]);
    expect(done).toBeGreaterThan(100);
  }, 120_000);
});
