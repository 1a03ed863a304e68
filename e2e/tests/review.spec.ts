import type { HistoryCreated } from '@qbank/contract/history';
import type { Question } from '@qbank/contract/questions';
import type { ReviewSettings } from '@qbank/contract/review';
import type { Page } from '@playwright/test';
import { apiAs, freeQuestions, zoneWhereItIsAfternoon, type Api } from './my-lists-fixtures';
import { expect, expectAccessible, expectNoHorizontalScroll, test } from './support/fixtures';

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.Toastify__toast').filter({ hasText: text });

/** Answers `question` wrong (its last answer), so it is due today and on the shelf. */
async function missQuestion(api: Api, question: Question) {
  const answer = (choices: number[]) =>
    api.post<HistoryCreated>('question_answer_history/', {
      question: question.id,
      choices,
      mode: 'study',
      time_spent_ms: 12_000,
    });
  const first = await answer([question.choices[0]!.id]);
  if (first.is_correct) {
    const wrong = question.choices.find((c) => !first.correct_choices.includes(c.id))!;
    await answer([wrong.id]);
  }
}

// Every test here runs where the day is not ending, unless it names its own zone.
test.use({ timezoneId: zoneWhereItIsAfternoon() });

test('review: due today, the forecast with its table, retention saved, a study run', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  const api = apiAs(request, learner);
  const { questions } = await freeQuestions(api, 1);
  await missQuestion(api, questions[0]!);

  await page.goto('/review');
  await expect(page.getByRole('heading', { name: 'Review', level: 1 })).toBeVisible();
  await expect(page.getByText('1 question to review today')).toBeVisible();
  const due = page.getByRole('list', { name: 'Due today' }).getByRole('listitem');
  await expect(due).toHaveCount(1);
  // Learning, or Relearning when the first free question's first choice was its key.
  await expect(due.first()).toContainText(/Learning|Relearning/);
  // An imported question's HTML never shows as markup in the list.
  await expect(due.first()).not.toContainText('<');
  // The chart (Chart.js canvas) and its table view for screen readers.
  await expect(page.getByRole('img', { name: /reviews? due in the next 30 days/ })).toBeVisible();
  await page.getByText('Show as a table').click();
  const table = page.getByRole('table', { name: 'Reviews due each day' });
  await expect(table.getByRole('row')).toHaveCount(31);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.getByLabel('Desired retention').fill('0.8');
  await expect(page.locator('output')).toHaveText('80 %');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Saved.')).toBeVisible();
  expect((await api.get<ReviewSettings>('review/settings/')).desired_retention).toBe(0.8);

  await page.getByRole('button', { name: "Study today's reviews" }).click();
  await expect(page).toHaveURL(/\/review\/run$/);
  await expect(page.getByText('Question 1 of 1')).toBeVisible();
  const card = page.locator('article.question-card');
  await card.locator('.choice-option').first().click();
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByRole('region', { name: 'Correction' })).toBeVisible();
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Run finished' })).toBeVisible();
  await page.getByRole('link', { name: 'Review', exact: true }).last().click();
  await expect(page).toHaveURL(/\/review$/);
});

test('mistakes: the shelf, its streak setting, a timed exam over it', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  const api = apiAs(request, learner);
  const { questions } = await freeQuestions(api, 1);
  await missQuestion(api, questions[0]!);

  await page.goto('/mistakes');
  await expect(page.getByRole('heading', { name: 'Mistakes', level: 1 })).toBeVisible();
  await expect(page.getByText('1 question on the shelf')).toBeVisible();
  const shelf = page.getByRole('list', { name: 'Mistakes' }).getByRole('listitem');
  await expect(shelf).toHaveCount(1);
  await expect(shelf.first()).toContainText('0 of 2 right in a row');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.getByLabel(/Right answers in a row/).fill('3');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Saved.')).toBeVisible();
  await expect(shelf.first()).toContainText('0 of 3 right in a row');

  await page.getByRole('button', { name: 'Timed exam' }).click();
  await expect(page).toHaveURL(/\/exam\/run$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Exam in progress' })).toBeVisible();
});

test.describe('a learner in Auckland', () => {
  test.use({ timezoneId: 'Pacific/Auckland' });

  test('the first screen after sign-in sends the browser time zone; a zone picked in the settings stays', async ({
    signedInPage: page,
    request,
    learner,
  }) => {
    const api = apiAs(request, learner);
    const storedZone = async () => (await api.get<ReviewSettings>('review/settings/')).time_zone;
    expect(await storedZone()).toBe('UTC');
    // The app frame detects the zone on whichever screen the learner lands (not the dashboard).
    await page.goto('/sessions');
    await expect.poll(storedZone).toBe('Pacific/Auckland');

    await page.goto('/settings');
    const picker = page.getByLabel('Your days start at midnight in');
    await expect(picker).toHaveValue('Pacific/Auckland');
    await expect(page.getByText('Detected from this browser: Pacific/Auckland.')).toBeVisible();
    await picker.selectOption('America/Los_Angeles');
    await expect(
      page.getByText('Saved: your days now start at midnight in America/Los_Angeles.'),
    ).toBeVisible();
    expect(await storedZone()).toBe('America/Los_Angeles');
    // A new page load in the same browser zone keeps the learner's choice: no PATCH is sent.
    const patches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/api/review/settings/'))
        patches.push(r.url());
    });
    const settingsRead = page.waitForResponse(
      (r) => r.request().method() === 'GET' && r.url().includes('/api/review/settings/'),
    );
    await page.goto('/dashboard');
    await settingsRead;
    await page.waitForLoadState('networkidle');
    expect(patches).toEqual([]);
    expect(await storedZone()).toBe('America/Los_Angeles');
    await page.goto('/settings');
    await picker.selectOption('Pacific/Auckland');
    await expect.poll(storedZone).toBe('Pacific/Auckland');

    // Once there is a day studied, the heatmap says where the learner's days start.
    const { questions } = await freeQuestions(api, 1);
    await missQuestion(api, questions[0]!);
    await page.goto('/dashboard');
    await expect(
      page.getByText('Days start at midnight in the Pacific/Auckland time zone.'),
    ).toBeVisible();
  });
});
