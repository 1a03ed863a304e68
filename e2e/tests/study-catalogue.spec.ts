import { as, expect, expectAccessible, expectNoHorizontalScroll, test } from './study-fixtures';
import { openNavigation } from './support/fixtures';

test('module page: courses with counts, favourite and hide a course and the module', async ({
  studyPage: page,
  request,
  learner,
}) => {
  await page.goto('/modules/5');
  await expect(
    page.getByRole('heading', { level: 1, name: 'General knowledge (OpenTriviaQA)' }),
  ).toBeVisible();
  const courses = page.getByRole('list', { name: 'Courses' });
  await expect(courses.locator('li.course-item')).toHaveCount(3);
  await expect(courses.locator('li.course-item').first()).toContainText('400 questions');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  const star = page.getByRole('button', { name: 'Favourite course Geography' });
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/favorites/?course=7', as(learner))).json()) as unknown[])
          .length,
    )
    .toBe(1);
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/favorites/?course=7', as(learner))).json()) as unknown[])
          .length,
    )
    .toBe(0);

  await page.getByRole('button', { name: 'Hide course History' }).click();
  await expect(courses.locator('li.course-item')).toHaveCount(2);
  await page.getByText('Hidden courses (1)').click();
  await page.getByRole('button', { name: 'Show course History again' }).click();
  await expect(courses.locator('li.course-item')).toHaveCount(3);

  const favouriteModule = page.getByRole('button', { name: 'Favourite module' });
  await favouriteModule.click();
  await expect(favouriteModule).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(
      async () =>
        (
          (await (await request.get('/api/moduls/5/', as(learner))).json()) as {
            is_favorite: boolean;
          }
        ).is_favorite,
    )
    .toBe(true);
});

test('an unknown module answers a not-found page', async ({ studyPage: page }) => {
  await page.goto('/modules/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the landing page and the header lead to the study screens', async ({ studyPage: page }) => {
  await page.goto('/modules');
  await page.getByRole('link', { name: 'General knowledge (OpenTriviaQA)' }).click();
  await expect(page).toHaveURL(/\/modules\/5$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'General knowledge (OpenTriviaQA)' }),
  ).toBeVisible();
  for (const [name, url] of [
    ['Sessions', /\/sessions$/],
    ['Exam', /\/exam$/],
    ['History', /\/history$/],
  ] as const) {
    const nav = await openNavigation(page);
    await nav.getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
  }
});
