import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectAccessible, expectNoHorizontalScroll, test } from './staff-content-fixtures';
import { as } from './study-fixtures';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/src/modules/content/fixtures',
);
// Each flow drives several screens and axe checks on a shared 2-core machine.
test.describe.configure({ timeout: 150_000 });

/** A 16×16 PNG. */
const PNG_16PX =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGNQbGsnCTGMahjVMHw1AAAoIi4QXbNvdQAAAABJRU5ErkJggg==';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a learner never sees a staff screen and the API answers 403', async ({
  studyPage: page,
  request,
  learner,
}) => {
  for (const url of [
    '/staff/questions',
    '/staff/questions/1',
    '/staff/catalogue',
    '/staff/imports',
  ]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  }
  expect((await request.get('/api/staff/questions/', as(learner))).status()).toBe(403);
  expect((await request.get('/api/staff/catalogue/')).status()).toBe(401);
});

test('catalogue: create, rename, reorder and archive a module, courses and a source', async ({
  staffPage: page,
  request,
  learner,
}) => {
  const name = `E2E module ${unique()}`;
  await page.goto('/staff/catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('textbox', { name: 'New module' }).fill(name);
  await page.getByRole('button', { name: 'Add' }).first().click();
  const courses = page.getByRole('region', { name: `Courses of ${name}` });
  await expect(courses).toBeVisible();
  for (const course of ['First course', 'Second course']) {
    await courses.getByRole('textbox', { name: 'New course' }).fill(course);
    await courses.getByRole('button', { name: 'Add' }).click();
    await expect(courses.getByText(course)).toBeVisible();
  }
  await courses.getByRole('button', { name: 'Move Second course up' }).click();
  await expect(courses.locator('.row-name').first()).toContainText('Second course');

  const sources = page.getByRole('region', { name: `Sources of ${name}` });
  await sources.getByRole('textbox', { name: 'New source' }).fill('Residency exam');
  await sources.getByRole('textbox', { name: 'Year' }).fill('2021');
  await sources.getByRole('button', { name: 'Add' }).click();
  await expect(sources.getByText('Residency exam (2021)')).toBeVisible();
  await sources.getByRole('button', { name: 'Edit Residency exam' }).click();
  await sources.locator('.catalogue-row form').getByRole('textbox', { name: 'Year' }).fill('2022');
  await sources.getByRole('button', { name: 'Save' }).click();
  await expect(sources.getByText('Residency exam (2022)')).toBeVisible();

  await page.getByRole('button', { name: `Archive ${name}` }).click();
  // Asked first, naming what learners lose (no live question in this new module).
  const ask = page.getByRole('dialog', { name: `Archive ${name}?` });
  await expect(ask).toContainText('its 0 live questions');
  await ask.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('button', { name: `Restore ${name}` })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  // Learners' catalogue no longer lists it.
  const modules = (await (await request.get('/api/moduls/', as(learner))).json()) as {
    name: string;
  }[];
  expect(modules.map((m) => m.name)).not.toContain(name);
});

test('editor: live preview, type check, workflow, a corrected key re-scores, versions and diff', async ({
  staffPage: page,
  request,
  learner,
  studyServer,
}) => {
  const staff = { headers: { Authorization: `Token ${studyServer.staffKey}` } };
  const moduleName = `E2E editor ${unique()}`;
  const moduleId = (
    (await (
      await request.post('/api/staff/modules/', { ...staff, data: { name: moduleName } })
    ).json()) as { id: number }
  ).id;
  await request.post('/api/staff/courses/', {
    ...staff,
    data: { module: moduleId, name: 'Renal' },
  });

  await page.goto('/staff/questions/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New question' })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByLabel('Course').selectOption({ label: 'Renal' });
  await page
    .getByLabel('Question (Markdown, $math$)')
    .fill('Clearance is **$C = UV/P$**. Which is right?');
  const preview = page.getByTestId('preview');
  await expect(preview.locator('strong .katex')).toBeVisible();
  await page.getByLabel('Choice A', { exact: true }).fill('Inulin');
  await page.getByLabel('Choice B', { exact: true }).fill('Glucose');
  await page.getByLabel('Choice C', { exact: true }).fill('Albumin');
  await page.getByLabel('Choice D', { exact: true }).fill('Sodium');
  await expect(preview.getByText('Glucose')).toBeVisible();
  // An image uploaded from the editor lands in the stem as Markdown and shows in the preview.
  await page.getByText('Insert an image').click();
  await page.locator('.image-button input[type=file]').setInputFiles({
    name: 'kidney.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_16PX, 'base64'),
  });
  await expect(page.getByLabel('Question (Markdown, $math$)')).toHaveValue(
    /!\[kidney\.png\]\(\/media\/questions\/.+\.png\)/,
  );
  await expect(preview.getByRole('img', { name: 'kidney.png' })).toBeVisible();
  // Two right answers on a single-answer question: the server's type check.
  await page.getByLabel('Type').selectOption('qcm');
  await page.locator('.choice-editor').nth(1).getByLabel('Correct').check();
  await page.getByLabel('Type').selectOption('qcs');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('A qcs question has exactly one correct choice; use qcm.').first(),
  ).toBeVisible();
  await page.locator('.choice-editor').nth(1).getByLabel('Correct').uncheck();
  await page.getByLabel('Key point').fill('Inulin measures GFR.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Question \d+$/ })).toBeVisible();
  const id = Number(/\/staff\/questions\/(\d+)/.exec(page.url())![1]);
  await expect(page.locator('.status-bar')).toContainText('Draft');
  await expectAccessible(page);

  // A draft is invisible to learners; publish it.
  expect((await request.get(`/api/questns/${id}/`, as(learner))).status()).toBe(404);
  await page.getByRole('button', { name: 'Send to review' }).click();
  await expect(page.locator('.status-bar')).toContainText('In review');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.locator('.status-bar')).toContainText('Live');
  const question = (await (await request.get(`/api/questns/${id}/`, as(learner))).json()) as {
    choices: { id: number }[];
  };
  // The learner picks B, wrong for now.
  const answer = await request.post('/api/question_answer_history/', {
    ...as(learner),
    data: { question: id, choices: [question.choices[1]!.id], mode: 'study' },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  expect(((await answer.json()) as { score: number }).score).toBe(0);

  // Staff correct the key to B.
  await page.locator('.choice-editor').nth(1).getByLabel('Correct').check();
  await expect(page.locator('.choice-editor').nth(0).getByLabel('Correct')).not.toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('The key changed: 1 past answers re-scored, 1 learners told.'),
  ).toBeVisible();
  const history = (await (
    await request.get(`/api/question_answer_history/?question=${id}`, as(learner))
  ).json()) as { results: { score: number }[] };
  expect(history.results.map((h) => h.score)).toEqual([1]);

  await page.getByRole('tab', { name: 'Versions' }).click();
  await expect(page.getByRole('button', { name: /Version 2/ })).toBeVisible();
  const diff = page.getByRole('region', { name: 'Changes of version 2' });
  await expect(diff.locator('.key-change')).toContainText('The key changed: A → B');
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Item analysis' }).click();
  await expect(page.getByRole('img', { name: 'How often each choice is picked' })).toBeVisible();
  await expect(page.locator('.analysis-figures')).toContainText('Learners (first answers)');

  // The bank table finds it by text and by id.
  await page.goto(`/staff/questions?module=${moduleId}`);
  await expect(page.getByText('1 question', { exact: true })).toBeVisible();
  await page.getByLabel('Search').fill('Clearance');
  await expect(page.getByRole('link', { name: /Clearance is/ })).toBeVisible();
  // Hardest first: the first click on Facility sorts ascending.
  await page.getByRole('button', { name: 'Facility' }).click();
  await expect(page.getByRole('columnheader', { name: /Facility/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
});

test('imports: dry-run report with lines, then import with progress; exports download', async ({
  staffPage: page,
}) => {
  await page.goto('/staff/imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Imports and exports' })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByLabel('Bank file').setInputFiles(path.join(FIXTURES, 'broken.csv'));
  await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
  const report = page.getByRole('region', { name: 'Dry-run report' });
  await expect(report).toContainText('The file is refused: 3 bad records.');
  await expect(report.getByText('Line 3:')).toBeVisible();
  await expect(report.getByText('Line 5:')).toBeVisible();

  await page.getByLabel('Bank file').setInputFiles(path.join(FIXTURES, 'valves.aiken.txt'));
  await page
    .getByLabel('Module for questions without a category (optional)')
    .fill(`E2E import ${unique()}`);
  await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
  await expect(report).toContainText('valid questions (aiken)');
  await report.getByRole('button', { name: /^Import \d+ questions$/ }).click();
  const progress = page.getByRole('region', { name: 'Import progress' });
  await expect(progress).toContainText(/Done: \d+ created, 0 updated\./);
  await expect(progress.locator('progress')).toHaveAttribute('value', /\d+/);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  expect((await download).suggestedFilename()).toBe('qbank.csv');
});

test('case builder: vignette, two sub-questions reordered, saved and reopened; learners see the vignette', async ({
  staffPage: page,
  context,
  request,
  learner,
  studyServer,
}) => {
  const staff = { headers: { Authorization: `Token ${studyServer.staffKey}` } };
  const moduleId = (
    (await (
      await request.post('/api/staff/modules/', {
        ...staff,
        data: { name: `E2E case ${unique()}` },
      })
    ).json()) as { id: number }
  ).id;
  const courseName = `Cardiology ${unique()}`;
  const courseId = (
    (await (
      await request.post('/api/staff/courses/', {
        ...staff,
        data: { module: moduleId, name: courseName },
      })
    ).json()) as { id: number }
  ).id;
  const ids: number[] = [];
  for (const stem of ['Alpha: which murmur?', 'Beta: which drug?']) {
    const created = await request.post('/api/staff/questions/', {
      ...staff,
      data: {
        course: courseId,
        type: 'qcs',
        stem,
        choices: [
          { text: 'Yes', is_correct: true },
          { text: 'No', is_correct: false },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    for (const status of ['in_review', 'live']) {
      const moved = await request.post(`/api/staff/questions/${id}/status/`, {
        ...staff,
        data: { status },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    ids.push(id);
  }
  const [alpha, beta] = ids as [number, number];

  await page.goto('/staff/questions');
  await page.getByRole('link', { name: 'New clinical case' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New clinical case' })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByLabel('Course', { exact: true }).selectOption({ label: courseName });
  await page
    .getByLabel('Vignette (Markdown, $math$)')
    .fill('A 60-year-old man with **chest pain**, BP $120/80$.');
  await expect(page.getByTestId('preview').locator('strong')).toHaveText('chest pain');
  await page.getByRole('button', { name: `Add question ${alpha} to the case` }).click();
  await page.getByRole('button', { name: `Add question ${beta} to the case` }).click();
  const order = page.getByRole('list', { name: 'Sub-questions, in order' });
  await expect(order.getByRole('listitem')).toHaveText([/Alpha/, /Beta/]);
  // Keyboard: the focus follows the moved question.
  await page.getByRole('button', { name: `Move question ${beta} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(order.getByRole('listitem')).toHaveText([/Beta/, /Alpha/]);
  await expect(page.getByRole('button', { name: `Move question ${beta} down` })).toBeFocused();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Clinical case \d+$/ })).toBeVisible();
  const caseId = Number(/\/staff\/cases\/(\d+)/.exec(page.url())![1]);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: `Clinical case ${caseId}` }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(order.getByRole('listitem')).toHaveText([/Beta/, /Alpha/]);
  await expect(page.getByLabel('Vignette (Markdown, $math$)')).toHaveValue(/chest pain/);
  await expect(page.getByLabel('Course', { exact: true })).toBeDisabled();

  // The case list finds it by a word of its vignette and opens it again.
  await page.getByRole('link', { name: 'Clinical cases' }).click();
  await page.getByLabel('Words of the vignette').fill('chest pain');
  const card = page.getByRole('listitem').filter({ hasText: courseName });
  await expect(card).toContainText('2 sub-questions', { timeout: 15_000 });
  await expectAccessible(page);
  await card.getByRole('link', { name: `Clinical case ${caseId}` }).click();
  await expect(page.getByLabel('Vignette (Markdown, $math$)')).toHaveValue(/chest pain/);

  // The learner's player shows the vignette above each sub-question, with its place in the case.
  await context.clearCookies();
  const common = {
    domain: '127.0.0.1',
    path: '/',
    sameSite: 'Lax' as const,
    expires: Math.floor(Date.now() / 1000) + 3600,
  };
  await context.addCookies([
    {
      name: 'user',
      value: encodeURIComponent(JSON.stringify({ ...learner.user, token: learner.key })),
      ...common,
    },
    { name: 'accessToken', value: encodeURIComponent(learner.key), ...common },
  ]);
  expect((await request.get(`/api/staff/cases/${caseId}/`, as(learner))).status()).toBe(403);
  await page.goto(`/questions/${alpha}`);
  const vignette = page.getByRole('region', { name: 'Clinical case' });
  await expect(vignette).toContainText('chest pain', { timeout: 15_000 });
  await expect(vignette).toContainText('question 2');
  await expect(page.locator('.question-stem .stem')).toContainText('Alpha: which murmur?');
});
