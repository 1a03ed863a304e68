import type { Page } from '@playwright/test';
import type { CalibrationReport, MissClassReport } from '@qbank/contract/confidence';
import { as, expect, expectAccessible, expectNoHorizontalScroll, test } from './study-fixtures';

/** How many ranges the stem's highlight paints (CSS Custom Highlight API). */
const paintedHighlights = (page: Page) =>
  page.evaluate(() => CSS.highlights.get('qbank-stem-highlight')?.size ?? 0);

const seconds = (text: string | null) => {
  const [m, s] = (text ?? '0:00').split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

test('study by keyboard only: strike, highlight, flag, jump, pause, and a reload keeps the marks', async ({
  studyPage: page,
}) => {
  test.slow();
  await page.goto('/courses/7/study?page=1&index=0');
  // The first page of 400 questions, beside the other specs' load.
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 400', {
    timeout: 15_000,
  });
  const card = page.locator('article.question-card');
  await expect(card.locator('.choice-option').first()).toBeVisible();

  // Shift+B strikes out the second choice; the same key puts it back; Shift+2 strikes it again.
  await page.keyboard.press('Shift+B');
  const second = card.locator('.choice-option').nth(1);
  await expect(second).toHaveClass(/is-struck/);
  await expect(card.getByRole('button', { name: 'Strike out B' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('Shift+B');
  await expect(second).not.toHaveClass(/is-struck/);
  await page.keyboard.press('Shift+Digit2');
  await expect(second).toHaveClass(/is-struck/);
  // Striking never ticks.
  await expect(second.locator('input')).not.toBeChecked();

  // ] selects the stem's first sentence, L highlights it.
  await expect(card.locator('.stem .plain-text')).toHaveCount(0);
  await page.keyboard.press(']');
  await page.keyboard.press('l');
  await expect(card.getByRole('button', { name: 'Clear 1 highlight' })).toBeVisible();
  expect(await paintedHighlights(page)).toBe(1);

  // M flags; the navigator shows it, and J comes back to it from elsewhere.
  await page.keyboard.press('m');
  await expect(card.getByRole('button', { name: 'Flagged' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const navigator = page.getByRole('navigation', { name: 'Questions' });
  await expect(
    navigator.getByRole('button', { name: /Go to question 1 \(.*flagged/ }),
  ).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('player-position')).toHaveText('Question 2 of 400');
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect(card.getByRole('region', { name: 'Correction' })).toBeVisible();
  await expect(
    navigator.getByRole('button', { name: 'Go to question 2 (answered)' }),
  ).toBeVisible();
  await expect(
    navigator.getByRole('button', { name: 'Go to question 3 (not answered)' }),
  ).toBeVisible();
  // The navigator jumps anywhere: Tab to a question's button, Enter.
  await navigator.getByRole('button', { name: /Go to question 5/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('player-position')).toHaveText('Question 5 of 400');
  await page.keyboard.press('j');
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 400');
  await expectAccessible(page);

  // P pauses: the question is hidden and the clock stands still; Escape resumes.
  const timer = card.getByRole('timer', { name: 'Time on this question' });
  await expect(timer).toBeVisible();
  const before = seconds(await timer.textContent());
  await page.keyboard.press('p');
  const paused = page.getByRole('dialog', { name: 'Paused' });
  await expect(paused).toBeVisible();
  await expect(card).toBeHidden();
  await expectAccessible(page);
  await page.waitForTimeout(3_000);
  await page.keyboard.press('Escape');
  await expect(paused).toBeHidden();
  await expect(card).toBeVisible();
  expect(seconds(await timer.textContent()) - before).toBeLessThanOrEqual(1);

  // The help lists the new keys.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByText('Flag or unflag for review')).toBeVisible();
  await page.keyboard.press('Escape');

  // A reload keeps the strike-out, the highlight and the flag.
  await page.reload();
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 400');
  await expect(card.locator('.choice-option').nth(1)).toHaveClass(/is-struck/);
  await expect(card.getByRole('button', { name: 'Flagged' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Clear 1 highlight' })).toBeVisible();
  await expect.poll(() => paintedHighlights(page)).toBe(1);
  // Shift+L clears the highlights.
  await page.keyboard.press('Shift+L');
  await expect(card.getByRole('button', { name: /Clear \d+ highlight/ })).toHaveCount(0);
  expect(await paintedHighlights(page)).toBe(0);
});

test('an untimed exam: strike and highlight with the mouse, navigator states, pause, reload', async ({
  studyPage: page,
  request,
  learner,
}) => {
  test.slow();
  // The settings page turns the confidence on; the exam sends it with each answer.
  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Ask how sure I am' }).click();
  await expect(page.getByRole('switch', { name: 'Ask how sure I am' })).toBeChecked();
  await page.getByRole('switch', { name: 'Classify my misses' }).click();
  await page.goto('/exam');
  await page.getByRole('checkbox', { name: 'General knowledge (OpenTriviaQA)' }).check();
  await page.getByLabel('Number of questions').fill('4');
  await page.getByLabel('Duration (minutes)').fill('0');
  await page.getByRole('button', { name: 'Start the exam' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Exam in progress' })).toBeVisible();
  const card = page.locator('article.question-card');

  // Highlight: select the stem's text, then the button; the same again removes it.
  const stem = card.locator('.stem');
  // Once the Markdown has replaced the plain-text preview (which would drop the selection).
  await expect(stem.locator('.plain-text')).toHaveCount(0);
  await stem.selectText();
  await card.getByRole('button', { name: 'Highlight', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Clear 1 highlight' })).toBeVisible();
  await stem.selectText();
  await card.getByRole('button', { name: 'Highlight', exact: true }).click();
  await expect(card.getByRole('button', { name: /Clear \d+ highlight/ })).toHaveCount(0);
  await stem.selectText();
  await card.getByRole('button', { name: 'Highlight', exact: true }).click();
  await expect.poll(() => paintedHighlights(page)).toBe(1);

  await card.getByRole('button', { name: 'Strike out A' }).click();
  await expect(card.locator('.choice-option').first()).toHaveClass(/is-struck/);
  await card.locator('.choice-option').nth(1).click();
  await card.getByRole('button', { name: 'Guess' }).click();
  await card.getByRole('button', { name: 'Flag for review' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await card.getByRole('button', { name: 'Flag for review' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await card.locator('.choice-option').first().click();

  const navigator = page.getByRole('navigation', { name: 'Exam questions' });
  await expect(navigator.getByText('2 answered')).toBeVisible();
  await expect(navigator.getByText('2 flagged')).toBeVisible();
  await expect(navigator.getByText('2 empty')).toBeVisible();
  await expect(
    navigator.getByRole('button', { name: 'Go to question 1 (answered, flagged)' }),
  ).toBeVisible();
  await expect(
    navigator.getByRole('button', { name: 'Go to question 2 (not answered, flagged)' }),
  ).toBeVisible();
  await expect(
    navigator.getByRole('button', { name: 'Go to question 4 (not answered)' }),
  ).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // Pause hides the question and the navigator and stops "Time spent".
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('dialog', { name: 'Paused' })).toBeVisible();
  await expect(card).toBeHidden();
  const timer = page.getByRole('timer', { name: 'Time spent' });
  const during = await timer.textContent();
  await page.waitForTimeout(2_500);
  expect(await timer.textContent()).toBe(during);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(card).toBeVisible();

  // The navigator jumps back; a reload keeps answers, flags, strike-outs and highlights.
  await navigator.getByRole('button', { name: /Go to question 1 / }).click();
  await page.reload();
  await expect(page.getByTestId('exam-position')).toHaveText('Question 1 of 4');
  await expect(card.locator('.choice-option').first()).toHaveClass(/is-struck/);
  await expect(card.getByRole('button', { name: 'Flagged' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Guess' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => paintedHighlights(page)).toBe(1);
  await expect(navigator.getByText('2 flagged')).toBeVisible();

  // On a phone the tools wrap without a sideways scroll.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Finish the exam' }).click();
  await page
    .getByRole('dialog', { name: 'Finish the exam?' })
    .getByRole('button', { name: 'Finish the exam' })
    .click();
  // The answers are sent one by one: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Exam results' })).toBeVisible({
    timeout: 20_000,
  });
  const history = (await (
    await request.get('/api/question_answer_history/', as(learner))
  ).json()) as { count: number; results: { confidence: string | null }[] };
  expect(history.count).toBe(4);
  expect(history.results.map((r) => r.confidence).sort()).toEqual(['guess', null, null, null]);
  // The results offer to classify each miss (the two empty answers at least).
  const why = page.getByRole('group', { name: 'Why did you miss it?' });
  expect(await why.count()).toBeGreaterThanOrEqual(2);
  await why.first().getByRole('button', { name: 'Timing' }).click();
  await expect(why.first().getByRole('button', { name: 'Timing' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const misses = (await (
    await request.get('/api/question_answer_history/miss-classes/', as(learner))
  ).json()) as MissClassReport;
  expect(misses.totals.timing).toBe(1);
  expect(misses.totals.misses).toBe(await why.count());
});

test('a timed exam has no pause', async ({ studyPage: page }) => {
  await page.goto('/exam');
  await page.getByRole('checkbox', { name: 'General knowledge (OpenTriviaQA)' }).check();
  await page.getByLabel('Number of questions').fill('2');
  await page.getByLabel('Duration (minutes)').fill('5');
  await page.getByRole('button', { name: 'Start the exam' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Exam in progress' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Flag for review' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await page.keyboard.press('p');
  await expect(page.getByRole('dialog', { name: 'Paused' })).toBeHidden();
});

/** Answers the shown question: first choice, Check; answers whether it was right. */
async function answerFirst(page: Page): Promise<boolean> {
  const card = page.locator('article.question-card');
  await card.locator('.choice-option').first().click();
  await card.getByRole('button', { name: 'Check' }).click();
  const verdict = card.getByRole('region', { name: 'Correction' }).locator('.verdict strong');
  return (await verdict.textContent()) === 'Correct.';
}

test('confidence and misses: marked in the player, reported on the calibration screen', async ({
  studyPage: page,
  request,
  learner,
}) => {
  test.slow();
  await page.goto('/courses/7/study?page=1&index=0');
  const card = page.locator('article.question-card');
  // Off by default; the player's options turn both on.
  await expect(card.getByRole('group', { name: 'How sure are you?' })).toHaveCount(0);
  await page.getByText('Player options').click();
  await page.getByRole('checkbox', { name: 'Ask how sure I am' }).check();
  await page.getByRole('checkbox', { name: 'Classify my misses' }).check();
  const picker = card.getByRole('group', { name: 'How sure are you?' });
  await expect(picker).toBeVisible();

  // Question 1: a first answer without confidence shows the right choice; then a wrong one, "sure".
  const firstRight = await answerFirst(page);
  const wrongIndex = await card
    .locator('.choice-option')
    .evaluateAll((options) => options.findIndex((o) => !o.classList.contains('is-right')));
  await card.getByRole('button', { name: 'Answer again' }).click();
  await card.locator('.choice-option').nth(wrongIndex).click();
  await picker.getByRole('button', { name: 'Sure', exact: true }).click();
  await expect(picker.getByRole('button', { name: 'Sure', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.locator('.verdict strong')).toHaveText('Incorrect.');
  const why = card.getByRole('group', { name: 'Why did you miss it?' });
  await why.getByRole('button', { name: 'Misread' }).click();
  await expect(why.getByRole('button', { name: 'Misread' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page);

  // Question 2: the right choice, "unsure", by keyboard (each level is a Tab stop).
  await card.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('player-position')).toHaveText('Question 2 of 400');
  const secondRight = await answerFirst(page);
  const rightIndex = await card
    .locator('.choice-option')
    .evaluateAll((options) => options.findIndex((o) => o.classList.contains('is-right')));
  await card.getByRole('button', { name: 'Answer again' }).click();
  await card.locator('.choice-option').nth(rightIndex).click();
  await picker.getByRole('button', { name: 'Sure', exact: true }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(picker.getByRole('button', { name: 'Unsure' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.locator('.verdict strong')).toHaveText('Correct.');

  // Stored on the answers: the API agrees.
  const history = (await (
    await request.get('/api/question_answer_history/?page_size=10', as(learner))
  ).json()) as { results: { confidence: string | null; miss_class: string | null }[] };
  expect(history.results.map((r) => r.confidence)).toEqual(['unsure', null, 'sure', null]);
  expect(history.results[2]!.miss_class).toBe('misread');

  // The calibration screen, from the history.
  await page.goto('/history');
  await page.getByRole('link', { name: 'Calibration and misses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calibration' })).toBeVisible();
  await expect(page.getByTestId('sure-but-wrong-count')).toHaveText(
    '1 answer given as sure was wrong.',
  );
  // "Sure but wrong" comes first on the page.
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual(['Sure but wrong', 'By confidence', 'Misses by module']);
  await expect(page.locator('.sure-but-wrong li')).toHaveCount(1);
  await expect(page.locator('.sure-but-wrong .miss-badge')).toHaveText('Misread');
  const rows = page.getByTestId('calibration-table').locator('tbody tr');
  await expect(rows.nth(0)).toHaveText(/^Sure\s*1\s*0\s*1\s*0 %$/);
  await expect(rows.nth(1)).toHaveText(/^Unsure\s*1\s*1\s*0\s*100 %$/);
  await expect(rows.nth(2)).toHaveText(/^Guess\s*0\s*0\s*0\s*–$/);
  await expect(page.getByText('2 answers without a confidence.')).toBeVisible();
  const misses = 1 + (firstRight ? 0 : 1) + (secondRight ? 0 : 1);
  const total = page.getByTestId('miss-table').locator('tfoot tr');
  // Knowledge, misread, reasoning, timing, unclassified, misses.
  await expect(total).toHaveText(
    new RegExp(`^All modules\\s*0\\s*1\\s*0\\s*0\\s*${misses - 1}\\s*${misses}$`),
  );
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  const api = (await (
    await request.get('/api/question_answer_history/calibration/', as(learner))
  ).json()) as CalibrationReport;
  expect(api.sure_but_wrong_count).toBe(1);
  const missReport = (await (
    await request.get('/api/question_answer_history/miss-classes/', as(learner))
  ).json()) as MissClassReport;
  expect(missReport.totals).toMatchObject({ misread: 1, misses });
});

test('the calibration screen without any confidence shows how to start', async ({
  studyPage: page,
}) => {
  await page.goto('/history/calibration');
  await expect(page.getByRole('heading', { level: 2, name: 'No confidence yet' })).toBeVisible();
  await expect(page.getByText('No missed question yet.')).toBeVisible();
  await expectAccessible(page);
});
