import { expect, test } from '@playwright/test';

/** How the server hands the web app to a browser: compressed once at build time, cached by hash. */
test.describe('web asset delivery', () => {
  test('hashed scripts are sent precompressed and cached for a year; the page is revalidated', async ({
    request,
  }) => {
    const page = await request.get('/auth/sign-in', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers()['content-encoding']).toBe('br');
    expect(page.headers()['cache-control']).toBe('no-cache');
    const html = await page.text();
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(entry, html).toBeTruthy();

    const brotli = await request.get(entry!, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers()['content-encoding']).toBe('br');
    expect(brotli.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers()['vary']).toMatch(/accept-encoding/i);

    const gzip = await request.get(entry!, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');

    // Playwright decodes the body: all three carry the same script.
    const plain = await request.get(entry!, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    const plainBytes = Number(plain.headers()['content-length']);
    expect(Number(brotli.headers()['content-length'])).toBeLessThan(plainBytes / 2);
    expect(await brotli.text()).toBe(await plain.text());
    expect(await gzip.text()).toBe(await plain.text());
  });

  test('JSON answers above a kilobyte are gzipped when the client accepts it', async ({
    request,
  }) => {
    const schema = await request.get('/api/schema/', { headers: { 'accept-encoding': 'gzip' } });
    expect(schema.headers()['content-encoding']).toBe('gzip');
    expect((await schema.json()).openapi).toBe('3.1.0');
    const small = await request.get('/api/health/', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers()['content-encoding']).toBeUndefined();
  });
});
