import type { HistoryCreated } from '@qbank/contract/history';
import type { Question } from '@qbank/contract/questions';
import type { ReviewSettings } from '@qbank/contract/review';
import { apiAs, freeQuestions, zoneWhereItIsAfternoon, type Api } from './my-lists-fixtures';
import { expect, expectAccessible, expectNoHorizontalScroll, test } from './support/fixtures';

/** Runs on the phone and the desktop (playwright.config.ts): grading, limits and leeches. */

// A missed card (due in 10 minutes) is due today wherever the run starts.
test.use({ timezoneId: zoneWhereItIsAfternoon() });

const answer = (api: Api, question: Question, choices: number[]) =>
  api.post<HistoryCreated>('question_answer_history/', {
    question: question.id,
    choices,
    mode: 'study',
    time_spent_ms: 12_000,
  });

/** The question's right and a wrong choice, learnt from one answer's correction. */
async function keyOf(api: Api, question: Question) {
  const first = await answer(api, question, [question.choices[0]!.id]);
  const right = question.choices.find((c) => first.correct_choices.includes(c.id))!;
  const wrong = question.choices.find((c) => !first.correct_choices.includes(c.id))!;
  return { right, wrong, firstRight: first.is_correct };
}

test('a quick right answer is graded Good, says so, and the learner changes it with a key', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  const api = apiAs(request, learner);
  const { questions } = await freeQuestions(api, 1);
  const question = questions[0]!;
  const { right, wrong } = await keyOf(api, question);
  await answer(api, question, [wrong.id]);

  await page.goto('/review');
  await page.getByRole('button', { name: "Study today's reviews" }).click();
  await expect(page).toHaveURL(/\/review\/run$/);
  const card = page.locator('article.question-card');
  await card.locator('.choice-option').filter({ hasText: right.text }).first().click();
  await card.getByRole('button', { name: 'Check' }).click();
  const correction = card.getByRole('region', { name: 'Correction' });
  await expect(correction.getByTestId('grade-line')).toHaveText(
    /Graded Good from your answer: right/,
  );
  const rating = correction.getByRole('group', { name: 'How well did you know it?' });
  // Each button shows the interval it gives; the answer's grade is the pressed one.
  await expect(rating.getByRole('button', { name: /^Good \d+ (d|h|min)$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(rating.getByRole('button', { name: /^Again 10 min$/ })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  const reviewsBefore = (await api.get<ReviewSettings>('review/settings/')).review_count;
  await page.keyboard.press('4');
  await expect(correction.getByTestId('grade-line')).toHaveText('You rated it Easy.');
  await expect(rating.getByRole('button', { name: /^Easy/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(rating.getByRole('button', { name: /^Good/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // The pressed rating replaced the answer's grade: no review was added.
  expect((await api.get<ReviewSettings>('review/settings/')).review_count).toBe(reviewsBefore);
});

test('eight misses in a row make a leech: suspend it, open its note', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  const api = apiAs(request, learner);
  const { questions } = await freeQuestions(api, 1);
  const question = questions[0]!;
  const { wrong, firstRight } = await keyOf(api, question);
  for (let i = firstRight ? 0 : 1; i < 8; i++) await answer(api, question, [wrong.id]);

  await page.goto('/mistakes');
  const item = page.getByRole('list', { name: 'Mistakes' }).getByRole('listitem').first();
  await expect(item).toContainText('Leech');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await item.getByRole('button', { name: 'Suspend' }).click();
  await expect(item.getByRole('button', { name: 'Unsuspend' })).toBeVisible();
  await expect(item).toContainText('Suspended');
  await page.goto('/review');
  await expect(page.getByText('0 questions to review today')).toBeVisible();

  await page.goto('/mistakes');
  await page
    .getByRole('list', { name: 'Mistakes' })
    .getByRole('link', { name: 'Open its note' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/questions/${question.id}\\?tool=note$`));
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('daily limits are saved, and the due queue is scoped to a course', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  const api = apiAs(request, learner);
  const { course, questions } = await freeQuestions(api, 1);
  const { wrong } = await keyOf(api, questions[0]!);
  await answer(api, questions[0]!, [wrong.id]);

  await page.goto('/review');
  await page.getByLabel('Reviews per day').fill('50');
  await page.getByLabel(/New questions per day/).fill('5');
  await page.getByRole('button', { name: 'Save the limits' }).click();
  await expect
    .poll(async () => (await api.get<ReviewSettings>('review/settings/')).new_per_day)
    .toBe(5);
  expect((await api.get<ReviewSettings>('review/settings/')).reviews_per_day).toBe(50);

  await page.getByLabel('Module or course').selectOption({ label: `— ${course.name}` });
  await expect(page.getByText('1 question to review today')).toBeVisible();
  await expectAccessible(page);
});
