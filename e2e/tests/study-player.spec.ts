import { as, expect, expectAccessible, expectNoHorizontalScroll, test } from './study-fixtures';

test('a subscribed learner filters a course by source and studies it end to end', async ({
  studyPage: page,
}) => {
  test.slow();
  await page.goto('/modules/2');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Physics (JEE Advanced)' }),
  ).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The course's source filter: a checklist of the module's sources.
  await page
    .getByRole('button', { name: 'Choose the sources of Multiple-choice questions' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Sources of Multiple-choice questions' });
  await dialog.getByRole('checkbox', { name: /JEE Adv 2016 Paper 1/ }).check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Only questions from: JEE Adv 2016 Paper 1')).toBeVisible();

  await page.getByRole('link', { name: 'Study' }).first().click();
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 7');
  await expectAccessible(page);
  for (let n = 1; n <= 7; n += 1) {
    await expect(page.getByTestId('player-position')).toHaveText(`Question ${n} of 7`);
    const card = page.locator('article.question-card');
    await card.locator('.choice-option').first().click();
    await card.getByRole('button', { name: 'Check' }).click();
    const correction = card.getByRole('region', { name: 'Correction' });
    await expect(correction).toBeVisible();
    await expect(correction.getByTestId('question-score')).toHaveText(/^Score: [\d.]+ \/ 1$/);
    // The right choices are marked.
    await expect(card.getByText('Correct answer').first()).toBeVisible();
    if (n === 1) {
      // Markdown with LaTeX is typeset by KaTeX.
      await expect(card.locator('.katex').first()).toBeVisible();
      await expectAccessible(page);
    }
    if (n < 7) await card.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByTestId('player-answered')).toHaveText('7 of 7 answered');
  await page.reload();
  await expect(page.getByText('You have answered every question of this course.')).toBeVisible();
});

test('a reload resumes at the first unanswered question', async ({ studyPage: page }) => {
  await page.goto('/courses/7/study');
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 400');
  for (let n = 1; n <= 3; n += 1) {
    const card = page.locator('article.question-card');
    await card.locator('.choice-option').nth(1).click();
    await card.getByRole('button', { name: 'Check' }).click();
    await expect(card.getByRole('region', { name: 'Correction' })).toBeVisible();
    await card.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByTestId('player-position')).toHaveText('Question 4 of 400');
  await page.reload();
  await expect(page.getByTestId('player-position')).toHaveText('Question 4 of 400');
  await expect(page.getByTestId('player-answered')).toHaveText('3 of 400 answered');
  // Going back shows the earlier answer with its correction.
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByTestId('player-position')).toHaveText('Question 3 of 400');
  await expect(page.getByRole('region', { name: 'Correction' })).toBeVisible();
});

test('keyboard-only study: letters tick, Enter checks then moves on, arrows move, ? shows the shortcuts', async ({
  studyPage: page,
  request,
  learner,
}) => {
  await page.goto('/courses/8/study');
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 400');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  const firstId = Number(
    await page.locator('article.question-card').getAttribute('data-question-id'),
  );
  await page.keyboard.press('b');
  await expect(page.locator('article.question-card input').nth(1)).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Correction' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('player-position')).toHaveText('Question 2 of 400');
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Correction' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('player-position')).toHaveText('Question 3 of 400');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 400');

  // The answers reached the session and the history.
  const history = await request.get('/api/question_answer_history/', as(learner));
  const entries = ((await history.json()) as { results: { question: { id: number } }[] }).results;
  expect(entries.map((e) => e.question.id)).toContain(firstId);
  expect(entries).toHaveLength(2);
});

test('favourite and hide from the player: favourite shows at once, a hidden question leaves the list', async ({
  studyPage: page,
  request,
  learner,
}) => {
  await page.goto('/courses/9/study');
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 400');
  const card = page.locator('article.question-card');
  const hiddenId = Number(await card.getAttribute('data-question-id'));

  await card.getByRole('button', { name: 'Favourite' }).click();
  await expect(card.getByRole('button', { name: 'Favourite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`/api/favorite_questions/?question=${hiddenId}`, as(learner))
          ).json()) as { count: number }
        ).count,
    )
    .toBe(1);

  await card.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 399');
  await expect(page.locator('article.question-card')).not.toHaveAttribute(
    'data-question-id',
    String(hiddenId),
  );
  const list = await request.get('/api/questns/?course=9', as(learner));
  const ids = ((await list.json()) as { results: { id: number }[] }).results.map((q) => q.id);
  expect(ids).not.toContain(hiddenId);
});

test('a refused favourite rolls back with a toast', async ({ studyPage: page }) => {
  await page.goto('/courses/8/study');
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 400');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/favorite_questions/', async (route) => {
    await held;
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ question: ['This question is already in your favourites.'] }),
    });
  });
  const star = page.locator('article.question-card').getByRole('button', { name: 'Favourite' });
  await star.click();
  // Shown at once, before the server answers...
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  release();
  // ...and taken back when it refuses.
  await expect(page.getByText('The favourite could not be saved.')).toBeVisible();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
});

test('the sign-in route never loads the Markdown and KaTeX chunk', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet')
      scripts.push(request.url());
  });
  await page.goto('/auth/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /markdown|katex/i.test(url))).toEqual([]);
});
