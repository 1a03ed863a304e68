import type { BrowserContext, Page } from '@playwright/test';
import type { UserDetail } from '@qbank/contract/auth';
import {
  as,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  test as study,
  type Learner,
} from './study-fixtures';

/**
 * Back office specs run on the run's one server: it was started after `create-admin`, so it
 * has a staff account (studyServer.staffKey) and an all-modules plan (study-fixtures.ts).
 */
export const PNG_16PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGNQbGsnCTGMahjVMHw1AAAoIi4QXbNvdQAAAABJRU5ErkJggg==',
  'base64',
);

export async function signIn(context: BrowserContext, user: UserDetail, key: string) {
  const common = {
    domain: '127.0.0.1',
    path: '/',
    sameSite: 'Lax' as const,
    expires: Math.floor(Date.now() / 1000) + 3600,
  };
  await context.addCookies([
    { name: 'user', value: encodeURIComponent(JSON.stringify({ ...user, token: key })), ...common },
    { name: 'accessToken', value: encodeURIComponent(key), ...common },
  ]);
}

type Fixtures = { staffPage: Page; learnerPage: Page };

export const test = study.extend<Fixtures>({
  staffPage: async ({ page, context, request, studyServer }, use) => {
    const me = await request.get('/api/auth/user/', {
      headers: { Authorization: `Token ${studyServer.staffKey}` },
    });
    await signIn(context, (await me.json()) as UserDetail, studyServer.staffKey);
    await use(page);
  },
  // A second browser context for the learner, beside the staff page.
  learnerPage: async ({ browser, learner, studyServer }, use) => {
    const context = await browser.newContext({ baseURL: studyServer.url });
    await signIn(context, learner.user, learner.key);
    await use(await context.newPage());
    await context.close();
  },
});

export { as, expect, expectAccessible, expectNoHorizontalScroll, type Learner };
