// Lighthouse (mobile: its default emulation and simulated slow 4G) on the sign-in and modules
// routes of the built app, served by the built server on an empty embedded database with the demo
// bank. Chromium from Debian (CHROME_PATH, default /usr/bin/chromium), headless, no sandbox.
// Prints the performance and accessibility scores with the paint metrics; never fails a build.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverDir = path.join(repo, 'apps', 'server');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3471);
const origin = `http://127.0.0.1:${PORT}`;
const EMAIL = 'lighthouse@example.com';
const PASSWORD = 'Lighthouse-Bench-42';

async function startServer(dataDir) {
  if (!fs.existsSync(path.join(serverDir, 'dist', 'server.js'))) {
    execFileSync('npm', ['run', 'build', '-w', '@qbank/server'], { cwd: repo, stdio: 'inherit' });
  }
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: String(PORT) };
  delete env.DATABASE_URL;
  execFileSync(
    process.execPath,
    ['dist/cli.js', 'create-admin', '--email', EMAIL, '--password', PASSWORD],
    { cwd: serverDir, env, stdio: 'ignore' },
  );
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverDir,
    env: { ...env, HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${origin}/api/health/`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the server did not start');
}

/** The cookies the web app keeps after a sign-in (lib/session.ts). */
async function sessionCookies() {
  const res = await fetch(`${origin}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}`);
  const { key, user } = await res.json();
  const cookie = (name, value) => ({ name, value: encodeURIComponent(value), url: origin });
  return [cookie('user', JSON.stringify({ ...user, token: key })), cookie('accessToken', key)];
}

async function audit(browser, route, cookies) {
  const page = await browser.newPage();
  if (cookies.length) await browser.setCookie(...cookies);
  const { lhr } = await lighthouse(
    `${origin}${route}`,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Keep the session cookies of a signed-in route.
      disableStorageReset: cookies.length > 0,
    },
    undefined,
    page,
  );
  await page.close();
  const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
  return {
    route,
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

export async function runLighthouse() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-lighthouse-'));
  const server = await startServer(dataDir);
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  try {
    const results = [await audit(browser, '/auth/sign-in', [])];
    results.push(await audit(browser, '/modules', await sessionCookies()));
    console.log('\nLighthouse (mobile, simulated slow 4G; target ≥ 0.95 each):');
    for (const r of results) {
      console.log(
        `${r.route.padEnd(14)} performance ${r.performance} · accessibility ${r.accessibility}` +
          ` · FCP ${r.fcp} · LCP ${r.lcp} · TBT ${r.tbt} · CLS ${r.cls}` +
          (r.finalUrl.endsWith(r.route) ? '' : ` (ended on ${r.finalUrl})`),
      );
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
