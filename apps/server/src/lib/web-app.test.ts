import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper';

/** A web build as `npm run build -w @qbank/web` lays it out, with a prerendered sign-in page. */
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-web-'));
const SHELL = '<!doctype html><div id="root"></div>';
const SIGN_IN = '<!doctype html><div id="root"><form>Sign in</form></div>';
const ASSET = 'assets/index-abc123.js';
function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(webRoot, file)), { recursive: true });
  fs.writeFileSync(path.join(webRoot, file), text);
  fs.writeFileSync(path.join(webRoot, `${file}.br`), zlib.brotliCompressSync(text));
}
write('index.html', SHELL);
write('auth/sign-in.html', SIGN_IN);
write(ASSET, 'console.log(1)');
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const { app } = await setupTestApp({}, { webRoot });

describe('the web client', () => {
  it('answers a prerendered auth page with its HTML, whatever the slash or query', async () => {
    for (const url of ['/auth/sign-in', '/auth/sign-in/', '/auth/sign-in?next=%2Fmodules']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body, url).toBe(SIGN_IN);
    }
    // Other pages start from the empty shell.
    for (const url of ['/modules', '/auth/email-verification', '/']) {
      expect((await app.inject({ url })).body, url).toBe(SHELL);
    }
  });

  it('lets a second visit revalidate pages (304) and keep hashed code for a year', async () => {
    for (const url of ['/auth/sign-in', '/modules']) {
      const first = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(first.headers['cache-control'], url).toBe('no-cache');
      expect(first.headers['content-encoding'], url).toBe('br');
      const etag = first.headers.etag as string;
      expect(etag, url).toBeTruthy();
      const again = await app.inject({
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': etag },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
    const asset = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('still answers unknown API paths with the JSON 404', async () => {
    const res = await app.inject({ url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
