import type { APIRequestContext } from '@playwright/test';
import type { Dashboard, QuestionStats } from '@qbank/contract/stats';
import { as, expect, expectAccessible, expectNoHorizontalScroll, test } from './study-fixtures';

type Listed<T> = { results: T[] };
type Named = { id: number; name: string };
type QuestionItem = { id: number; choices: { id: number }[] };

/** The first course of a demo module and its questions, through the API. */
async function demoCourse(
  request: APIRequestContext,
  auth: ReturnType<typeof as>,
  moduleName: string,
) {
  const modulesBody = (await (await request.get('/api/moduls/', auth)).json()) as
    Named[] | Listed<Named>;
  const modules = Array.isArray(modulesBody) ? modulesBody : modulesBody.results;
  const module = modules.find((m) => m.name === moduleName)!;
  const courses = (await (await request.get(`/api/courss/?module=${module.id}`, auth)).json()) as
    Named[] | Listed<Named>;
  const course = (Array.isArray(courses) ? courses : courses.results)[0]!;
  const page = (await (
    await request.get(`/api/questns/?course=${course.id}&page_size=10`, auth)
  ).json()) as Listed<QuestionItem>;
  return { module, course, questions: page.results };
}

/**
 * A module of its own with one course and two live questions, made by staff: the browser tests
 * share one server, so a question no other test answers keeps exact peer counts.
 */
async function freshCourse(
  request: APIRequestContext,
  staffKey: string,
  auth: ReturnType<typeof as>,
) {
  const staff = { headers: { Authorization: `Token ${staffKey}` } };
  const post = async <T>(url: string, data: object): Promise<T> => {
    const res = await request.post(url, { ...staff, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const tag = `${Date.now().toString(36)}-${process.pid}`;
  const moduleName = `Peer statistics ${tag}`;
  const module = {
    ...(await post<{ id: number }>('/api/staff/modules/', { name: moduleName })),
    name: moduleName,
  };
  const course = await post<{ id: number }>('/api/staff/courses/', {
    module: module.id,
    name: `Course ${tag}`,
  });
  for (const stem of ['Which one is right?', 'And this one?']) {
    const { id } = await post<{ id: number }>('/api/staff/questions/', {
      course: course.id,
      type: 'qcs',
      stem,
      choices: [
        { text: 'Right', is_correct: true },
        { text: 'Wrong', is_correct: false },
      ],
    });
    for (const status of ['in_review', 'live'])
      await post(`/api/staff/questions/${id}/status/`, { status });
  }
  const page = (await (
    await request.get(`/api/questns/?course=${course.id}&page_size=10`, auth)
  ).json()) as Listed<QuestionItem>;
  return { module, course, questions: page.results };
}

test('the dashboard shows the counted answers with charts, tables and what next', async ({
  studyPage: page,
  request,
  learner,
}) => {
  test.slow();
  const auth = as(learner);
  const { module, questions } = await demoCourse(request, auth, 'Physics (JEE Advanced)');
  expect(
    (await request.post('/api/module_filters/', { ...auth, data: { module: module.id } })).ok(),
  ).toBe(true);
  for (const [i, q] of questions.slice(0, 7).entries()) {
    const res = await request.post('/api/question_answer_history/', {
      ...auth,
      // The seventh is a "don't count" answer: it stays out of the dashboard.
      data: {
        question: q.id,
        choices: [q.choices[0]!.id],
        mode: 'study',
        time_spent_ms: 8000,
        counted: i < 6,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/modules');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stats-answers')).toHaveText('6');
  await expect(page.getByTestId('stats-streak')).toHaveText(/Current streak: 1 day/);
  await expect(page.getByTestId('what-next-item').first()).toBeVisible();
  await expect(page.locator('.stats-chart canvas').first()).toBeVisible();
  // Every chart has a table view: the share by module lists the physics module.
  const groups = page.getByRole('region', { name: 'Share right by module' });
  await groups.getByText('Table view').click();
  await expect(groups.getByRole('row', { name: module.name })).toContainText('6');
  await page.getByLabel('Group by').selectOption('course');
  await expect(page.getByRole('region', { name: 'Share right by course' })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
});

test('the exam builder filters by difficulty and a "don\'t count" run stays out of statistics', async ({
  studyPage: page,
  request,
  learner,
  studyServer,
}) => {
  test.slow();
  const auth = as(learner);
  const { module, course, questions } = await freshCourse(request, studyServer.staffKey, auth);
  const target = questions[0]!;
  // 30 other learners answer one question: it gets a difficulty; no other question has one.
  for (let i = 0; i < 30; i += 1) {
    const email = `peer-${Date.now().toString(36)}-${process.pid}-${i}@example.com`;
    const registered = await request.post('/api/auth/registration/', {
      data: {
        email,
        password1: 'Quiet-Harbour-731',
        password2: 'Quiet-Harbour-731',
        first_name: 'Peer',
        last_name: 'Learner',
        phone: '',
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const key = ((await registered.json()) as { key: string }).key;
    const answered = await request.post('/api/question_answer_history/', {
      headers: { Authorization: `Token ${key}` },
      data: { question: target.id, choices: [target.choices[0]!.id], mode: 'study' },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  }
  const stats = (await (
    await request.get(`/api/questns/${target.id}/stats/`, auth)
  ).json()) as QuestionStats;
  expect(stats.answers).toBe(30);
  const level = stats.difficulty!;
  expect(level).toBeGreaterThanOrEqual(1);

  // The course's question list, filtered by that difficulty: only the one question, with its badge.
  await page.goto(`/courses/${course.id}/study`);
  await page.getByLabel('Difficulty').selectOption(String(level));
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 1');
  await expect(page.getByTestId('difficulty')).toHaveText(`Difficulty ${level}/5`);
  await expectAccessible(page);

  await page.goto('/exam');
  await page.getByRole('checkbox', { name: module.name }).check();
  const difficulty = page.getByRole('group', { name: 'Difficulty' });
  await difficulty.getByRole('checkbox', { name: new RegExp(`^${level} – `) }).check();
  await page.getByRole('switch', { name: "Don't count this run" }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start the exam' }).click();
  await expect(page.getByTestId('exam-position')).toHaveText('Question 1 of 1');
  await page.locator('article.question-card .choice-option').first().click();
  await page.getByRole('button', { name: 'Finish the exam' }).click();
  await page
    .getByRole('dialog', { name: 'Finish the exam?' })
    .getByRole('button', { name: 'Finish the exam' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Exam results' })).toBeVisible();

  const history = (await (await request.get('/api/question_answer_history/', auth)).json()) as {
    count: number;
  };
  expect(history.count).toBe(1);
  const dashboard = (await (await request.get('/api/dashboard/', auth)).json()) as Dashboard;
  expect(dashboard.totals.answers).toBe(0);
  const after = (await (
    await request.get(`/api/questns/${target.id}/stats/`, auth)
  ).json()) as QuestionStats;
  expect(after.answers).toBe(30);
  // The learner answered: the peer block in the player would now show the choice shares.
  expect(after.choices.length).toBeGreaterThan(1);

  // The dashboard of a learner without counted answers says so.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'No statistics yet' })).toBeVisible();
  await expectAccessible(page);
});
