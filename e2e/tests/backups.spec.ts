import { expect, expectAccessible, expectNoHorizontalScroll, test } from './backoffice-fixtures';

/** Issue 37: staff see whether learners' data is protected, and can back up at once. */
test('backups: staff back up now and see the run, its size and where it went', async ({
  staffPage: page,
}) => {
  test.slow(); // a real backup of the e2e database, beside the other specs
  await page.goto('/staff/backups');
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup finished.')).toBeVisible({ timeout: 60_000 });

  await expect(page.getByText('Protected')).toBeVisible();
  await expect(page.getByText(/No scheduled backups/)).toBeVisible();
  await expect(page.getByText('The last backup succeeded.')).toBeVisible();
  const run = page.locator('dl.backup-run');
  await expect(run).toContainText('Succeeded (staff)');
  await expect(run).toContainText(/MB, \d+ files/);
  await expect(run.locator('.backup-location')).toContainText('qbank-backup-');
  // A protected install flags nothing in the back-office menu.
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Backups', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Backups need attention/ })).toHaveCount(0);

  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
