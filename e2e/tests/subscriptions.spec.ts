import type { Plan, Purchase } from '@qbank/contract/subscriptions';
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  openAccountMenu,
  test,
  type TestUser,
} from './support/fixtures';

/** A 16×16 PNG: the receipt photo. */
const RECEIPT = {
  name: 'receipt.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGNQbGsnCTGMahjVMHw1AAAoIi4QXbNvdQAAAABJRU5ErkJggg==',
    'base64',
  ),
};
const DEMO_PLAN = 'Demo plan: every module';
const auth = (user: TestUser) => ({ headers: { Authorization: `Token ${user.key}` } });

for (const mode of ['light', 'dark'] as const) {
  test(`a new learner walks the purchase path of the demo plan (${mode})`, async ({
    signedInPage: page,
    learner,
    request,
  }) => {
    await page.addInitScript(
      (m) => localStorage.setItem('qbank.settings', JSON.stringify({ displayMode: m })),
      mode,
    );
    await page.goto('/modules');
    await expect(page.getByRole('heading', { level: 1, name: 'Your modules' })).toBeVisible();
    // The header leads to the plans (in the account menu).
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Subscriptions' }).click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();

    // What check_sub says, the free preview, and the empty list of purchases.
    await expect(page.getByText('You have no active subscription.')).toBeVisible();
    await expect(
      page.getByText(
        'The first 10 questions of every course are free; a plan opens all the others.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No purchases yet' })).toBeVisible();
    const plan = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: DEMO_PLAN }) });
    await expect(plan.getByText('€5.00')).toBeVisible();
    await expect(plan.getByText('for 30 days', { exact: true })).toBeVisible();
    await expect(plan.getByText('Opens: every module')).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await plan.getByRole('link', { name: `Buy ${DEMO_PLAN}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Buy a plan' })).toBeVisible();
    await expect(page.getByText('Pay €5.00 by bank transfer')).toBeVisible();

    // Both parts are required before anything is sent.
    await page.getByRole('button', { name: 'Send for review' }).click();
    await expect(page.getByLabel('Payment reference')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('This field is required.')).toBeVisible();
    await expect(page.getByText('Choose the image of your receipt.')).toBeVisible();
    await page.getByLabel('Payment reference').fill('TRX-2026-0042');
    await page.getByRole('button', { name: 'Send for review' }).click();
    await expect(page.getByText('This field is required.')).toBeHidden();
    await expect(page.getByText('Choose the image of your receipt.')).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await page.getByLabel('Receipt').setInputFiles(RECEIPT);
    await page.getByRole('button', { name: 'Send for review' }).click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    await expect(
      page.getByText('Purchase sent. The plan opens once staff approve it.'),
    ).toBeVisible();

    // My purchases: the pending purchase with its reference; the server agrees.
    const purchase = page
      .getByRole('list')
      .getByRole('listitem')
      .filter({ hasText: 'reference TRX-2026-0042' });
    await expect(purchase.getByText('Waiting for review')).toBeVisible();
    const mine = (await (
      await request.get('/api/mysubscriptions/?is_archived=false', auth(learner))
    ).json()) as Purchase[];
    expect(mine).toMatchObject([{ status: 'pending', payment_reference: 'TRX-2026-0042' }]);
    expect(mine[0]!.plan.name).toBe(DEMO_PLAN);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Cancelled (a wrong receipt), it leaves the list.
    await purchase.getByRole('button', { name: 'Cancel this purchase' }).click();
    await expect(page.getByRole('heading', { name: 'No purchases yet' })).toBeVisible();
    expect(
      await (await request.get('/api/mysubscriptions/?is_archived=false', auth(learner))).json(),
    ).toEqual([]);
  });
}

test('a refused purchase says "Invalid request" with the reason (seed §8)', async ({
  signedInPage: page,
  learner,
  request,
}) => {
  const plans = (await (
    await request.get('/api/subs/?is_archived=false', auth(learner))
  ).json()) as Plan[];
  const demo = plans.find((p) => p.name === DEMO_PLAN)!;
  await page.goto(`/subscriptions/buy/${demo.id}`);
  await page.getByLabel('Payment reference').fill('TRX-1');
  // Not an image: the server refuses the receipt.
  await page.getByLabel('Receipt').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image'),
  });
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid request' })).toBeVisible();
  await expect(page.getByLabel('Receipt')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(new RegExp(`/subscriptions/buy/${demo.id}$`));
  expect(
    await (await request.get('/api/mysubscriptions/?is_archived=false', auth(learner))).json(),
  ).toEqual([]);
  await expectAccessible(page);
});

test('my subscriptions that cannot load say "Failed! Check your network!" (seed §8)', async ({
  signedInPage: page,
}) => {
  await page.route(/\/api\/mysubscriptions\//, (route) => route.abort('internetdisconnected'));
  await page.goto('/subscriptions');
  // A network failure is retried twice (lib/query-client.ts) before the message shows.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed! Check your network!' }),
  ).toBeVisible({ timeout: 15_000 });
  // The plans, loaded by their own call, are still there.
  await expect(page.getByRole('heading', { name: DEMO_PLAN })).toBeVisible();
});

test('a locked question says how many questions are free and leads to the plans', async ({
  signedInPage: page,
}) => {
  // The module's page says it first.
  await page.goto('/modules/5');
  await expect(page.locator('.free-preview-note')).toHaveText(
    'The first 10 questions of every course are free; a plan opens all the others. See the plans',
  );
  // Course 7 (OpenTriviaQA geography, 400 questions): the 11th is past the free preview.
  await page.goto('/courses/7/study?page=2&index=0');
  await expect(page.getByTestId('player-position')).toHaveText('Question 11 of 400');
  const notice = page.getByRole('note');
  await expect(notice.getByText('This question requires an active subscription.')).toBeVisible();
  await expect(
    notice.getByText(
      'The first 10 questions of every course are free; a plan opens all the others.',
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await notice.getByRole('link', { name: 'See the plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: DEMO_PLAN })).toBeVisible();
});
