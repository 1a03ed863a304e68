import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import type { AuthResponse, UserDetail } from '@qbank/contract/auth';
import { expectAccessible, expectNoHorizontalScroll } from './support/fixtures';

/**
 * The study specs need a learner with an approved subscription, so a staff account. The CLI
 * `create-admin` cannot write into the embedded database while the shared e2e server holds it, so
 * each worker runs its own production server on a fresh data folder: create-admin first, then
 * the server (same build, same embedded database, demo bank loaded at start).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'Quiet-Harbour-731';
const STAFF_EMAIL = 'study-staff@example.com';
/** A 16×16 PNG: the purchase receipt. */
const PNG_16PX =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGNQbGsnCTGMahjVMHw1AAAoIi4QXbNvdQAAAABJRU5ErkJggg==';

export type StudyServer = { url: string; dataDir: string; staffKey: string; planId: number };
export type Learner = { email: string; key: string; user: UserDetail };

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`study server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('study server did not start');
}

async function startStudyServer(
  workerIndex: number,
): Promise<{ server: StudyServer; stop: () => Promise<void> }> {
  const port = Number(process.env.E2E_PORT ?? 3100) + 40 + workerIndex;
  const dataDir = path.join(os.tmpdir(), `qbank-e2e-study-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_BANK: 'on',
  };
  delete env.DATABASE_URL;
  const admin = spawnSync(
    'node',
    [
      path.join(ROOT, 'apps/server/dist/cli.js'),
      'create-admin',
      '--email',
      STAFF_EMAIL,
      '--password',
      PASSWORD,
    ],
    { env, encoding: 'utf8' },
  );
  if (admin.status !== 0) throw new Error(`create-admin failed: ${admin.stderr}`);
  const child = spawn('node', [path.join(ROOT, 'apps/server/dist/server.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);

  const api = await playwrightRequest.newContext({ baseURL: url });
  const login = await api.post('/api/auth/login/', {
    data: { email: STAFF_EMAIL, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const staffKey = ((await login.json()) as AuthResponse).key;
  const plan = await api.post('/api/staff/plans/', {
    headers: { Authorization: `Token ${staffKey}` },
    data: {
      name: 'Everything',
      description: 'All modules',
      price: '10.00',
      currency: 'DZD',
      duration_days: 30,
      all_modules: true,
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const planId = ((await plan.json()) as { id: number }).id;
  await api.dispose();

  return {
    server: { url, dataDir, staffKey, planId },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

async function readCode(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return undefined;
        const mails = fs
          .readdirSync(outbox)
          .sort()
          .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
          .filter((raw) => raw.includes(email));
        code = /code is: (\d{6})/.exec(mails.at(-1) ?? '')?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/** A confirmed learner whose purchase of the all-modules plan staff approved. */
export async function createSubscriber(
  api: APIRequestContext,
  server: StudyServer,
): Promise<Learner> {
  counter += 1;
  const email = `study-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
  const registered = await api.post('/api/auth/registration/', {
    data: {
      email,
      password1: PASSWORD,
      password2: PASSWORD,
      first_name: 'Study',
      last_name: 'Learner',
      phone: '',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const key = ((await registered.json()) as AuthResponse).key;
  const auth = { Authorization: `Token ${key}` };
  const verified = await api.post('/api/auth/verify_email/', {
    headers: auth,
    data: { code: await readCode(server.dataDir, email) },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  const bought = await api.post('/api/buysubscription/', {
    headers: auth,
    multipart: {
      plan: String(server.planId),
      payment_reference: `E2E-${counter}`,
      receipt: {
        name: 'receipt.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PNG_16PX, 'base64'),
      },
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const purchase = (await bought.json()) as { id: number };
  const approved = await api.post(`/api/staff/purchases/${purchase.id}/approve/`, {
    headers: { Authorization: `Token ${server.staffKey}` },
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const check = await api.get('/api/check_sub/', { headers: auth });
  expect(((await check.json()) as { has_subscription: boolean }).has_subscription).toBe(true);

  const me = await api.get('/api/auth/user/', { headers: auth });
  return { email, key, user: (await me.json()) as UserDetail };
}

/** Calls the API as the learner. */
export function as(learner: Learner) {
  return { headers: { Authorization: `Token ${learner.key}` } };
}

type WorkerFixtures = { studyServer: StudyServer };
type Fixtures = { learner: Learner; studyPage: Page };

export const test = base.extend<Fixtures, WorkerFixtures>({
  studyServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const { server, stop } = await startStudyServer(workerInfo.workerIndex);
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ studyServer }, use) => use(studyServer.url),
  learner: async ({ request, studyServer }, use) => {
    const learner = await createSubscriber(request, studyServer);
    await use(learner);
    await request.delete('/api/delete-account/', as(learner));
  },
  studyPage: async ({ page, context, studyServer, learner }, use) => {
    const common = {
      domain: '127.0.0.1',
      path: '/',
      sameSite: 'Lax' as const,
      expires: Math.floor(Date.now() / 1000) + 3600,
    };
    void studyServer;
    await context.addCookies([
      {
        name: 'user',
        value: encodeURIComponent(JSON.stringify({ ...learner.user, token: learner.key })),
        ...common,
      },
      { name: 'accessToken', value: encodeURIComponent(learner.key), ...common },
    ]);
    await use(page);
  },
});

export { expect, expectAccessible, expectNoHorizontalScroll };
