import {
  as,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  test,
  type Learner,
} from './study-fixtures';
import type { APIRequestContext } from '@playwright/test';

async function answer(request: APIRequestContext, learner: Learner, course: number, count: number) {
  const session = (await (
    await request.post('/api/sessions/', { ...as(learner), data: { course_id: course } })
  ).json()) as { id: number };
  const page = (await (
    await request.get(`/api/questns/?course=${course}&page_size=${count}`, as(learner))
  ).json()) as {
    results: { id: number; choices: { id: number }[] }[];
  };
  for (const q of page.results) {
    const saved = await request.post('/api/session_questions/', {
      ...as(learner),
      data: { session: session.id, question: q.id, choices: [q.choices[0]!.id] },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }
  return session.id;
}

test('sessions: resume lands on the first unanswered question; clearing course progress empties it', async ({
  studyPage: page,
  request,
  learner,
}) => {
  await answer(request, learner, 7, 3);
  await answer(request, learner, 10, 2);
  await page.goto('/sessions');
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  const geography = page.locator('li.session-item', {
    has: page.getByRole('heading', { name: 'Geography' }),
  });
  await expect(geography).toContainText('3 of 400 answered');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await geography.getByRole('link', { name: 'Resume' }).click();
  await expect(page.getByTestId('player-position')).toHaveText('Question 4 of 400');
  await page.goBack();

  // Clearing asks first; Cancel changes nothing.
  await geography.getByRole('button', { name: 'Clear course progress' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear the progress of this course?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(geography).toContainText('3 of 400 answered');
  await geography.getByRole('button', { name: 'Clear course progress' }).click();
  await dialog.getByRole('button', { name: 'Clear course progress' }).click();
  await expect(geography).toHaveCount(0);
  await expect(
    page.locator('li.session-item', {
      has: page.getByRole('heading', { name: 'Word problems 1' }),
    }),
  ).toContainText('2 of 253 answered');

  const course = (await (await request.get('/api/courss/7/', as(learner))).json()) as {
    answered_count: number;
  };
  expect(course.answered_count).toBe(0);
  await page.goto('/courses/7/study');
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 400');
  await expect(page.getByTestId('player-answered')).toHaveText('0 of 400 answered');
});

test('start anew restarts a session from its first question', async ({
  studyPage: page,
  request,
  learner,
}) => {
  await answer(request, learner, 10, 4);
  await page.goto('/sessions');
  const row = page.locator('li.session-item', {
    has: page.getByRole('heading', { name: 'Word problems 1' }),
  });
  await row.getByRole('button', { name: 'Start anew' }).click();
  await page
    .getByRole('dialog', { name: 'Start this session anew?' })
    .getByRole('button', { name: 'Start anew' })
    .click();
  await expect(page).toHaveURL(/\/courses\/10\/study$/);
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 253');
  await expect(page.getByTestId('player-answered')).toHaveText('0 of 253 answered');
});

test('history: filtered by right or wrong, each entry opens its question', async ({
  studyPage: page,
  request,
  learner,
}) => {
  await answer(request, learner, 7, 12);
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Answer history' })).toBeVisible();
  await expect(page.getByText('12 answers')).toBeVisible();
  await expect(page.locator('li.history-item')).toHaveCount(10);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.locator('li.history-item')).toHaveCount(2);

  const all = (await (
    await request.get('/api/question_answer_history/?page_size=100', as(learner))
  ).json()) as { results: { is_correct: boolean }[] };
  const right = all.results.filter((r) => r.is_correct).length;
  await page.getByLabel('Result').selectOption('right');
  await expect(page.locator('li.history-item')).toHaveCount(Math.min(10, right));
  await page.getByLabel('Result').selectOption('wrong');
  await expect(page.locator('li.history-item')).toHaveCount(Math.min(10, 12 - right));
  await page.getByLabel('Module').selectOption({ label: 'Physics (JEE Advanced)' });
  await expect(page.getByText('No answers yet')).toBeVisible();
  await page.getByLabel('Module').selectOption('');
  await page.getByLabel('Result').selectOption('');

  await page.locator('li.history-item a').first().click();
  await expect(page).toHaveURL(/\/questions\/\d+$/);
  await expect(page.locator('article.question-card')).toBeVisible();
  await expect(page.getByTestId('question-score')).toHaveText(/^Score: [\d.]+ \/ 1$/);
  await expect(page.getByText('Correct answer').first()).toBeVisible();
  await expectAccessible(page);
});
