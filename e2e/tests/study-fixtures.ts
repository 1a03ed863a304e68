import fs from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import type { AuthResponse, UserDetail } from '@qbank/contract/auth';
import type { Plan } from '@qbank/contract/subscriptions';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_STAFF } from '../playwright.config';
import { expectAccessible, expectNoHorizontalScroll } from './support/fixtures';

/**
 * The study specs need a learner with an approved subscription, so a staff account. The run's
 * one server (playwright.config.ts) is started after `create-admin` made that account on its
 * fresh data folder; each worker signs in as it and uses the "Everything" plan (the first worker
 * to need it adds it).
 */
const PASSWORD = 'Quiet-Harbour-731';
/** A 16×16 PNG: the purchase receipt. */
const PNG_16PX =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGNQbGsnCTGMahjVMHw1AAAoIi4QXbNvdQAAAABJRU5ErkJggg==';

export type StudyServer = { url: string; dataDir: string; staffKey: string; planId: number };
export type Learner = { email: string; key: string; user: UserDetail };

/** The plan the study learners buy (specs name it). */
const PLAN_NAME = 'Everything';

async function allModulesPlan(api: APIRequestContext, staffKey: string): Promise<number> {
  const headers = { Authorization: `Token ${staffKey}` };
  const answer = await api.get('/api/subs/?is_archived=false', { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  const data = (await answer.json()) as Plan[] | { results: Plan[] };
  const plans = Array.isArray(data) ? data : data.results;
  const existing = plans.find((p) => p.name === PLAN_NAME && p.all_modules);
  if (existing) return existing.id;
  const plan = await api.post('/api/staff/plans/', {
    headers,
    data: {
      name: PLAN_NAME,
      description: 'All modules',
      price: '10.00',
      currency: 'DZD',
      duration_days: 30,
      all_modules: true,
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  return ((await plan.json()) as Plan).id;
}

/** The run's server, seen by a worker: its staff key and the plan its learners buy. */
async function connectStudyServer(url: string): Promise<StudyServer> {
  const api = await playwrightRequest.newContext({ baseURL: url });
  const login = await api.post('/api/auth/login/', {
    data: { email: E2E_STAFF.email, password: E2E_STAFF.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const staffKey = ((await login.json()) as AuthResponse).key;
  const planId = await allModulesPlan(api, staffKey);
  await api.dispose();
  return { url, dataDir: E2E_DATA_DIR, staffKey, planId };
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
    async ({}, use) => {
      await use(await connectStudyServer(E2E_BASE_URL));
    },
    { scope: 'worker', timeout: 60_000 },
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
