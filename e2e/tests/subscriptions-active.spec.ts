import { expect, expectAccessible, expectNoHorizontalScroll, test } from './study-fixtures';

test('a learner whose purchase staff approved sees it active, and no question is locked', async ({
  studyPage: page,
}) => {
  await page.goto('/subscriptions');
  // check_sub: the plan of the approved purchase (the study fixtures' "Everything"), until when.
  await expect(
    page.getByText(/^Your subscription “Everything” is active until \w{3} \d{1,2}, \d{4}\.$/),
  ).toBeVisible();
  await expect(page.getByText('It opens every module.')).toBeVisible();
  const purchase = page.getByRole('listitem').filter({ hasText: 'reference E2E-' });
  await expect(purchase.getByText('Active', { exact: true })).toBeVisible();
  await expect(purchase.getByText(/^Runs from .+ to .+\.$/)).toBeVisible();
  await expect(purchase.getByRole('button', { name: 'Cancel this purchase' })).toHaveCount(0);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // Neither the module's page nor a question past the free preview speaks of plans.
  await page.goto('/modules/5');
  await expect(
    page.getByRole('heading', { level: 1, name: 'General knowledge (OpenTriviaQA)' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Study' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.free-preview-note')).toHaveCount(0);
  await page.goto('/courses/7/study?page=2&index=0');
  await expect(page.getByTestId('player-position')).toHaveText('Question 11 of 400');
  await expect(page.locator('article.question-card .choice-option').first()).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
});
