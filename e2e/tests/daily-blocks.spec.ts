import type { Paginated } from '@qbank/contract/common';
import type { HistoryCreated, HistoryEntry } from '@qbank/contract/history';
import type { Question } from '@qbank/contract/questions';
import { apiAs, freeQuestions, type Api } from './my-lists-fixtures';
import { expect, expectAccessible, expectNoHorizontalScroll, test } from './support/fixtures';

/**
 * Issue 33, part A (decision 050): every run has the player's tools, a block is tutor or timed,
 * and the exam review shows what the learner saw. Runs on the phone and the desktop.
 */

const answer = (api: Api, question: Question, choices: number[]) =>
  api.post<HistoryCreated>('question_answer_history/', {
    question: question.id,
    choices,
    mode: 'study',
    time_spent_ms: 12_000,
  });

/** Puts the questions on the mistakes shelf: one wrong answer each. */
async function miss(api: Api, questions: Question[]) {
  for (const question of questions) {
    const first = await answer(api, question, [question.choices[0]!.id]);
    if (!first.is_correct) continue;
    const wrong = question.choices.find((c) => !first.correct_choices.includes(c.id))!;
    await answer(api, question, [wrong.id]);
  }
}

test('a mistakes run has the tools: navigator, flag, strike-out, pause, reload', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  test.slow();
  const api = apiAs(request, learner);
  const { questions } = await freeQuestions(api, 3);
  await miss(api, questions);

  await page.goto('/mistakes');
  await page.getByRole('button', { name: 'Study', exact: true }).click();
  await expect(page).toHaveURL(/\/review\/run$/);
  const navigator = page.getByRole('navigation', { name: 'Questions' });
  await expect(navigator.getByText('3 empty')).toBeVisible();
  const card = page.locator('article.question-card');
  await expect(card.locator('.choice-option').first()).toBeVisible();

  // By keyboard: Shift+B strikes B out, M flags.
  await page.keyboard.press('Shift+B');
  await expect(card.locator('.choice-option').nth(1)).toHaveClass(/is-struck/);
  await page.keyboard.press('m');
  await expect(
    navigator.getByRole('button', { name: 'Go to question 1 (not answered, flagged)' }),
  ).toBeVisible();

  // P pauses behind a dialog that hides the question; Resume brings it back.
  await page.keyboard.press('p');
  const paused = page.getByRole('dialog', { name: 'Paused' });
  await expect(paused).toBeVisible();
  await expect(card).toBeHidden();
  await expectAccessible(page);
  await paused.getByRole('button', { name: 'Resume' }).click();
  await expect(card).toBeVisible();

  // The answer after the pause carries the time on the question, never 0 s.
  const shown = Number(await card.getAttribute('data-question-id'));
  await card.locator('.choice-option').first().click();
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByRole('region', { name: 'Correction' })).toBeVisible();
  const history = await api.get<Paginated<HistoryEntry>>(
    `question_answer_history/?question=${shown}`,
  );
  // Newest first: the run's answer, not one of the API's (12 s each).
  expect(history.results[0]!.time_spent_ms).not.toBe(12_000);
  expect(history.results[0]!.time_spent_ms).toBeGreaterThan(0);
  await expect(
    navigator.getByRole('button', { name: 'Go to question 1 (answered, flagged)' }),
  ).toBeVisible();

  // The navigator jumps; J comes back to the flagged question.
  await navigator.getByRole('button', { name: /Go to question 3/ }).click();
  await expect(page.getByText('Question 3 of 3')).toBeVisible();
  await page.keyboard.press('j');
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await expectNoHorizontalScroll(page);

  // A reload keeps the position, the answer with its correction, the flag and the strike-out.
  await page.reload();
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await expect(card.getByRole('region', { name: 'Correction' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Flagged' })).toBeVisible();
  await expect(card.locator('.choice-option').nth(1)).toHaveClass(/is-struck/);
  await expect(navigator.getByText('1 answered')).toBeVisible();
});
