import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../../../test/processes';

/**
 * Issue 34, "Getting in": the first staff account while the app runs on the embedded database
 * (which no command may open then), and commands that open the folder `npm start` opens.
 * Always PGlite: the lock, and so the need for the link, exists only there.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-setup-'));
const dataDir = path.join(root, 'data');
// A relative DATA_DIR, as in the README, with npm's repository root somewhere else than the
// process's folder (a workspace runs its scripts in apps/server).
const env = {
  DATA_DIR: './data',
  npm_config_local_prefix: root,
  DATABASE_URL: undefined,
  DEMO_BANK: 'off',
};
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const password = 'Violet-Harbour-917';
const json = { 'content-type': 'application/json' };

async function post(url: string, body: object) {
  const res = await fetch(`${url}/api/staff-setup/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function isOpen(url: string, token: string) {
  const res = await fetch(`${url}/api/staff-setup/?token=${encodeURIComponent(token)}`);
  return ((await res.json()) as { open: boolean }).open;
}

async function login(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/login/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  return res.ok ? ((await res.json()) as { user: { is_staff?: boolean } }) : null;
}

describe('the first staff account', () => {
  it('is made through the link the running app prints, once; create-admin prints the same link', async () => {
    const server = await startServer(env);
    try {
      const link = /(http\S+\/staff-setup#(\S+))/.exec(server.output());
      expect(link, server.output()).not.toBeNull();
      const token = link![2]!;

      // The command cannot open the folder, and names the link that works instead.
      const port = new URL(server.url).port;
      const cli = await runCli(['create-admin', '--email', 'cli@example.com'], {
        ...env,
        PORT: port,
      });
      expect(cli.code, cli.output).toBe(1);
      expect(cli.output).toContain(link![1]);

      expect(await isOpen(server.url, 'wrong')).toBe(false);
      expect(await isOpen(server.url, token)).toBe(true);
      const form = { email: 'chief@example.com', password1: password, password2: password };
      expect((await post(server.url, { ...form, token: 'wrong' })).status).toBe(404);
      const weak = await post(server.url, { ...form, password1: '12345678', token });
      expect(weak).toMatchObject({ status: 400, body: { password1: expect.any(Array) } });
      expect((await post(server.url, { ...form, token })).status).toBe(201);

      const signedIn = await login(server.url, 'chief@example.com');
      expect(signedIn).not.toBeNull();
      // Used up: the link no longer works, for anyone.
      expect(await isOpen(server.url, token)).toBe(false);
      const again = await post(server.url, { ...form, email: 'second@example.com', token });
      expect(again.status).toBe(404);
    } finally {
      server.process.kill('SIGTERM');
      expect((await server.exited).code, server.output()).toBe(0);
    }
    // Stopped: the command opens the app's folder and says so.
    const after = await runCli(
      ['create-admin', '--email', 'later@example.com', '--password', password],
      env,
    );
    expect(after.code, after.output).toBe(0);
    expect(after.output).toContain(`created in the embedded database in ${dataDir}.`);
  }, 590_000);
});
