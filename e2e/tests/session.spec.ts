import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  openAccountMenu,
  openNavigation,
  test,
} from './support/fixtures';

/** A 16×16 PNG in the accent colour. */
const PNG_16PX =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGNQbGsnCTGMahjVMHw1AAAoIi4QXbNvdQAAAABJRU5ErkJggg==';

test('logout calls the API, removes user, accessToken and refreshToken, and opens sign-in', async ({
  signedInPage: page,
  context,
  baseURL,
  learner,
  request,
}) => {
  const url = new URL(baseURL!);
  await context.addCookies([
    { name: 'refreshToken', value: 'legacy', domain: url.hostname, path: '/' },
  ]);
  await page.goto('/modules');
  await expect(page.getByRole('heading', { name: 'Your modules', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain('user');
  expect(names).not.toContain('accessToken');
  expect(names).not.toContain('refreshToken');
  // The key no longer works on the server.
  const me = await request.get('/api/auth/user/', {
    headers: { Authorization: `Token ${learner.key}` },
  });
  expect(me.status()).toBe(401);
});

test('dark mode and font size apply to the whole app and survive a reload', async ({
  signedInPage: page,
}) => {
  test.slow(); // a whole flow with an accessibility audit of each screen
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expectAccessible(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(html).toHaveCSS('font-size', '16px');

  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.getByLabel('Font size').selectOption('x-large');
  await page.getByLabel('Font family').selectOption('serif');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveCSS('font-size', '20px');
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveCSS('font-size', '20px');
  await expect(html).toHaveCSS('font-family', /Georgia/);
  await expect(page.getByLabel('Font size')).toHaveValue('x-large');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(15, 26, 27)');

  // The other screens follow, too.
  await page.goto('/modules');
  await expect(html).toHaveCSS('font-size', '20px');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
});

test('study settings keep their seed defaults until changed, then persist', async ({
  signedInPage: page,
}) => {
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: 'Exam mode' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Show the timer' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Sound' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Shuffle the answer choices' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Sound' }).uncheck();
  await page.getByRole('switch', { name: 'Exam mode' }).check();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Sound' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Exam mode' })).toBeChecked();
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('qbank.settings') ?? '{}'),
  );
  expect(stored).toMatchObject({
    enableSound: false,
    examMode: true,
    showTimer: true,
    randomAnswersOption: false,
  });
});

test('the header navigates with the keyboard; the about page credits the demo data', async ({
  signedInPage: page,
  request,
}) => {
  await page.goto('/modules');
  await expect(page.getByRole('heading', { name: 'Your modules', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  // The account menu button (WAI-ARIA menu button): Enter opens it on its first item, Escape
  // closes it and gives the focus back, arrows move in it.
  const account = page.locator('.app-header button[aria-haspopup="menu"]');
  await account.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();
  await expect(account).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(menu).toBeHidden();
  // The main links keep their place too.
  await (await openNavigation(page)).getByRole('link', { name: 'History' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/history$/);

  await page.getByRole('link', { name: 'About and data credits' }).click();
  await expect(page.getByRole('heading', { name: 'About QBank' })).toBeVisible();
  const about = (await (await request.get('/api/about/')).json()) as {
    datasets: { name: string }[];
  };
  for (const dataset of about.datasets)
    await expect(page.getByRole('link', { name: dataset.name })).toBeVisible();
  await expectAccessible(page);
});

test('profile: edit the names and delete the account after confirming', async ({
  signedInPage: page,
  learner,
  request,
}) => {
  await page.goto('/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Test');
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Rosalind');
  await page.getByLabel('Phone').fill('+33 6 12 34 56 78');
  await page.getByLabel('Profile photo').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_16PX, 'base64'),
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toBeVisible();
  const me = await (
    await request.get('/api/auth/user/', { headers: { Authorization: `Token ${learner.key}` } })
  ).json();
  expect(me).toMatchObject({
    first_name: 'Rosalind',
    phone: '+33 6 12 34 56 78',
    image: expect.stringContaining('/media/'),
  });
  // The stored user detail took the answer in (seed §4: a profile update merges into it).
  const cookie = (await page.context().cookies()).find((c) => c.name === 'user');
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({
    first_name: 'Rosalind',
    token: learner.key,
  });

  await page.getByLabel('Phone').fill('call me maybe');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid phone number.')).toBeVisible();
  await page.getByLabel('Phone').fill('+33 6 12 34 56 78');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  const after = await request.get('/api/auth/user/', {
    headers: { Authorization: `Token ${learner.key}` },
  });
  expect(after.status()).toBe(401);
});
