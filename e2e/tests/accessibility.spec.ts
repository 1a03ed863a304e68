import { expect, expectAccessible, expectNoHorizontalScroll, test } from './support/fixtures';

const SIGNED_OUT_SCREENS = [
  ['/auth/sign-in', 'Sign in'],
  ['/auth/sign-up', 'Create your account'],
  ['/auth/reset-password', 'Reset your password'],
  ['/auth/email-confirm', 'Check your e-mail'],
  ['/auth/create-new-password', 'Create a new password'],
  ['/auth/email-verification', 'Verify your e-mail'],
] as const;

const SIGNED_IN_SCREENS = [
  ['/modules', 'Your modules'],
  ['/auth/onboarding', 'Choose your modules'],
  ['/auth/complete-registration', 'Complete your registration'],
  ['/settings', 'Settings'],
  ['/profile', 'Profile'],
  ['/about', 'About QBank'],
  ['/subscriptions', 'Subscriptions'],
  ['/no-such-page', 'Page not found'],
  ['/review', 'Review'],
  ['/mistakes', 'Mistakes'],
  ['/search?q=speed', 'Search the bank'],
] as const;

for (const mode of ['light', 'dark'] as const) {
  test(`every signed-out screen passes axe and fits the viewport (${mode})`, async ({ page }) => {
    test.slow(); // one audit per screen
    await page.addInitScript(
      (m) => localStorage.setItem('qbank.settings', JSON.stringify({ displayMode: m })),
      mode,
    );
    for (const [path, heading] of SIGNED_OUT_SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    }
  });

  test(`every signed-in screen passes axe and fits the viewport (${mode})`, async ({
    signedInPage: page,
  }) => {
    test.slow();
    await page.addInitScript(
      (m) => localStorage.setItem('qbank.settings', JSON.stringify({ displayMode: m })),
      mode,
    );
    for (const [path, heading] of SIGNED_IN_SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    }
  });
}

test('form errors are tied to their fields and announced', async ({ page }) => {
  await page.goto('/auth/reset-password');
  await page.getByRole('button', { name: 'Send the code' }).click();
  const field = page.getByLabel('E-mail address');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await field.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('This field is required.');
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveAttribute('role', 'alert');
  await expectAccessible(page);
});
