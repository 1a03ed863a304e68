import { expect, expectAccessible, expectNoHorizontalScroll, test } from './support/fixtures';

test('a wrong password shows the catalogue message, announced', async ({ page, learner }) => {
  await page.goto('/auth/sign-in');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.getByLabel('E-mail address').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Unable to log in with provided credentials.');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('user');
  await expectAccessible(page);
});

test('the sign-in form validates the e-mail and requires a password', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail address').fill('someone@');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText('This field is required.')).toBeVisible();
});

test('signing in with the keyboard stores the session cookies and opens /modules', async ({
  page,
  learner,
}) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail address').focus();
  await page.keyboard.type(learner.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(learner.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/modules$/);
  await expect(page.getByRole('heading', { name: 'Your modules', level: 1 })).toBeVisible();

  const cookies = await page.context().cookies();
  const user = cookies.find((c) => c.name === 'user');
  const access = cookies.find((c) => c.name === 'accessToken');
  expect(user).toMatchObject({ path: '/', sameSite: 'Lax', secure: false });
  expect(access).toMatchObject({ path: '/', sameSite: 'Lax' });
  // Max age 30 days.
  expect(Math.round((access!.expires - Date.now() / 1000) / 86400)).toBe(30);
  const stored = JSON.parse(decodeURIComponent(user!.value)) as { email: string; token: string };
  expect(stored.email).toBe(learner.email);
  expect(stored.token).toBe(decodeURIComponent(access!.value));
});

test('an unconfirmed user who signs in is sent to /auth/email-verification', async ({
  page,
  unconfirmed,
}) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail address').fill(unconfirmed.email);
  await page.getByLabel('Password', { exact: true }).fill(unconfirmed.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/email-verification$/);
  await expect(page.getByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();
  // Arriving from sign-in, a new code may be asked for at once; then the 60 s cooldown shows.
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText(/You can ask for a new code in (60|59|58) s\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
});

test('no provider button when the server has no Google client id', async ({ page, request }) => {
  expect(await (await request.get('/api/auth/config/')).json()).toEqual({ google_client_id: null });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('accounts.google.com')) scripts.push(r.url());
  });
  const config = page.waitForResponse((r) => r.url().endsWith('/api/auth/config/'));
  await page.goto('/auth/sign-in');
  await config;
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);
  expect(scripts).toEqual([]);
});

test('a form sent before the app has loaded never puts the password in the address', async ({
  page,
}) => {
  // The prerendered form is on screen; the app's code is held back until after the click.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back: wait for the painted form instead.
  await page.goto('/auth/sign-in', { waitUntil: 'commit' });
  await page.getByLabel('Password', { exact: true }).fill('Secret-Never-In-Url-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  release();
  // Once the app runs it sends the held submit itself: the missing e-mail is reported.
  await expect(page.getByText('This field is required.')).toBeVisible();
  expect(page.url()).not.toContain('Secret');
});
