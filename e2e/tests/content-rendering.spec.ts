import type { APIRequestContext } from '@playwright/test';
import type { Question } from '@qbank/contract/questions';
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  test,
  type TestUser,
} from './support/fixtures';

const auth = (user: TestUser) => ({ headers: { Authorization: `Token ${user.key}` } });

async function freeQuestions(
  request: APIRequestContext,
  learner: TestUser,
  course: number,
): Promise<Question[]> {
  const page = await request.get(`/api/questns/?course=${course}&page=1`, auth(learner));
  expect(page.status()).toBe(200);
  return ((await page.json()) as { results: Question[] }).results.filter((q) => !q.is_locked);
}

test('dollar amounts stay prose, with their spaces, while real formulas are typeset', async ({
  signedInPage: page,
  learner,
  request,
}) => {
  // AQuA-RAT (course 10): "commissions of $850, and $705 … exactly $820".
  const aqua = (await freeQuestions(request, learner, 10)).find((q) => q.stem.includes('$850'))!;
  expect(aqua, 'the demo bank has the commission question in its free preview').toBeTruthy();
  await page.goto(`/questions/${aqua.id}`);
  const stem = page.locator('article.question-card .stem');
  await expect(stem).toContainText(
    'Kirk has received commissions of $850, and $705, and he has one additional sale pending.',
  );
  await expect(stem.locator('.katex')).toHaveCount(0);
  await expect(stem.locator('em, i')).toHaveCount(0);
  // The choices "$895" … are prices too.
  await expect(page.getByText('$905', { exact: true })).toBeVisible();
  await expect(page.locator('article.question-card .katex')).toHaveCount(0);

  // JEE (course 4): LaTeX between dollars, and a LaTeX tabular, render as maths and a table.
  const planck = (await freeQuestions(request, learner, 4)).find((q) =>
    q.stem.includes('\\begin{tabular}'),
  )!;
  expect(planck).toBeTruthy();
  await page.goto(`/questions/${planck.id}`);
  const card = page.locator('article.question-card');
  await expect(card.locator('.stem .katex').first()).toBeVisible();
  const table = card.locator('.stem table');
  await expect(table.locator('tr')).toHaveCount(4);
  await expect(table.locator('th').first().locator('.katex')).toBeVisible();
  await expect(table.locator('td').first()).toHaveText('0.3');
  // No raw markup left anywhere in the question.
  const text = await card.innerText();
  for (const raw of ['$', '\\begin', '\\hline', '\\lambda', '&'])
    expect(text, `raw "${raw}" shown`).not.toContain(raw);
  await expect(card.locator('.katex-error')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('plain sentences show at once without the Markdown chunk; a formula loads it', async ({
  signedInPage: page,
  learner,
  request,
}) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (/markdown|katex/i.test(r.url())) fetched.push(r.url());
  });
  // MedMCQA (course 7): plain sentences, as most of a medical bank is.
  const plain = (await freeQuestions(request, learner, 7)).find((q) =>
    /^[\p{L}\p{N} .,;:?'()]*$/u.test([q.stem, ...q.choices.map((c) => c.text)].join(' ')),
  )!;
  expect(plain, 'the demo bank has a plain-text question in its free preview').toBeTruthy();
  await page.goto(`/questions/${plain.id}`);
  const card = page.locator('article.question-card');
  await expect(card.locator('.stem p').first()).toBeVisible();
  await expect(card.locator('.choice-option')).toHaveCount(plain.choices.length);
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);

  // A formula needs KaTeX: the chunk loads and typesets it.
  const jee = (await freeQuestions(request, learner, 4)).find((q) => q.stem.includes('$'))!;
  await page.goto(`/questions/${jee.id}`);
  await expect(card.locator('.katex').first()).toBeVisible();
  expect(fetched.some((url) => /markdown/.test(url))).toBe(true);
});

test('the history list shows question texts without raw markup', async ({
  signedInPage: page,
  learner,
  request,
}) => {
  const questions = [
    ...(await freeQuestions(request, learner, 6)).slice(0, 3), // JEE mathematics: LaTeX
    ...(await freeQuestions(request, learner, 10)).filter((q) => q.stem.includes('$')).slice(0, 2),
  ];
  for (const q of questions) {
    const answer = await request.post('/api/question_answer_history/', {
      ...auth(learner),
      data: { question: q.id, choices: [q.choices[0]!.id], mode: 'study', time_spent_ms: 1000 },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }
  await page.goto('/history');
  const items = page.locator('.history-item .history-stem');
  await expect(items).toHaveCount(questions.length);
  for (const stem of await items.allInnerTexts()) {
    expect(stem).not.toMatch(/\\[a-zA-Z]+|\$\s*[a-zA-Z\\{(]|[{}]/);
    expect(stem.trim().length).toBeGreaterThan(10);
  }
  // Prices keep their dollar sign.
  await expect(items.filter({ hasText: /\$\d/ }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('the exam-mode setting opens a course as an exam, corrections at the end', async ({
  signedInPage: page,
}) => {
  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Exam mode' }).check();
  await page.goto('/modules/2');
  const link = page.getByRole('link', { name: 'Take an exam' }).first();
  await expect(link).toHaveAttribute('href', '/exam?module=2&course=4');
  await link.click();
  await expect(page.getByRole('checkbox', { name: 'Physics (JEE Advanced)' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Multiple-choice questions' })).toBeChecked();

  // Off again, the course opens in study mode.
  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Exam mode' }).uncheck();
  await page.goto('/modules/2');
  await expect(page.getByRole('link', { name: 'Study' }).first()).toHaveAttribute(
    'href',
    '/courses/4/study',
  );
});
