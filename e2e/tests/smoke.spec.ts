import { expect, test } from '@playwright/test';

test('the built web app is served and reaches the API', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'QBank' })).toBeVisible();
  await expect(page.getByText(/ok \(pglite\)/)).toBeVisible();
});

test('a deep link is answered with the web app, not a 404', async ({ page }) => {
  const response = await page.goto('/auth/sign-in');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'QBank' })).toBeVisible();
});
