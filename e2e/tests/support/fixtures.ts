import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { AuthResponse, UserDetail } from '@qbank/contract/auth';
import { readCode, VERIFICATION_SUBJECT } from './mail';

export const PASSWORD = 'Quiet-Harbour-731';

export type TestUser = { email: string; password: string; key: string; user: UserDetail };

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

async function register(request: APIRequestContext, email: string): Promise<AuthResponse> {
  const response = await request.post('/api/auth/registration/', {
    data: {
      email,
      password1: PASSWORD,
      password2: PASSWORD,
      first_name: 'Test',
      last_name: 'Learner',
      phone: '',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AuthResponse;
}

/** Creates a user through the API; `confirmed` also verifies the e-mail with the mailed code. */
export async function createUser(
  request: APIRequestContext,
  { confirmed = true, label = 'user' } = {},
): Promise<TestUser> {
  const email = uniqueEmail(label);
  const answer = await register(request, email);
  if (confirmed) {
    const code = await readCode(email, VERIFICATION_SUBJECT);
    const verified = await request.post('/api/auth/verify_email/', {
      data: { code },
      headers: { Authorization: `Token ${answer.key}` },
    });
    expect(verified.status(), await verified.text()).toBe(200);
  }
  const me = await request.get('/api/auth/user/', {
    headers: { Authorization: `Token ${answer.key}` },
  });
  return { email, password: PASSWORD, key: answer.key, user: (await me.json()) as UserDetail };
}

/** Deletes the account if its key still works (a test may have logged out or deleted it). */
export async function removeUser(request: APIRequestContext, user: TestUser): Promise<void> {
  const login = await request.post('/api/auth/login/', {
    data: { email: user.email, password: user.password },
  });
  const key = login.ok() ? ((await login.json()) as AuthResponse).key : user.key;
  await request.delete('/api/delete-account/', { headers: { Authorization: `Token ${key}` } });
}

/** The session cookies the web app writes at sign-in (seed §9). */
export async function signInWithCookies(
  context: BrowserContext,
  baseURL: string,
  user: TestUser,
): Promise<void> {
  const url = new URL(baseURL);
  const common = {
    domain: url.hostname,
    path: '/',
    sameSite: 'Lax' as const,
    expires: Math.floor(Date.now() / 1000) + 3600,
  };
  await context.addCookies([
    {
      name: 'user',
      value: encodeURIComponent(JSON.stringify({ ...user.user, token: user.key })),
      ...common,
    },
    { name: 'accessToken', value: encodeURIComponent(user.key), ...common },
  ]);
}

/** axe-core: no serious or critical violation on the current screen (WCAG 2.x A and AA rules). */
export async function expectAccessible(page: Page): Promise<void> {
  // Entrance animations (a toast sliding in) would be measured half-transparent: let them finish.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return (
            a.effect?.getTiming().iterations !== Infinity &&
            !target?.classList.contains('Toastify__progress-bar')
          );
        })
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Nothing wider than the viewport (a 360 px phone must not scroll sideways). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  // A phone browser widens its layout viewport (innerWidth) to fit wide content, so the page is
  // measured against the device's width too.
  const width = page.viewportSize()?.width ?? Infinity;
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, `page width on ${page.url()}`).toBeLessThanOrEqual(Math.min(inner, width));
}

/** The header's links: on a phone they open behind the menu button (and close after a click). */
export async function openNavigation(page: Page) {
  await expect(page.locator('.app-header')).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  // From the keyboard: a focused skip link may lie over the button.
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true')
    await menu.press('Enter');
  return page.getByRole('navigation', { name: 'Main' });
}

/**
 * The account menu (Settings, Profile, Subscriptions, theme, sign out), opened from the button
 * with the learner's initial and name at the header's end, on a phone as on a desktop.
 */
export async function openAccountMenu(page: Page) {
  const button = page.locator('.app-header button[aria-haspopup="menu"]');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu).toBeVisible();
  return menu;
}

type Fixtures = {
  /** A confirmed user, deleted after the test. */
  learner: TestUser;
  /** A registered user whose e-mail is not verified yet, deleted after the test. */
  unconfirmed: TestUser;
  /** A page whose context already holds the learner's session cookies. */
  signedInPage: Page;
};

export const test = base.extend<Fixtures>({
  learner: async ({ request }, use) => {
    const user = await createUser(request, { label: 'learner' });
    await use(user);
    await removeUser(request, user);
  },
  unconfirmed: async ({ request }, use) => {
    const user = await createUser(request, { confirmed: false, label: 'unconfirmed' });
    await use(user);
    await removeUser(request, user);
  },
  signedInPage: async ({ page, context, baseURL, learner }, use) => {
    await signInWithCookies(context, baseURL!, learner);
    await use(page);
  },
});

export { expect };
