import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalScroll, test } from './staff-content-fixtures';

/**
 * Issue 34, "The editor never loses work" and "A complete, readable audit": edits survive a
 * look at the Versions tab and a status change, leaving warns, Save stays in reach, the version
 * diff reads by field with the key change unmissable, a revert makes a new version, and the
 * audit log shows the edit field by field with the staff member's name.
 */
test.describe.configure({ timeout: 150_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** `SHOTS=<dir>` saves each screen in both themes (for a look; nothing asserts on pixels). */
async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  const size = page.viewportSize()!;
  // Phones are shot at 390 px (the phone project runs at 360 px).
  if (size.width < 500) await page.setViewportSize({ width: 390, height: 844 });
  const width = page.viewportSize()!.width;
  for (const scheme of ['light', 'dark'] as const) {
    // The app's own theme switch sets data-theme on <html> (lib/settings.ts).
    await page.evaluate((mode) => (document.documentElement.dataset.theme = mode), scheme);
    await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage: false });
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await page.setViewportSize(size);
}

/** A live question with key A, answered by nobody, made through the API. */
async function liveQuestion(request: APIRequestContext, staffKey: string) {
  const headers = { Authorization: `Token ${staffKey}` };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as { id: number };
  };
  const module = await post('/api/staff/modules/', { name: `E2E versions ${unique()}` });
  const course = await post('/api/staff/courses/', { module: module.id, name: 'Cardiology' });
  const question = await post('/api/staff/questions/', {
    course: course.id,
    type: 'qcs',
    stem: 'A man, 67, is breathless at night. Which sign fits?',
    choices: [
      { text: 'Orthopnoea', is_correct: true },
      { text: 'Clubbing', is_correct: false },
      { text: 'Koilonychia', is_correct: false },
    ],
  });
  for (const status of ['in_review', 'live']) {
    await post(`/api/staff/questions/${question.id}/status/`, { status });
  }
  return question.id;
}

test('editor: edits survive the Versions tab, leaving warns, Save stays in reach', async ({
  staffPage: page,
  request,
  studyServer,
}) => {
  const id = await liveQuestion(request, studyServer.staffKey);
  await page.goto(`/staff/questions/${id}`);
  const stem = page.getByLabel('Question (Markdown, $math$)');
  await expect(stem).toHaveValue(/breathless/, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await stem.fill('A man, 67, is breathless at night and wakes up gasping. Which sign fits?');
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();

  // A look at the versions, and back: the edit is still there.
  await page.getByRole('tab', { name: 'Versions' }).click();
  await expect(page.getByRole('button', { name: /Version 1/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Edit' }).click();
  await expect(stem).toHaveValue(/wakes up gasping/);

  // Save is on screen at the top of the long form (sticky at the bottom of the viewport).
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeInViewport();
  await shoot(page, 'editor');

  // Leaving by a link asks first; staying keeps the edit.
  await page.getByRole('link', { name: '← Question bank' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/questions/${id}$`));
  await expect(stem).toHaveValue(/wakes up gasping/);

  // Saved, leaving no longer asks.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.getByRole('link', { name: '← Question bank' }).click();
  await expect(page).toHaveURL(/\/staff\/questions$/);
  await expectNoHorizontalScroll(page);
});

test('versions: a diff by field, a key change impossible to miss, revert makes a version; the audit reads it', async ({
  staffPage: page,
  request,
  studyServer,
}) => {
  const id = await liveQuestion(request, studyServer.staffKey);
  await page.goto(`/staff/questions/${id}`);
  await expect(page.getByLabel('Question (Markdown, $math$)')).toHaveValue(/breathless/, {
    timeout: 15_000,
  });
  // The possible-duplicates panel arrives above the form: let the page settle before clicking.
  await page.waitForLoadState('networkidle');
  // The key goes from A to B.
  await page.locator('.choice-editor').nth(1).getByLabel('Correct').check();
  await page.getByLabel('Choice B', { exact: true }).fill('Finger clubbing');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  await page.getByRole('tab', { name: 'Versions' }).click();
  const diff = page.getByRole('region', { name: 'Changes of version 2' });
  await expect(diff.locator('.key-change')).toContainText('The key changed: A → B');
  await expect(diff.getByRole('term')).toHaveText(['Choice B']);
  await expect(diff.getByRole('definition').locator('del')).toHaveText('Clubbing');
  await expect(diff.getByRole('definition').locator('ins')).toHaveText('Finger clubbing');
  await expectAccessible(page);
  await shoot(page, 'versions');

  // Revert to version 1: a new version 3 with version 1's key and text.
  await page.getByRole('button', { name: /Version 1/ }).click();
  await page.getByRole('button', { name: 'Revert to version 1' }).click();
  await page
    .getByRole('dialog', { name: 'Revert to version 1?' })
    .getByRole('button', { name: 'Revert to version 1' })
    .click();
  await expect(page.getByRole('tab', { name: 'Edit', selected: true })).toBeVisible();
  await expect(page.locator('.status-bar')).toContainText('version 3');
  await expect(page.getByLabel('Choice B', { exact: true })).toHaveValue('Clubbing');
  await expect(page.locator('.choice-editor').nth(0).getByLabel('Correct')).toBeChecked();

  // The audit log: who, and the edit field by field.
  await page.goto(`/staff/audit?target_type=question&target_id=${id}`);
  const revert = page.getByRole('listitem').filter({ hasText: 'question.revert' });
  await expect(revert).toContainText('e2e-staff@example.com');
  await expect(revert.getByRole('row', { name: /^Choice A · correct/ })).toContainText('NoYes');
  const update = page.getByRole('listitem').filter({ hasText: 'question.update' });
  await expect(update.getByRole('row', { name: /^Choice B · text/ })).toContainText(
    'ClubbingFinger clubbing',
  );
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shoot(page, 'audit');
});

test('bank and catalogue: stems read as text, statistics on screen, filters; catalogue closed with search', async ({
  staffPage: page,
  request,
  studyServer,
}) => {
  const headers = { Authorization: `Token ${studyServer.staffKey}` };
  const name = `E2E catalogue ${unique()}`;
  const module = (await (
    await request.post('/api/staff/modules/', { headers, data: { name } })
  ).json()) as { id: number };
  const course = (await (
    await request.post('/api/staff/courses/', {
      headers,
      data: { module: module.id, name: 'Valvulopathies' },
    })
  ).json()) as { id: number };
  const made = await request.post('/api/staff/questions/', {
    headers,
    data: {
      course: course.id,
      type: 'qcs',
      stem: '**Murmur** with $\\frac{a}{b}$ ![echo](/media/questions/echo-view.png) heard best where?',
      choices: [
        { text: 'Apex', is_correct: true },
        { text: 'Base', is_correct: false },
      ],
    },
  });
  expect(made.status()).toBe(201);

  await page.goto(`/staff/questions?module=${module.id}`);
  const link = page.getByRole('link', { name: /Murmur with/ });
  await expect(link).toBeVisible({ timeout: 15_000 });
  await expect(link).not.toContainText('**');
  await expect(link).not.toContainText('](');
  await expect(link).not.toContainText('$');
  // At 1280 px the statistics are on screen (a phone scrolls the table sideways).
  if (page.viewportSize()!.width >= 1280) {
    for (const column of ['Reports', 'Answers', 'Facility', 'Discrimination', 'Check this']) {
      await expect(page.getByRole('columnheader', { name: column })).toBeInViewport();
    }
  }
  await page.getByLabel('Open reports').selectOption('true');
  await expect(page).toHaveURL(/reports=true/);
  await expect(page.getByText('0 questions', { exact: true })).toBeVisible();
  await page.getByLabel('Open reports').selectOption('');
  await page.getByRole('spinbutton', { name: 'From' }).fill('10');
  await expect(page).toHaveURL(/facility_min=0.1/);
  await expectAccessible(page);
  await shoot(page, 'bank');

  // The catalogue starts closed; a search finds a module by one of its courses and opens it.
  await page.goto('/staff/catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  await expect(page.getByRole('region', { name: `Courses of ${name}` })).toBeHidden();
  await page.getByLabel('Find a module, course or source').fill('valvulopath');
  await expect(page.getByRole('region', { name: `Courses of ${name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Archive ${name}` })).toBeVisible();
  await page.getByRole('button', { name: `Archive ${name}` }).click();
  await expect(page.getByRole('dialog', { name: `Archive ${name}?` })).toContainText(
    'its 0 live questions',
  );
  await expectAccessible(page);
  await shoot(page, 'catalogue');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectNoHorizontalScroll(page);
});

test('near-duplicates: the dry run and the editor link to close questions; staff set the threshold', async ({
  staffPage: page,
  request,
  studyServer,
}) => {
  const headers = { Authorization: `Token ${studyServer.staffKey}` };
  const tag = unique();
  const stem = `Patient ${tag}: a young woman faints on standing after three days of vomiting. Which finding?`;
  const module = (await (
    await request.post('/api/staff/modules/', { headers, data: { name: `E2E dup ${tag}` } })
  ).json()) as { id: number };
  const course = (await (
    await request.post('/api/staff/courses/', { headers, data: { module: module.id, name: 'Dup' } })
  ).json()) as { id: number };
  const choices = [
    { text: 'Orthostatic hypotension', is_correct: true },
    { text: 'Bradycardia', is_correct: false },
  ];
  const ids: number[] = [];
  for (const text of [stem, stem.replace('three', 'four')]) {
    const res = await request.post('/api/staff/questions/', {
      headers,
      data: { course: course.id, type: 'qcs', stem: text, choices },
    });
    ids.push(((await res.json()) as { id: number }).id);
  }

  // The editor names the other one, with a link.
  await page.goto(`/staff/questions/${ids[0]}`);
  // Earlier runs left questions alike (same words, another tag): at least this one is named.
  const panel = page.getByRole('region', { name: /^Possible duplicates? \(\d+\)$/ });
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('link', { name: new RegExp(`Question ${ids[1]}`) })).toBeVisible();

  // A new question is checked as it is typed, before any save.
  await page.goto('/staff/questions/new');
  await page.getByLabel('Question (Markdown, $math$)').fill(stem.replace('young', 'younger'));
  await page.getByLabel('Choice A', { exact: true }).fill(choices[0]!.text);
  await page.getByLabel('Choice B', { exact: true }).fill(choices[1]!.text);
  const typed = page.getByRole('region', { name: /^Possible duplicates? \(\d+\)$/ });
  await expect(typed.getByRole('link', { name: new RegExp(`Question ${ids[0]}`) })).toBeVisible({
    timeout: 15_000,
  });
  await shoot(page, 'editor-new-duplicates');
  await page.getByRole('link', { name: '← Question bank' }).click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave and discard' })
    .click();

  // The import dry run names the bank's close questions for a file question.
  await page.goto('/staff/imports');
  await page.getByLabel('Duplicate threshold (% similar)').fill('60');
  await page.getByRole('button', { name: 'Save threshold' }).click();
  await expect(page.getByText('Threshold saved.')).toBeVisible();
  const file = {
    format: 'qbank',
    version: 1,
    modules: [
      {
        external_id: `dup:${tag}`,
        name: `E2E dup file ${tag}`,
        courses: [{ external_id: `dup:${tag}:c`, name: 'C' }],
        sources: [],
      },
    ],
    questions: [
      { external_id: `dup:${tag}:q`, course: `dup:${tag}:c`, type: 'qcs', stem, choices },
    ],
  };
  await page.locator('#import-file').setInputFiles({
    name: 'bank.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
  const found = page.getByRole('region', {
    name: 'Possible duplicates of questions already in the bank',
  });
  await expect(found).toContainText('Question 1 of the file');
  await expect(found.getByRole('link', { name: new RegExp(`Question ${ids[0]}`) })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shoot(page, 'imports');
});

test('a day of edits: bank → editor → save and next within the filter → back to the same view', async ({
  staffPage: page,
  request,
  studyServer,
}) => {
  const headers = { Authorization: `Token ${studyServer.staffKey}` };
  const post = async (url: string, data: object) =>
    ((await (await request.post(url, { headers, data })).json()) as { id: number }).id;
  const tag = unique();
  const module = await post('/api/staff/modules/', { name: `E2E walk ${tag}` });
  const course = await post('/api/staff/courses/', { module, name: 'Walk' });
  const choices = [
    { text: 'Yes', is_correct: true },
    { text: 'No', is_correct: false },
  ];
  const ids: number[] = [];
  for (const topic of ['aspirin', 'heparin', 'warfarin'])
    ids.push(
      await post('/api/staff/questions/', {
        course,
        type: 'qcs',
        stem: `Walk ${tag}: is ${topic} an anticoagulant?`,
        choices,
      }),
    );
  const [third, second] = [ids[2]!, ids[1]!]; // the bank lists the newest first

  await page.goto(`/staff/questions?module=${module}`);
  await page.getByRole('link', { name: new RegExp(`Walk ${tag}: is warfarin`) }).click();
  await expect(page.getByText('1 of 3 in the list')).toBeVisible();
  const stem = page.getByLabel('Question (Markdown, $math$)');
  await expect(stem).toHaveValue(/warfarin/);
  await page.waitForLoadState('networkidle');

  // Ctrl+Enter saves and opens the next question of the list, saying what was saved.
  await stem.fill(`Walk ${tag}: is warfarin a vitamin K antagonist?`);
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(new RegExp(`/staff/questions/${second}$`));
  await expect(page.getByText(`Question ${third} saved.`)).toBeVisible();
  await expect(page.getByText('2 of 3 in the list')).toBeVisible();
  await expect(stem).toHaveValue(/heparin/);
  await page.waitForLoadState('networkidle');

  // Ctrl+S saves where one is; the "Save and next" button walks on.
  await stem.fill(`Walk ${tag}: is heparin given by injection?`);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/staff/questions/${second}$`));
  await shoot(page, 'editor-walk');
  await page.getByRole('button', { name: 'Save and next' }).click();
  await expect(page.getByText('3 of 3 in the list')).toBeVisible();
  // The last one has no next.
  await expect(page.getByRole('button', { name: 'Save and next' })).toHaveCount(0);

  // Back to the list keeps its filter.
  await page.getByRole('link', { name: '← Back to the list' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/questions\\?module=${module}$`));
  await expect(page.getByRole('link', { name: /vitamin K antagonist/ })).toBeVisible();
  await expectAccessible(page);
});
