import type { APIRequestContext, Page } from '@playwright/test';
import { as, expect, expectAccessible, expectNoHorizontalScroll, test } from './study-fixtures';

type Id = { id: number };
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

/** A module of its own with four live qcs (first choice right). */
async function moduleWithQuestions(request: APIRequestContext, staffKey: string) {
  const staff = { headers: { Authorization: `Token ${staffKey}` } };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { ...staff, data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as Id).id;
  };
  const moduleId = await post('/api/staff/modules/', { name: `Mock module ${unique()}` });
  const courseId = await post('/api/staff/courses/', { module: moduleId, name: 'Cardiology' });
  const ids: number[] = [];
  for (const stem of ['One?', 'Two?', 'Three?', 'Four?']) {
    const id = await post('/api/staff/questions/', {
      course: courseId,
      type: 'qcs',
      stem,
      choices: [
        { text: 'Right', is_correct: true },
        { text: 'Wrong', is_correct: false },
      ],
    });
    for (const status of ['in_review', 'live']) {
      const moved = await request.post(`/api/staff/questions/${id}/status/`, {
        ...staff,
        data: { status },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    ids.push(id);
  }
  return { moduleId, ids };
}

async function signInAsStaff(page: Page, request: APIRequestContext, staffKey: string) {
  const me = await request.get('/api/auth/user/', {
    headers: { Authorization: `Token ${staffKey}` },
  });
  const common = { domain: '127.0.0.1', path: '/', sameSite: 'Lax' as const };
  await page.context().addCookies([
    {
      name: 'user',
      value: encodeURIComponent(JSON.stringify({ ...(await me.json()), token: staffKey })),
      ...common,
    },
    { name: 'accessToken', value: encodeURIComponent(staffKey), ...common },
  ]);
}

test('staff build a blueprint with live eligible counts and schedule a mock exam', async ({
  page,
  request,
  studyServer,
}) => {
  const { moduleId } = await moduleWithQuestions(request, studyServer.staffKey);
  await signInAsStaff(page, request, studyServer.staffKey);
  await page.goto('/staff/mock-exams');
  await expect(page.getByRole('heading', { level: 1, name: 'Mock exams' })).toBeVisible();
  const title = `Spring mock ${unique()}`;
  await page.getByLabel('Title').fill(title);
  const row = page.getByTestId('blueprint-row-1');
  await row.getByLabel('Module id').fill(String(moduleId));
  await row.getByLabel('Questions', { exact: true }).fill('3');
  await expect(page.getByTestId('eligible-1')).toHaveText('4 eligible');
  await row.getByLabel('Type').selectOption('qcm');
  await expect(page.getByTestId('eligible-1')).toHaveText('0 eligible');
  await row.getByLabel('Type').selectOption('');
  await expect(page.getByTestId('eligible-1')).toHaveText('4 eligible');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Scheduled.')).toBeVisible();
  const item = page.locator('.paper-item', { hasText: title });
  await expect(item).toContainText('0 started · 0 submitted');
  await item.getByRole('button', { name: 'Report' }).click();
  await expect(item.getByRole('table', { name: 'Item analysis' }).locator('tbody tr')).toHaveCount(
    3,
  );
  await expectNoHorizontalScroll(page);
});

test('a learner sits a mock exam, reloads, and the server submits it at the deadline', async ({
  studyPage: page,
  request,
  learner,
  studyServer,
}) => {
  test.setTimeout(120_000);
  const { ids } = await moduleWithQuestions(request, studyServer.staffKey);
  // The window closes 40 s from now; the results come out at the close.
  const closes = new Date(Date.now() + 40_000).toISOString();
  const title = `Evening mock ${unique()}`;
  const scheduled = await request.post('/api/staff/mock_exams/', {
    headers: { Authorization: `Token ${studyServer.staffKey}` },
    data: {
      title,
      question_ids: ids,
      opens_at: new Date(Date.now() - 60_000).toISOString(),
      closes_at: closes,
      duration_minutes: 30,
      results_at: closes,
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);

  await page.goto('/papers');
  const item = page.locator('.paper-item', { hasText: title });
  await expect(item).toContainText('4 questions · 30 min');
  await expectAccessible(page);
  await item.getByRole('button', { name: 'Start the mock exam' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The deadline is the window's close, not the 30 minutes.
  await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText(/^0:[0-4]\d$/);
  await page.locator('article.question-card .choice-option').nth(0).click();
  await expect(page.getByTestId('paper-answered')).toHaveText('1 of 4 answered');
  const attemptId = Number(/attempts\/(\d+)/.exec(page.url())![1]);
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/paper_attempts/${attemptId}/`, as(learner))).json()) as {
            answers: unknown[];
          }
        ).answers.length,
    )
    .toBe(1);
  await page.reload();
  await expect(page.getByTestId('paper-answered')).toHaveText('1 of 4 answered');
  // Nobody clicks anything: at the deadline the paper is submitted and the result shown.
  await expect(page.getByRole('heading', { level: 1, name: `Result: ${title}` })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('paper-score')).toHaveText('1 / 4');
  await expect(page.getByTestId('paper-rank')).toHaveText('1 of 1');
  // A second sitting is refused; an answer after the deadline too.
  const again = await request.post(
    `/api/mock_exams/${scheduled.ok() ? ((await scheduled.json()) as Id).id : 0}/attempts/`,
    as(learner),
  );
  expect(again.status()).toBe(409);
  const late = await request.put(`/api/paper_attempts/${attemptId}/answers/`, {
    ...as(learner),
    data: { question: ids[1], choices: [] },
  });
  expect(late.status()).toBe(409);
});
