import type { Question } from '@qbank/contract/questions';
import {
  expect,
  expectNoHorizontalScroll,
  openAccountMenu,
  test,
  type TestUser,
} from './support/fixtures';

const auth = (user: TestUser) => ({ headers: { Authorization: `Token ${user.key}` } });

/** Every main screen of a signed-in learner, with the heading that says it has rendered. */
const SCREENS: [string, string | RegExp][] = [
  ['/modules', 'Your modules'],
  ['/modules/2', 'Physics (JEE Advanced)'],
  ['/courses/4/study', 'Multiple-choice questions'],
  ['/courses/10/study?page=1&index=5', 'Word problems 1'],
  ['/exam', /exam/i],
  ['/sessions', /session/i],
  ['/history', 'Answer history'],
  ['/subscriptions', 'Subscriptions'],
  ['/subscriptions/buy/1', 'Buy a plan'],
  ['/settings', 'Settings'],
  ['/profile', 'Profile'],
  ['/about', 'About QBank'],
  ['/history/calibration', 'Calibration'],
  ['/dashboard', 'Dashboard'],
  ['/search?q=speed', 'Search the bank'],
];

test('no main screen scrolls sideways, history with long module names and maths included', async ({
  signedInPage: page,
  learner,
  request,
}) => {
  test.slow();
  // A few answers, so that the history lists real question texts (maths and prices).
  for (const course of [4, 6, 10]) {
    const questions = (await (
      await request.get(`/api/questns/?course=${course}&page=1`, auth(learner))
    ).json()) as { results: Question[] };
    for (const q of questions.results.slice(0, 2)) {
      const answer = await request.post('/api/question_answer_history/', {
        ...auth(learner),
        data: { question: q.id, choices: [q.choices[0]!.id], mode: 'study', time_spent_ms: 1000 },
      });
      expect(answer.status(), await answer.text()).toBe(201);
    }
  }
  for (const [path, heading] of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalScroll(page);
  }
  await page.goto('/history');
  await expect(page.locator('.history-item')).toHaveCount(6);
  await expectNoHorizontalScroll(page);
});

test('the header fits a phone: its links open behind the menu button', async ({
  signedInPage: page,
}) => {
  await page.goto('/modules');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = page.getByRole('button', { name: 'Menu' });
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  if (!phone) {
    // A desktop shows the links at once and no menu button.
    await expect(menu).toBeHidden();
    await expect(nav.getByRole('link', { name: 'History' })).toBeVisible();
    return;
  }
  // The account menu fits the phone too, beside the menu button.
  const account = await openAccountMenu(page);
  await expect(account.getByRole('menuitem', { name: 'Subscriptions' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.keyboard.press('Escape');
  await expect(account).toBeHidden();
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'History' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  // The header itself is never wider than the phone.
  const header = await page.locator('.app-header').boundingBox();
  expect(header!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await nav.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Answer history' })).toBeVisible();
  await expect(nav).toBeHidden();
});

test('a toast never covers the navigation', async ({ signedInPage: page }) => {
  await page.goto('/profile');
  await page.getByLabel('First name').fill('Ada');
  await page.getByRole('button', { name: 'Save' }).click();
  const toast = page.locator('.Toastify__toast').first();
  await expect(toast).toBeVisible();
  // Let the toast slide in (its progress bar runs for 5 s: not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (a) =>
            !((a.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains(
              'Toastify__progress-bar',
            ),
        )
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  const box = (await toast.boundingBox())!;
  const header = (await page.locator('.app-header').boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
});
