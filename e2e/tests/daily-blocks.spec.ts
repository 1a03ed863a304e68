import type { APIRequestContext, Locator } from '@playwright/test';
import type { Paginated } from '@qbank/contract/common';
import type { HistoryCreated, HistoryEntry } from '@qbank/contract/history';
import type { Question } from '@qbank/contract/questions';
import { apiAs, freeQuestions, type Api } from './my-lists-fixtures';
import { test as studyTest } from './study-fixtures';
import {
  createUser,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  test,
} from './support/fixtures';

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

/**
 * A module of its own with one free question (4 choices): no other test, nor the same test on the
 * other viewport, answers it, so "other learners" counts only the peers a test adds.
 */
async function moduleOfOne(request: APIRequestContext, staffKey: string) {
  const staff = apiAs(request, { key: staffKey });
  const moduleName = `Peers ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const module = await staff.post<{ id: number }>('staff/modules/', { name: moduleName });
  const course = await staff.post<{ id: number }>('staff/courses/', {
    module: module.id,
    name: 'Peers',
  });
  const question = await staff.post<{ id: number }>('staff/questions/', {
    course: course.id,
    type: 'qcs',
    stem: 'Which vessel carries oxygenated blood from the lungs to the heart?',
    choices: ['Pulmonary vein', 'Pulmonary artery', 'Aorta', 'Vena cava'].map((text, i) => ({
      text,
      is_correct: i === 0,
    })),
  });
  for (const status of ['in_review', 'live'])
    await staff.post(`staff/questions/${question.id}/status/`, { status });
  return { moduleName, questionId: question.id };
}

/**
 * Ten other learners answer the question on screen (it must be `questionId`), all with the last
 * choice the learner sees. Answers the texts in the order shown.
 */
async function tenPeersPickTheLastShown(
  request: APIRequestContext,
  api: Api,
  card: Locator,
  questionId: number,
) {
  const options = card.locator('.choice-option');
  await expect(options.first()).toBeVisible();
  const seen = await options.locator('.choice-text').allInnerTexts();
  expect(Number(await card.getAttribute('data-question-id'))).toBe(questionId);
  const question = await api.get<Question>(`questns/${questionId}/`);
  const lastShown = seen.length - 1;
  const picked = question.choices.find((c) => seen[lastShown]!.includes(c.text))!;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      const peer = await createUser(request, { label: 'peer' });
      await apiAs(request, peer).post('question_answer_history/', {
        question: questionId,
        choices: [picked.id],
        mode: 'study',
        time_spent_ms: 12_000,
      });
    }),
  );
  return { seen, lastShown };
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
  // On a phone the question's tools are folded under the choices: present, maybe closed.
  await expect(card.getByRole('button', { name: 'Flagged', includeHidden: true })).toHaveCount(1);
  await expect(card.locator('.choice-option').nth(1)).toHaveClass(/is-struck/);
  await expect(navigator.getByText('1 answered')).toBeVisible();
});

test('the builder counts what each choice leaves; a tutor block corrects at once, ends on its score', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  test.slow();
  const api = apiAs(request, learner);
  const { module, course, questions } = await freeQuestions(api, 2);
  await miss(api, questions);

  await page.goto('/exam');
  await page.getByRole('checkbox', { name: module.name }).check();
  await page.getByRole('checkbox', { name: course.name }).check();
  // Beside each choice, what it would leave: the two questions missed just now.
  await expect(page.getByRole('checkbox', { name: /Questions I got wrong \(2\)/ })).toBeVisible();
  await page.getByRole('checkbox', { name: /Questions I got wrong/ }).check();
  await expect(page.getByTestId('block-total')).toHaveText(
    '2 questions match: the block will have 2.',
  );
  // Unanswered AND wrong leaves nothing: said before Start, which stands down.
  await page.getByRole('checkbox', { name: /Questions I have not answered/ }).check();
  await expect(page.getByTestId('block-total')).toHaveText('No question matches these choices.');
  await expect(page.getByRole('button', { name: 'Start the exam' })).toBeDisabled();
  await page.getByRole('checkbox', { name: /Questions I have not answered/ }).uncheck();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // Tutor: no duration; each answer is corrected with its explanation, then the block's score.
  await page.getByRole('radio', { name: 'Tutor' }).check();
  await expect(page.getByLabel('Duration (minutes)')).toHaveCount(0);
  await page.getByRole('checkbox', { name: /Shuffle the choices/ }).check();
  await page.getByRole('button', { name: 'Start the tutor block' }).click();
  await expect(page).toHaveURL(/\/review\/run$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tutor block' })).toBeVisible();
  const card = page.locator('article.question-card');
  for (let n = 1; n <= 2; n++) {
    await expect(page.getByText(`Question ${n} of 2`)).toBeVisible();
    // The first question is flagged (M): the next block can be built from the flags.
    if (n === 1) await page.keyboard.press('m');
    await card.locator('.choice-option').first().click();
    await card.getByRole('button', { name: 'Check' }).click();
    await expect(card.getByRole('region', { name: 'Correction' })).toBeVisible();
    await card.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByTestId('block-score')).toHaveText(
    /^Block score: [\d.]+ \/ 2 \(\d right\)$/,
  );
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Build another block' }).click();
  await expect(page).toHaveURL(/\/exam$/);
  await expect(page.getByRole('checkbox', { name: /Questions I flagged \(1\)/ })).toBeVisible();
  await page.getByRole('checkbox', { name: /Questions I flagged/ }).check();
  await expect(page.getByTestId('block-total')).toHaveText(
    '1 question matches: the block will have 1.',
  );
});

studyTest(
  'the exam review shows the order seen, other learners’ picks and the median time',
  async ({ studyPage: page, request, learner, studyServer }) => {
    studyTest.slow();
    const api = apiAs(request, learner);
    const { moduleName, questionId } = await moduleOfOne(request, studyServer.staffKey);

    await page.goto('/exam');
    await page.getByRole('checkbox', { name: moduleName }).check();
    await page.getByLabel('Number of questions').fill('1');
    await page.getByLabel('Duration (minutes)').fill('0');
    await page.getByRole('checkbox', { name: /Shuffle the choices/ }).check();
    await page.getByRole('button', { name: 'Start the exam' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Exam in progress' })).toBeVisible();
    const card = page.locator('article.question-card');
    const options = card.locator('.choice-option');
    const { seen, lastShown } = await tenPeersPickTheLastShown(request, api, card, questionId);

    // The learner picks the first choice shown: their own pick is never among the others'.
    await options.first().click();
    await card.getByRole('button', { name: 'Finish the exam' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Finish the exam' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Exam results' })).toBeVisible();

    const reviewed = page.locator('.exam-review article.question-card');
    await expect(reviewed.locator('.choice-option')).toHaveCount(seen.length);
    for (const [i, text] of seen.entries()) {
      await expect(reviewed.locator('.choice-option').nth(i)).toContainText(text);
    }
    await expect(reviewed.locator('.choice-option').first()).toHaveClass(/is-ticked/);
    const others = reviewed.getByRole('region', { name: 'Other learners' });
    await expect(others).toContainText('10 other learners answered');
    await expect(others.getByTestId('others-time')).toHaveText(
      /^Your time 0:\d\d · median of other learners 0:13$/,
    );
    const shares = others.locator('.peer-choices li');
    await expect(shares.nth(lastShown)).toContainText('100 % picked it');
    await expect(shares.first()).toContainText('0 % picked it');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
  },
);

studyTest(
  'a tutor block’s peer panel never counts the learner and follows the order shown',
  async ({ studyPage: page, request, learner, studyServer }) => {
    studyTest.slow();
    const { moduleName, questionId } = await moduleOfOne(request, studyServer.staffKey);
    const api = apiAs(request, learner);

    await page.goto('/exam');
    await page.getByRole('checkbox', { name: moduleName }).check();
    await page.getByRole('radio', { name: 'Tutor' }).check();
    await page.getByRole('checkbox', { name: /Shuffle the choices/ }).check();
    await page.getByRole('button', { name: 'Start the tutor block' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tutor block' })).toBeVisible();
    const card = page.locator('article.question-card');
    const options = card.locator('.choice-option');
    const { seen, lastShown } = await tenPeersPickTheLastShown(request, api, card, questionId);

    // The learner picks the first choice shown: the panel counts the ten others only, and each
    // share sits under the letter the learner saw.
    await options.first().click();
    await card.getByRole('button', { name: 'Check' }).click();
    const panel = card.getByRole('region', { name: 'Other learners' });
    await expect(panel).toContainText('10 other learners answered: ');
    const shares = panel.locator('.peer-choices li');
    await expect(shares).toHaveCount(seen.length);
    await expect(shares.nth(lastShown)).toContainText('100 % picked it');
    await expect(shares.first()).toContainText('0 % picked it');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
  },
);
