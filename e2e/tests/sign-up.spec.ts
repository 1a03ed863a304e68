import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  PASSWORD,
  removeUser,
  test,
  uniqueEmail,
} from './support/fixtures';
import { readCode, VERIFICATION_SUBJECT } from './support/mail';
import type { Module } from '@qbank/contract/catalogue';

test('sign up, verify the e-mail with the mailed code, choose modules, land on /modules', async ({
  page,
  request,
}) => {
  test.slow(); // a whole flow with an accessibility audit of each screen
  const email = uniqueEmail('signup');
  await page.goto('/auth/sign-up');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/auth\/email-verification$/);
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  // The code was just sent: the resend button waits out its cooldown, visibly.
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  await expect(page.getByText(/You can ask for a new code in \d+ s\./)).toBeVisible();
  await expectAccessible(page);

  // A wrong code first: the catalogue message for a 400 of verify e-mail.
  const code = await readCode(email, VERIFICATION_SUBJECT);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('6-digit code').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Unable to log in with provided credentials.' }),
  ).toBeVisible();

  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/auth\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Choose your modules' })).toBeVisible();

  const modules = (await (
    await request.get('/api/moduls/', { headers: { Authorization: await tokenOf(page) } })
  ).json()) as Module[];
  const first = modules.find((m) => !m.is_hidden);
  if (first) {
    await page.getByRole('checkbox', { name: new RegExp(escape(first.name)) }).check();
  }
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start studying' }).click();

  await expect(page).toHaveURL(/\/modules$/);
  await expect(page.getByRole('heading', { name: 'Your modules', level: 1 })).toBeVisible();
  if (first) {
    await expect(
      page
        .getByRole('list', { name: 'Modules you study' })
        .getByRole('heading', { name: first.name }),
    ).toBeVisible();
  } else {
    await expect(page.getByText('There are no modules in the bank yet.')).toBeVisible();
  }
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  const user = await (
    await request.get('/api/auth/user/', { headers: { Authorization: await tokenOf(page) } })
  ).json();
  expect(user).toMatchObject({
    email,
    first_name: 'Ada',
    last_name: 'Lovelace',
    is_confirmed: true,
  });
  await removeUser(request, {
    email,
    password: PASSWORD,
    key: (await tokenOf(page)).slice(6),
    user,
  });
});

test('sign-up checks the form before calling the server, as the server would', async ({ page }) => {
  await page.goto('/auth/sign-up');
  await page.getByLabel('E-mail address').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('12345678');
  await page.getByLabel('Confirm password', { exact: true }).fill('87654321');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText('This password is entirely numeric.')).toBeVisible();
  await expect(page.getByText('The two password fields didn’t match.')).toBeVisible();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(
    page.getByText('This password is too short. It must contain at least 8 characters.'),
  ).toBeVisible();
  await expectAccessible(page);
});

test('sign-up with a taken e-mail shows account-exist; a common password shows password-too-common', async ({
  page,
  learner,
}) => {
  await page.goto('/auth/sign-up');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('E-mail address').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'An account already exists with this e-mail address.' }),
  ).toBeVisible();

  await page.getByLabel('E-mail address').fill(uniqueEmail('common'));
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This password is too common. Choose a less predictable one.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-up$/);
});

async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'accessToken');
  return `Token ${decodeURIComponent(cookie?.value ?? '')}`;
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
