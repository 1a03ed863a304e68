import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  openAccountMenu,
  test,
} from './support/fixtures';

/**
 * The desktop header (issue 33): one line at the widths of a small and a common desktop. It sets
 * its own viewport, so it runs in the desktop project only (not in the phone project's list).
 */
test('the desktop header keeps one line at 1024 and 1280 px, in both themes', async ({
  signedInPage: page,
}) => {
  test.slow();
  for (const mode of ['light', 'dark'] as const) {
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/modules');
      // The theme is an item of the account menu; once chosen it stays (settings).
      if (mode === 'dark' && width === 1024) {
        await (
          await openAccountMenu(page)
        )
          .getByRole('menuitemcheckbox', { name: /Dark mode/ })
          .click();
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        await page.keyboard.press('Escape');
      }
      if (mode === 'dark') await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      const header = page.locator('.app-header');
      const brand = await header.locator('.brand').boundingBox();
      // Every entry of the header sits on the logo's row.
      for (const item of await header
        .locator('nav > ul > li, .nav-menu > summary, .header-actions > *')
        .all()) {
        const box = await item.boundingBox();
        if (!box) continue;
        expect(Math.abs(box.y + box.height / 2 - (brand!.y + brand!.height / 2))).toBeLessThan(8);
      }
      await expectNoHorizontalScroll(page);
      const account = await openAccountMenu(page);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(account).toBeHidden();
    }
  }
});
