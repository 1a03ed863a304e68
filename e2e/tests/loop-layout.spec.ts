import type { APIRequestContext } from '@playwright/test';
import type { WhatNextItem } from '@qbank/contract/stats';
import {
  createUser,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  removeUser,
  signInWithCookies,
  test,
  type TestUser,
} from './support/fixtures';

/**
 * Issue 33 "Dashboard and phone": runs on the phone and the desktop (playwright.config.ts).
 * A learner without a plan studies the free preview of the demo bank.
 */
test.describe.configure({ timeout: 90_000 });

const auth = (user: TestUser) => ({ headers: { Authorization: `Token ${user.key}` } });
type Listed<T> = { results: T[] };
type Item = { id: number; stem: string; choices: { id: number }[]; is_locked: boolean };

/** Answers `n` free questions of `course` wrong (learnt from the first answer's correction). */
async function missQuestions(
  request: APIRequestContext,
  user: TestUser,
  course: number,
  n: number,
) {
  const page = (await (
    await request.get(`/api/questns/?course=${course}&page_size=10`, auth(user))
  ).json()) as Listed<Item>;
  const free = page.results.filter((q) => !q.is_locked).slice(0, n);
  for (const q of free) {
    const post = (choice: number, confidence?: string) =>
      request.post('/api/question_answer_history/', {
        ...auth(user),
        data: { question: q.id, choices: [choice], mode: 'study', time_spent_ms: 9000, confidence },
      });
    const first = await post(q.choices[0]!.id, 'sure');
    const body = (await first.json()) as { is_correct: boolean; correct_choices: number[] };
    expect(first.status()).toBe(201);
    if (body.is_correct) {
      // Right by chance: answer wrong too (the latest answer is the miss that counts).
      const wrong = q.choices.find((c) => !body.correct_choices.includes(c.id))!;
      await post(wrong.id, 'sure');
    }
  }
  return free;
}

test('the dashboard opens on today, says the real share right, and shows a module with past exams', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  // Physics (course 4): the share right of the first answers, not the smoothed (right+1)/(n+2).
  await missQuestions(request, learner, 4, 2);
  const next = (await (
    await request.get('/api/dashboard/what-next/?limit=5', auth(learner))
  ).json()) as { results: WhatNextItem[] };
  const answered = next.results.find((r) => r.answered > 0);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  if (answered) {
    const item = page.getByTestId('what-next-item').filter({ hasText: answered.name });
    await expect(item).toContainText(
      `${Math.round((answered.right / answered.answered) * 100)} % right of ${answered.answered} answered`,
    );
  }
  // Today's cell (the last column) is in view: the grid is scrolled to its end.
  const grid = page.locator('.heatmap');
  await expect(grid).toBeVisible();
  await expect
    .poll(() => grid.evaluate((el) => el.scrollWidth - el.clientWidth - el.scrollLeft))
    .toBeLessThanOrEqual(1);
  const today = grid.locator('.heatmap-week').last();
  const [gridBox, todayBox] = [await grid.boundingBox(), await today.boundingBox()];
  expect(todayBox!.x + todayBox!.width).toBeLessThanOrEqual(gridBox!.x + gridBox!.width + 1);
  // The relevance panel opens on a module that has past exams.
  await expect
    .poll(async () => {
      const module = await page.locator('#stats-relevance-module').inputValue();
      const res = await request.get(`/api/exam-relevance/?module=${module}`, auth(learner));
      return ((await res.json()) as { exams_total: number }).exams_total;
    })
    .toBeGreaterThan(0);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
});

test('the player puts the stem and choices first on a phone; the tools fold away', async ({
  signedInPage: page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await page.goto('/courses/4/study');
  const stem = page.locator('article.question-card .stem');
  await expect(stem).toBeVisible();
  const tools = page.locator('details.player-tools');
  const navigator = page.locator('.question-navigator');
  if (phone) {
    // Folded: the stem starts in the top half of the first screen, its choices follow.
    await expect(tools).not.toHaveAttribute('open');
    await expect(navigator).toBeHidden();
    const viewport = page.viewportSize()!;
    expect((await stem.boundingBox())!.y).toBeLessThan(viewport.height / 2);
    await page.getByText('Tools: options, difficulty, navigator').click();
    await expect(navigator).toBeVisible();
  } else {
    await expect(tools).toHaveAttribute('open');
    await expect(navigator).toBeVisible();
  }
  // Strike-out buttons are named by their action; answered navigator buttons read well (axe).
  await expect(page.getByRole('button', { name: 'Strike out A' })).toBeVisible();
  const card = page.locator('article.question-card');
  await card.locator('.choice-option').first().click();
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByRole('region', { name: 'Correction' })).toBeVisible();
  await expect(navigator.locator('button.is-answered').first()).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
});

test('calibration links keep the stem text; a long e-mail fits the profile screen', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const user = await createUser(request, {
    label: 'constantinople-cardiology-resident',
  });
  try {
    await signInWithCookies(context, baseURL!, user);
    const [missed] = await missQuestions(request, user, 4, 1);
    await page.goto('/history/calibration');
    await expect(page.getByRole('heading', { level: 1, name: 'Calibration' })).toBeVisible();
    const link = page.locator('.sure-but-wrong a').first();
    await expect(link).toHaveAttribute('href', `/questions/${missed!.id}`);
    // Its accessible name is the stem as shown, not "Open question N".
    const shown = (await link.innerText()).trim();
    expect(shown.length).toBeGreaterThan(0);
    await expect(link).toHaveAccessibleName(shown);
    await expectAccessible(page);

    await page.goto('/profile');
    await expect(page.getByText(user.email)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  } finally {
    await removeUser(request, user);
  }
});
