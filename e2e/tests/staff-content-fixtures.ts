import type { Page } from '@playwright/test';
import type { UserDetail } from '@qbank/contract/auth';
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  test as study,
} from './study-fixtures';

/**
 * The back-office specs sign in as the staff account the study server creates with the CLI's
 * `create-admin` (study-fixtures.ts); until the operations branch's staff bootstrap lands, that
 * is the one way to a staff user in a browser test.
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
