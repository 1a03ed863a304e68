import { expect, test } from '@playwright/test';

test('the built web app is served and the API answers', async ({ page, request }) => {
  const health = await request.get('/api/health/');
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
  const response = await page.goto('/auth/sign-in');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a deep link is answered with the web app, not a 404', async ({ page }) => {
  const response = await page.goto('/auth/reset-password');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
});
