import type { APIRequestContext, Page } from '@playwright/test';
import {
  as,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  PNG_16PX,
  signIn,
  test,
} from './backoffice-fixtures';

/** Issue 12: the back office flows, driven in the browser as staff, checked as the learner. */

async function buyPending(request: APIRequestContext, key: string, planId: number, ref: string) {
  const res = await request.post('/api/buysubscription/', {
    headers: { Authorization: `Token ${key}` },
    multipart: {
      plan: String(planId),
      payment_reference: ref,
      receipt: { name: 'r.png', mimeType: 'image/png', buffer: PNG_16PX },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function firstQuestionId(request: APIRequestContext, key: string) {
  const res = await request.get('/api/questns/?page_size=1', {
    headers: { Authorization: `Token ${key}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { results: { id: number }[] }).results[0]!.id;
}

async function expectNotification(page: Page, text: string | RegExp) {
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
}

test.describe('who reaches the back office', () => {
  test('anonymous visitors go to sign-in; learners get not-found and never load a staff chunk', async ({
    page,
    context,
    learner,
  }) => {
    await page.goto('/staff/purchases');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);

    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await signIn(context, learner.user, learner.key);
    for (const path of ['/staff', '/staff/users', '/admin']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Back office' })).toHaveCount(0);
    expect(scripts.filter((s) => /staff/.test(s))).toEqual([]);
  });

  test('staff see the nav; /admin leads to /staff/purchases', async ({ staffPage: page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/staff\/purchases$/);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    for (const name of [
      'Purchases',
      'Plans',
      'Reports',
      'Comments',
      'Users',
      'Audit log',
      'Question bank',
      'Catalogue',
      'Imports',
    ]) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Back office' })
      .click();
    await expect(page).toHaveURL(/\/staff\/purchases$/);
  });

  test('every staff screen passes axe and fits the viewport', async ({
    staffPage: page,
    learner,
  }) => {
    test.slow(); // one audit per screen
    for (const path of [
      '/staff/purchases?status=all',
      '/staff/plans',
      '/staff/reports',
      '/staff/comments',
      '/staff/users',
      `/staff/users/${learner.user.id}`,
      '/staff/audit',
      '/notifications',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
    }
  });

  test('the sign-in route loads no back-office or notification code', async ({ page }) => {
    const bodies: string[] = [];
    const urls: string[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') {
        urls.push(r.url());
        bodies.push(await r.text().catch(() => ''));
      }
    });
    await page.goto('/auth/sign-in');
    await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(urls.filter((u) => /staff|notification/.test(u))).toEqual([]);
    // Strings only the staff screens and the bell hold.
    for (const marker of ['staff/audit/', 'staff/users/', 'notifications/unread_count/']) {
      expect(
        bodies.some((b) => b.includes(marker)),
        marker,
      ).toBe(false);
    }
  });
});

test('plans: create, edit and archive', async ({ staffPage: page }) => {
  const name = `Plan ${Date.now().toString(36)}`;
  await page.goto('/staff/plans');
  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Price').fill('-3');
  await dialog.getByLabel('Duration in days').fill('45');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Ensure this value is greater than or equal to 0.')).toBeVisible();
  await dialog.getByLabel('Price').fill('1500');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('1500.00 DZD · 45 days · All modules');

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByRole('dialog').getByLabel('Price').fill('1200');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('1200.00 DZD');
  await card.getByRole('button', { name: `Archive ${name}` }).click();
  await expect(card.getByText('Archived')).toBeVisible();
  await expect(card.getByRole('button', { name: `Put back on sale: ${name}` })).toBeVisible();
});

test('purchases: approve and reject; the learner is told in the app', async ({
  staffPage: page,
  learnerPage,
  request,
  learner,
  studyServer,
}) => {
  const approveRef = `APP-${Date.now().toString(36)}`;
  await buyPending(request, learner.key, studyServer.planId, approveRef);
  await page.goto(`/staff/purchases?search=${approveRef}`);
  const card = page.getByRole('listitem').filter({ hasText: approveRef });
  // The receipt opens large, in a dialog, to be compared with the amount bought.
  await card
    .getByRole('button', { name: `Receipt sent by ${learner.email}: open it large` })
    .click();
  const receipt = page.getByRole('dialog', { name: `Receipt from ${learner.email}` });
  await expect(receipt.getByRole('img')).toBeVisible();
  await receipt.getByRole('button', { name: 'Close' }).click();
  await expect(receipt).toHaveCount(0);
  await card.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Purchase approved; the learner was told.')).toBeVisible();
  // The pending filter no longer shows it.
  await expect(card).toHaveCount(0);

  // A second plan, so the learner can have a pending purchase again.
  const plan = await request.post('/api/staff/plans/', {
    headers: { Authorization: `Token ${studyServer.staffKey}` },
    data: { name: 'Reject me', price: '5', currency: 'DZD', duration_days: 10, all_modules: true },
  });
  const rejectRef = `REJ-${Date.now().toString(36)}`;
  await buyPending(request, learner.key, ((await plan.json()) as { id: number }).id, rejectRef);
  await page.goto(`/staff/purchases?search=${rejectRef}`);
  await page
    .getByRole('listitem')
    .filter({ hasText: rejectRef })
    .getByRole('button', { name: 'Reject' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Give a reason: the learner will read it.')).toBeVisible();
  await dialog
    .getByLabel('Reason (the learner reads it)')
    .fill('The receipt shows another amount.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Purchase rejected; the learner was told why.')).toBeVisible();

  await learnerPage.goto('/modules');
  await expect(learnerPage.getByRole('link', { name: /Notifications, \d+ unread/ })).toBeVisible();
  await expectNotification(
    learnerPage,
    'Your purchase of "Reject me" was rejected. Reason: The receipt shows another amount.',
  );
  await expect(
    learnerPage.getByText(/Your purchase of "Everything" was approved/).first(),
  ).toBeVisible();
});

test('reports: grouped by question, answered, the reporter sees the answer', async ({
  staffPage: page,
  learnerPage,
  request,
  learner,
}) => {
  const question = await firstQuestionId(request, learner.key);
  const created = await request.post('/api/rports/', {
    ...as(learner),
    data: { question, reason: 'typo', message: 'Choice B has a typo.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto('/staff/reports');
  const group = page
    .getByRole('listitem')
    .filter({ hasText: `Question #${question}` })
    .first();
  await expect(group.getByRole('link', { name: 'Open in the editor' })).toHaveAttribute(
    'href',
    `/staff/questions/${question}`,
  );
  await group.getByRole('button', { name: 'Show reports' }).click();
  const report = group.getByRole('listitem').filter({ hasText: 'Choice B has a typo.' });
  await report.getByLabel('Answer to the reporter').fill('Fixed, thank you.');
  await report.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Report resolved; the reporter sees your answer.')).toBeVisible();

  const mine = await request.get('/api/rports/', as(learner));
  expect(
    ((await mine.json()) as { results: { status: string; staff_answer: string }[] }).results[0],
  ).toMatchObject({ status: 'resolved', staff_answer: 'Fixed, thank you.' });
  await expectNotification(
    learnerPage,
    `Your report on question #${question} was resolved. Answer: Fixed, thank you.`,
  );
});

test('comments: staff remove one with a reason its author reads', async ({
  staffPage: page,
  learnerPage,
  request,
  learner,
}) => {
  const question = await firstQuestionId(request, learner.key);
  const body = `Spam ${Date.now().toString(36)}`;
  const created = await request.post('/api/comments/', {
    ...as(learner),
    data: { question, body },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/staff/comments?search=${body}`);
  await page
    .getByRole('listitem')
    .filter({ hasText: body })
    .getByRole('button', { name: 'Remove' })
    .click();
  await page
    .getByRole('dialog')
    .getByLabel('Reason (shown to the author)')
    .fill('Advertising is not allowed.');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed; the author was told why.')).toBeVisible();
  await expect(page.getByText('No comment here.')).toBeVisible();
  await expectNotification(
    learnerPage,
    'Your comment was removed by a moderator. Reason: Advertising is not allowed.',
  );
});

test('users: search, subscriptions, grant staff, deactivate; every action is in the audit log', async ({
  staffPage: page,
  request,
  learner,
}) => {
  await page.goto('/staff/users');
  await page.getByRole('searchbox', { name: 'E-mail or name' }).fill(learner.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: learner.email }).click();
  await expect(page.getByRole('heading', { name: learner.email })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Everything' })).toContainText('Active');

  await page.getByRole('button', { name: 'Make staff' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('User updated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove staff rights' })).toBeVisible();
  expect((await request.get('/api/staff/users/', as(learner))).status()).toBe(200);

  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  expect((await request.get('/api/auth/user/', as(learner))).status()).toBe(401);

  await page.getByRole('link', { name: 'Staff actions on this user' }).click();
  await expect(page).toHaveURL(/\/staff\/audit\?target_type=user&target_id=\d+$/);
  // The router keeps the user's page on screen while the audit screen's code loads.
  await expect(page.getByText('user.deactivate')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('user.grant_staff')).toBeVisible();
  // The change reads field by field, with who made it (name and e-mail).
  const deactivated = page.getByRole('listitem').filter({ hasText: 'user.deactivate' });
  await expect(deactivated.getByRole('row', { name: /^Active/ })).toContainText('YesNo');
  await expect(deactivated).toContainText('e2e-staff@example.com');

  // Filter the whole log by action.
  await page.goto('/staff/audit');
  await page.getByLabel('Action').selectOption('user');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/action=user/);
  // Until the filtered page arrives the list is marked busy and still shows the whole log.
  await expect(page.locator('.audit-list:not([aria-busy])')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('user.grant_staff').first()).toBeVisible();
  await expect(page.getByText('purchase.approve')).toHaveCount(0);
});
