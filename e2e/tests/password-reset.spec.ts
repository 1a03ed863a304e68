import { expect, expectAccessible, test } from './support/fixtures';
import { countMails, readCode, RESET_SUBJECT } from './support/mail';

const NEW_PASSWORD = 'Brighter-Morning-482';

test('password reset end to end: request, code, new password, sign in with it', async ({
  page,
  learner,
  request,
}) => {
  test.slow(); // a whole flow with an accessibility audit of each screen
  await page.goto('/auth/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await expectAccessible(page);

  const before = countMails(learner.email, RESET_SUBJECT);
  await page.getByLabel('E-mail address').fill(learner.email);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page).toHaveURL(/\/auth\/email-confirm$/);
  await expect(page.getByText(`Enter the 6-digit code sent to ${learner.email}.`)).toBeVisible();
  await expect(
    page.getByText(`If an account exists for ${learner.email}, a code is on its way.`),
  ).toBeVisible();
  await expectAccessible(page);

  const code = await readCode(learner.email, RESET_SUBJECT, before);
  await page.getByLabel('6-digit code').fill('12');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter the 6-digit code from the e-mail.')).toBeVisible();

  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auth\/create-new-password$/);
  await expect(page.getByLabel('6-digit code')).toHaveValue(code);
  await expectAccessible(page);

  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill('Something-Else-99');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('The two password fields didn’t match.')).toBeVisible();

  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(
    page.getByText('Your password has been changed. Sign in with the new one.'),
  ).toBeVisible();

  // The old key was revoked with the reset.
  const old = await request.get('/api/auth/user/', {
    headers: { Authorization: `Token ${learner.key}` },
  });
  expect(old.status()).toBe(401);

  await page.getByLabel('E-mail address').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/modules$/);
  learner.password = NEW_PASSWORD;
});

test('a malformed address is refused before the call; a wrong code shows the catalogue message', async ({
  page,
  learner,
}) => {
  await page.goto('/auth/reset-password');
  await page.getByLabel('E-mail address').fill('nobody@nowhere');
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();

  const before = countMails(learner.email, RESET_SUBJECT);
  await page.getByLabel('E-mail address').fill(learner.email);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page).toHaveURL(/\/auth\/email-confirm$/);
  const code = await readCode(learner.email, RESET_SUBJECT, before);
  const wrong = code === '999999' ? '888888' : '999999';
  await page.getByLabel('6-digit code').fill(wrong);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /Some of the information is not valid|Invalid credentials/ }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/email-confirm$/);
});
