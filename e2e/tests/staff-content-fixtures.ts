import type { Page } from '@playwright/test';
import type { UserDetail } from '@qbank/contract/auth';
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  test as study,
} from './study-fixtures';

/**
 * The back-office specs sign in as the staff account `create-admin` makes before the run's
 * server starts (playwright.config.ts, study-fixtures.ts).
 */
export const test = study.extend<{ staffPage: Page }>({
  staffPage: async ({ page, context, request, studyServer }, use) => {
    const headers = { Authorization: `Token ${studyServer.staffKey}` };
    const me = (await (await request.get('/api/auth/user/', { headers })).json()) as UserDetail;
    const common = {
      domain: '127.0.0.1',
      path: '/',
      sameSite: 'Lax' as const,
      expires: Math.floor(Date.now() / 1000) + 3600,
    };
    await context.addCookies([
      {
        name: 'user',
        value: encodeURIComponent(JSON.stringify({ ...me, token: studyServer.staffKey })),
        ...common,
      },
      { name: 'accessToken', value: encodeURIComponent(studyServer.staffKey), ...common },
    ]);
    await use(page);
  },
});

export { expect, expectAccessible, expectNoHorizontalScroll };
