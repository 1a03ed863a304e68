import { expect, signInWithCookies, test } from './support/fixtures';

test.describe('signed out', () => {
  test('/ and /modules lead to /auth/sign-in; auth routes stay reachable', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await page.goto('/modules');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    for (const path of [
      '/auth/sign-up',
      '/auth/reset-password',
      '/auth/email-confirm',
      '/auth/create-new-password',
      '/auth/email-verification',
      '/auth/loading',
    ]) {
      await page.goto(path);
      if (path === '/auth/loading') await expect(page).toHaveURL(/\/auth\/sign-in$/);
      else await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('a stored user record without a token is cleared', async ({ page, context, baseURL }) => {
    const url = new URL(baseURL!);
    await context.addCookies([
      {
        name: 'user',
        value: encodeURIComponent(JSON.stringify({ id: 1, email: 'x@example.com' })),
        domain: url.hostname,
        path: '/',
      },
    ]);
    await page.goto('/modules');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect
      .poll(async () => (await context.cookies()).map((c) => c.name))
      .not.toContain('user');
  });

  test('a revoked key is forgotten and the visitor signs in again', async ({
    page,
    context,
    baseURL,
    learner,
    request,
  }) => {
    await signInWithCookies(context, baseURL!, learner);
    await request.post('/api/auth/logout/', { headers: { Authorization: `Token ${learner.key}` } });
    await page.goto('/modules');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
  });
});

test.describe('signed in', () => {
  test('an allowed user on / or on an auth route is sent to /modules', async ({
    signedInPage: page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/modules$/);
    await page.goto('/auth/sign-in');
    await expect(page).toHaveURL(/\/modules$/);
    await page.goto('/auth/sign-up');
    await expect(page).toHaveURL(/\/modules$/);
    await page.goto('/auth/loading');
    await expect(page).toHaveURL(/\/modules$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('an unconfirmed user is not allowed in', async ({ page, context, baseURL, unconfirmed }) => {
    await signInWithCookies(context, baseURL!, unconfirmed);
    await page.goto('/modules');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await page.goto('/auth/email-verification');
    await expect(page).toHaveURL(/\/auth\/email-verification$/);
    await expect(page.getByText(`We sent a 6-digit code to ${unconfirmed.email}`)).toBeVisible();
  });
});
