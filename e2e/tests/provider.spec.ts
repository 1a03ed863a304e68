import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';

/**
 * The provider's own service is out of reach in tests: its script is replaced by a stand-in that
 * hands out a fixed access token, and the server is told (in the browser) that a client id is set.
 */
const FAKE_GSI = `
  window.google = { accounts: { oauth2: { initTokenClient(config) {
    window.__tokenClientConfig = { client_id: config.client_id, scope: config.scope };
    return { requestAccessToken() { config.callback({ access_token: 'provider-token-123' }); } };
  } } } };
`;

async function withProvider(page: Page) {
  await page.route('**/api/auth/config/', (route) =>
    route.fulfill({ json: { google_client_id: 'client-123.apps.example' } }),
  );
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ body: FAKE_GSI, contentType: 'text/javascript' }),
  );
}

test('sign-in with the provider: token client with profile and email scopes, token posted to google-signin', async ({
  page,
}) => {
  await withProvider(page);
  await page.route('**/api/auth/google-signin/', (route) =>
    route.fulfill({
      status: 400,
      json: { non_field_errors: ['User does not exist. Please sign up first.'] },
    }),
  );
  await page.goto('/auth/sign-in');
  const button = page.getByRole('button', { name: 'Continue with Google' });
  await expect(button).toBeVisible();
  await expectAccessible(page);

  const posted = page.waitForRequest('**/api/auth/google-signin/');
  await button.click();
  expect((await posted).postDataJSON()).toEqual({ access_token: 'provider-token-123' });
  expect(
    await page.evaluate(
      () => (window as unknown as { __tokenClientConfig: unknown }).__tokenClientConfig,
    ),
  ).toEqual({
    client_id: 'client-123.apps.example',
    scope: 'profile email',
  });
  await expect(page.getByRole('alert')).toHaveText('User does not exist. Please sign up first.');
});

test('sign-up with the provider stores the session and asks for names and phone', async ({
  page,
  learner,
}) => {
  await withProvider(page);
  // The real server would ask the provider who the token belongs to; here it answers for the learner.
  await page.route('**/api/auth/google-signup/', (route) =>
    route.fulfill({
      status: 201,
      json: { key: learner.key, user: { ...learner.user, first_name: '', last_name: '' } },
    }),
  );
  await page.goto('/auth/sign-up');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(page).toHaveURL(/\/auth\/complete-registration$/);
  await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await page.getByLabel('First name').fill('Marie');
  await page.getByLabel('Last name').fill('Curie');
  await page.getByLabel('Phone').fill('+48 22 123 45 67');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auth\/onboarding$/);
  const me = await (
    await page.request.get('/api/auth/user/', {
      headers: { Authorization: `Token ${learner.key}` },
    })
  ).json();
  expect(me).toMatchObject({ first_name: 'Marie', last_name: 'Curie', phone: '+48 22 123 45 67' });
});

test('a provider sign-up for a taken address shows account-exist', async ({ page }) => {
  await withProvider(page);
  await page.route('**/api/auth/google-signup/', (route) =>
    route.fulfill({
      status: 400,
      json: { email: ['A user is already registered with this e-mail address.'] },
    }),
  );
  await page.goto('/auth/sign-up');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'An account already exists with this e-mail address. Sign in instead.',
  );
});
