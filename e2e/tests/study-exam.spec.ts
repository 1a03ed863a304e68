import { as, expect, expectAccessible, expectNoHorizontalScroll, test } from './study-fixtures';

type HistoryPage = { count: number; results: { score: number; mode: string }[] };

test('an exam of 20 questions with a timer ends with the score the server computed', async ({
  studyPage: page,
  request,
  learner,
}) => {
  test.slow();
  await page.goto('/exam');
  await expect(page.getByRole('heading', { level: 1, name: 'Exam' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'General knowledge (OpenTriviaQA)' }).check();
  await page.getByLabel('Number of questions').fill('20');
  await page.getByLabel('Duration (minutes)').fill('15');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Start the exam' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Exam in progress' })).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText(/^1[45]:\d\d$/);
  await expect(page.getByTestId('exam-position')).toHaveText('Question 1 of 20');
  await expectAccessible(page);
  // No correction during the exam; answer 15 of the 20, the rest stay empty.
  for (let n = 1; n <= 20; n += 1) {
    await expect(page.getByTestId('exam-position')).toHaveText(`Question ${n} of 20`);
    if (n <= 15)
      await page
        .locator('article.question-card .choice-option')
        .nth(n % 2)
        .click();
    await expect(page.getByText('Correct answer')).toHaveCount(0);
    if (n < 20) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Finish the exam' }).click();
  const confirm = page.getByRole('dialog', { name: 'Finish the exam?' });
  await expect(confirm).toContainText('5 questions are unanswered');
  await confirm.getByRole('button', { name: 'Finish the exam' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Exam results' })).toBeVisible();
  const history = (await (
    await request.get('/api/question_answer_history/?page_size=100', as(learner))
  ).json()) as HistoryPage;
  expect(history.count).toBe(20);
  expect(history.results.every((r) => r.mode === 'exam')).toBe(true);
  const total = Math.round(history.results.reduce((sum, r) => sum + r.score, 0) * 100) / 100;
  await expect(page.getByTestId('exam-score')).toHaveText(
    new RegExp(`^${String(total).replace('.', '\\.')} / 20 \\(`),
  );
  // The review shows every question with its correction.
  await expect(page.locator('.exam-review article.question-card')).toHaveCount(20);
  await expect(page.getByRole('heading', { name: 'By course' })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
});
