import type { APIRequestContext } from '@playwright/test';
import { as, expect, expectAccessible, expectNoHorizontalScroll, test } from './study-fixtures';

type Id = { id: number };
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

/**
 * A past paper of three live questions (first choice right), in a module of its own; staff
 * give its source a time limit unless `minutes` is null.
 */
async function pastPaper(request: APIRequestContext, staffKey: string, minutes: number | null) {
  const staff = { headers: { Authorization: `Token ${staffKey}` } };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { ...staff, data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as Id).id;
  };
  const name = `Residency ${unique()}`;
  const moduleId = await post('/api/staff/modules/', { name: `Paper module ${unique()}` });
  const courseId = await post('/api/staff/courses/', { module: moduleId, name: 'Cardiology' });
  const sourceId = await post('/api/staff/sources/', { module: moduleId, name, year: 2019 });
  for (const stem of ['First: which murmur?', 'Second: which drug?', 'Third: which sign?']) {
    const id = await post('/api/staff/questions/', {
      course: courseId,
      source: sourceId,
      type: 'qcs',
      stem,
      choices: [
        { text: 'Right', is_correct: true },
        { text: 'Wrong', is_correct: false },
        { text: 'Also wrong', is_correct: false },
      ],
    });
    for (const status of ['in_review', 'live']) {
      const moved = await request.post(`/api/staff/questions/${id}/status/`, {
        ...staff,
        data: { status },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
  }
  if (minutes !== null) {
    const set = await request.patch(`/api/staff/sources/${sourceId}/`, {
      ...staff,
      data: { time_limit_minutes: minutes },
    });
    expect(set.status(), await set.text()).toBe(204);
  }
  return { name, sourceId };
}

test('staff make a source a past paper from the catalogue', async ({
  page,
  context,
  request,
  studyServer,
}) => {
  const { name, sourceId } = await pastPaper(request, studyServer.staffKey, null);
  const me = await request.get('/api/auth/user/', {
    headers: { Authorization: `Token ${studyServer.staffKey}` },
  });
  const common = { domain: '127.0.0.1', path: '/', sameSite: 'Lax' as const };
  await context.addCookies([
    {
      name: 'user',
      value: encodeURIComponent(
        JSON.stringify({ ...(await me.json()), token: studyServer.staffKey }),
      ),
      ...common,
    },
    { name: 'accessToken', value: encodeURIComponent(studyServer.staffKey), ...common },
  ]);
  await page.goto('/staff/catalogue');
  // The catalogue opens closed (issue 34): find the source first.
  await page.getByLabel('Find a module, course or source').fill(name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByLabel('Time limit (min)').fill('45');
  await page.getByLabel('Scoring of the paper').selectOption('all_or_nothing');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('past paper, 45 min')).toBeVisible();
  const catalogue = (await (
    await request.get('/api/staff/catalogue/', {
      headers: { Authorization: `Token ${studyServer.staffKey}` },
    })
  ).json()) as { sources: { id: number; time_limit_minutes: number; scoring: string }[] }[];
  const source = catalogue.flatMap((m) => m.sources).find((s) => s.id === sourceId);
  expect(source).toMatchObject({ time_limit_minutes: 45, scoring: 'all_or_nothing' });
});

test('a learner sits a past paper as it was, reloads in the middle, and is ranked', async ({
  studyPage: page,
  request,
  learner,
  studyServer,
}) => {
  test.slow();
  const { name } = await pastPaper(request, studyServer.staffKey, 60);
  await page.goto('/papers');
  await expect(page.getByRole('heading', { level: 1, name: 'Past papers' })).toBeVisible();
  const item = page.locator('.paper-item', { hasText: name });
  await expect(item).toContainText('3 questions · 60 min · 0 ranked takers');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await item.getByRole('button', { name: 'Sit it (ranked)' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `${name} (2019)` })).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText(/^(60:00|59:\d\d)$/);
  await expect(page.getByTestId('paper-position')).toHaveText('Question 1 of 3');
  await expect(page.getByText('Ranked attempt')).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  const attemptId = Number(/attempts\/(\d+)/.exec(page.url())![1]);
  const card = page.locator('article.question-card');
  // Question 1 right, question 2 wrong; each answer is saved on the server at once.
  await card.locator('.choice-option').nth(0).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('paper-position')).toHaveText('Question 2 of 3');
  await card.locator('.choice-option').nth(1).click();
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/paper_attempts/${attemptId}/`, as(learner))).json()) as {
            answers: unknown[];
          }
        ).answers.length,
    )
    .toBe(2);

  // A reload resumes where the learner was, with the answers and the time left.
  await page.reload();
  await expect(page.getByTestId('paper-position')).toHaveText('Question 2 of 3');
  await expect(page.getByTestId('paper-answered')).toHaveText('2 of 3 answered');
  await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText(/^(60:00|59:\d\d)$/);
  await page.getByRole('button', { name: 'Whole paper' }).click();
  await expect(page.locator('.paper-whole article.question-card')).toHaveCount(3);
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: 'Submit the paper' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit the paper?' });
  await expect(confirm).toContainText('1 questions have no answer');
  await confirm.getByRole('button', { name: 'Submit the paper' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Result: ${name}` })).toBeVisible();
  await expect(page.getByTestId('paper-score')).toHaveText('1 / 3');
  await expect(page.getByTestId('paper-rank')).toHaveText('1 of 1');
  await expect(page.getByTestId('paper-percentile')).toHaveText('Better than 0 %');
  await expect(page.locator('.paper-chart canvas')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'By course' })).toBeVisible();
  const review = page.locator('article.question-card');
  await expect(review).toHaveCount(3);
  // The only taker ticked choice A of question 1: 100 % of takers, and B 0 %.
  await expect(review.nth(0).locator('li').nth(0)).toContainText('100 % of takers');
  await expect(review.nth(0).locator('li').nth(1)).toContainText('0 % of takers');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The answers are in the learner's history as exam answers.
  const history = (await (
    await request.get('/api/question_answer_history/?page_size=10', as(learner))
  ).json()) as { count: number; results: { mode: string }[] };
  expect(history.count).toBe(2);
  expect(history.results.every((r) => r.mode === 'exam')).toBe(true);

  // Back on the list: the ranked result, and a second sitting is practice.
  await page.getByRole('link', { name: 'Back to past papers' }).click();
  await expect(item.getByRole('link', { name: 'Ranked: 1/3' })).toBeVisible();
  await item.getByRole('button', { name: 'Sit it again (practice)' }).click();
  await expect(page.getByText('Practice attempt')).toBeVisible();
});
