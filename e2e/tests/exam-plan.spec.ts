import type { APIRequestContext } from '@playwright/test';
import type { StudyPlan } from '@qbank/contract/study-plan';
import { as, expect, expectAccessible, expectNoHorizontalScroll, test } from './study-fixtures';

/**
 * The plan to the exam date (issue 35), on the desktop and the phone: a learner sets the date,
 * a weekday and a date off and the module, reads today's quota and the chart, and sees the
 * dashboard's "done / quota" move as they answer a new question of the plan.
 */

// Dates are computed here in UTC, the zone the browser (and so the learner's days) runs in.
test.use({ timezoneId: 'UTC' });

const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

/** A module of its own with six live qcs (first choice right). */
async function planModule(request: APIRequestContext, staffKey: string) {
  const staff = { headers: { Authorization: `Token ${staffKey}` } };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { ...staff, data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const name = `Plan module ${unique()}`;
  const moduleId = await post('/api/staff/modules/', { name });
  const courseId = await post('/api/staff/courses/', { module: moduleId, name: 'Nephrology' });
  for (let i = 1; i <= 6; i++) {
    const id = await post('/api/staff/questions/', {
      course: courseId,
      type: 'qcs',
      stem: `Plan question ${i}?`,
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
  }
  return { moduleId, name };
}

test('a learner plans to their exam date and follows today’s plan from the dashboard', async ({
  studyPage: page,
  request,
  studyServer,
  learner,
}) => {
  // Many steps on a shared, busy machine: the whole flow gets more than the default 30 s.
  test.setTimeout(120_000);
  const { moduleId, name } = await planModule(request, studyServer.staffKey);
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Plan to your exam date' });
  await panel.getByRole('link', { name: 'Open my plan' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByRole('heading', { name: 'Plan to the exam', level: 1 })).toBeVisible();

  // Four days to the exam, one of them off; a weekday off that falls after the exam.
  const form = page.getByRole('form', { name: 'Your plan' });
  await form.getByLabel('Exam date').fill(dateIn(4));
  const weekdayAfter = WEEKDAYS[new Date(Date.now() + 5 * DAY).getUTCDay()]!;
  await form.getByRole('group', { name: 'Weekdays off' }).getByLabel(weekdayAfter).check();
  await form.getByLabel('A day off').fill(dateIn(1));
  await form.getByRole('button', { name: 'Add this day off' }).click();
  await form.getByRole('button', { name: 'Save the plan' }).click();
  // The server answers slowly on a busy machine: a save gets longer than the default 5 s.
  await expect(page.getByText('Plan saved.')).toBeVisible({ timeout: 20_000 });

  // Only this spec's module: six questions over three study days.
  await form.getByLabel('Every module my subscription opens').uncheck();
  await form.getByRole('group', { name: 'Modules covered' }).getByLabel(name).check();
  await form.getByRole('button', { name: 'Save the plan' }).click();
  await expect(page.getByTestId('plan-facts')).toHaveText(
    `Exam on ${dateIn(4)} · 3 study days left · 6 questions not answered yet`,
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('plan-pace')).toHaveText("You are on pace; today's quota is 2.");
  await expect(
    page.getByRole('img', { name: '6 new questions and 0 reviews planned until the exam.' }),
  ).toBeVisible();
  const saved = (await (await request.get('/api/plan/', as(learner))).json()) as StudyPlan;
  expect(saved.modules).toEqual([moduleId]);
  expect(saved.days.map((d) => d.new)).toEqual([2, 0, 2, 2]);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The dashboard's panel: nothing done yet; start today's block and answer one.
  await page.goto('/dashboard');
  const today = page.getByRole('region', { name: "Today's plan" });
  await expect(today.getByTestId('plan-new')).toHaveText('0 / 2', { timeout: 20_000 });
  await expect(today.getByRole('link', { name: 'Review due cards' })).toHaveAttribute(
    'href',
    '/review',
  );
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await today.getByRole('button', { name: 'Start new questions' }).click();
  await expect(page).toHaveURL(/\/review\/run$/);
  const card = page.locator('article.question-card');
  await expect(card).toContainText('Plan question 1?');
  await card.locator('.choice-option').filter({ hasText: 'Right' }).first().click();
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByRole('region', { name: 'Correction' })).toBeVisible({ timeout: 20_000 });

  await page.goto('/dashboard');
  await expect(today.getByTestId('plan-new')).toHaveText('1 / 2', { timeout: 20_000 });
  await expect(today.getByTestId('plan-pace')).toHaveText("You are on pace; today's quota is 2.");
});
