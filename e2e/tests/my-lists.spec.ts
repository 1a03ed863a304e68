import type { Paginated } from '@qbank/contract/common';
import type { Module } from '@qbank/contract/catalogue';
import type { PlaylistItemDetail } from '@qbank/contract/personal';
import type { Question } from '@qbank/contract/questions';
import type { Page } from '@playwright/test';
import { apiAs, buildPlaylist, freeQuestions } from './my-lists-fixtures';
import {
  createUser,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  removeUser,
  signInWithCookies,
  test,
} from './support/fixtures';

const rows = (page: Page) => page.getByRole('list', { name: 'Notebook' }).getByRole('listitem');
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.Toastify__toast').filter({ hasText: text });

test('notebook: every note with its question, paginated, searchable, opens the question', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  const api = apiAs(request, learner);
  const { questions } = await freeQuestions(api, 2);
  const [first, second] = questions as [Question, Question];
  await api.post('noteitemsdetail/', { question: first.id, content: 'Mnemonic: KAWASAKI' });
  for (let i = 1; i <= 10; i++)
    await api.post('noteitemsdetail/', { question: second.id, content: `Plain note ${i}` });

  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'Notebook', level: 1 })).toBeVisible();
  await expect(page.getByText('11 notes')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Mnemonic: KAWASAKI');

  await page.getByRole('searchbox', { name: 'Search your notes' }).fill('kawasaki');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 note', { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search your notes' }).fill('no such words');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No note matches “no such words”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(rows(page)).toHaveCount(10);

  // Difficulty: these questions have fewer than 30 answers, so none has a difficulty yet.
  const difficulty = page.getByRole('combobox', { name: 'Difficulty' });
  await difficulty.selectOption('5');
  await expect(page).toHaveURL(/difficulty=5/);
  await expect(page.getByText('No note is on a question of this difficulty.')).toBeVisible();
  await difficulty.selectOption('');
  await expect(rows(page)).toHaveCount(10);

  await rows(page).first().getByRole('button', { name: 'Delete note' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Note deleted')).toBeVisible();
  await expect(page.getByText('10 notes')).toBeVisible();

  await rows(page).first().getByRole('link', { name: 'Open the question' }).click();
  await expect(page).toHaveURL(new RegExp(`/questions/${second.id}$`));
  await expect(page.getByRole('heading', { name: `Question ${second.id}` })).toBeVisible();
});

test('playlists: create, rename, reorder by keyboard and by drag, study, exam, delete', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  test.slow();
  const api = apiAs(request, learner);
  const { questions } = await freeQuestions(api, 3);
  await page.goto('/playlists');
  await expect(page.getByText('No playlists yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Enter a name.')).toBeVisible();
  await page.getByRole('textbox', { name: 'New playlist' }).fill('Cardio review');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Playlist created')).toBeVisible();
  const link = page.getByRole('link', { name: 'Cardio review' });
  await expect(link).toBeVisible();
  const playlists = await api.get<Paginated<{ id: number; name: string }>>('playlist/');
  const id = playlists.results[0]!.id;
  for (const q of questions) await api.post('playlistitems/', { playlist: id, question: q.id });
  const order = async () =>
    (await api.get<PlaylistItemDetail[]>(`playlistitemsdetail/?playlist=${id}`)).map(
      (i) => i.question,
    );

  await link.click();
  await expect(page.getByRole('heading', { name: 'Cardio review', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Cardiology review');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Cardiology review', level: 1 })).toBeVisible();
  await expect(toast(page, 'Playlist renamed')).toBeVisible();
  expect((await api.get<{ name: string }>(`playlist/${id}/`)).name).toBe('Cardiology review');

  const [a, b, c] = questions.map((q) => q.id) as [number, number, number];
  const items = page.getByRole('list', { name: 'Playlists' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  // Keyboard: pick the first up with space, move it down once, drop it.
  await moveByKeyboard(page, 1);
  await expect(items.first()).toHaveAttribute('data-question-id', String(b));
  await expect.poll(order).toEqual([b, a, c]);

  // Pointer: drag the last handle above the first row.
  const handle = page.getByRole('button', { name: 'Move question 3' });
  const target = await items.first().boundingBox();
  const from = await handle.boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + 10, from!.y - 20, { steps: 5 });
  await page.mouse.move(target!.x + 20, target!.y + 5, { steps: 10 });
  await page.mouse.up();
  await expect(items.first()).toHaveAttribute('data-question-id', String(c));
  await expect.poll(order).toEqual([c, b, a]);

  // A refused reorder (an item removed elsewhere) says so and puts the rows back.
  const stale = (await api.get<PlaylistItemDetail[]>(`playlistitemsdetail/?playlist=${id}`))[2]!;
  await api.delete(`playlistitems/${stale.id}/`);
  await moveByKeyboard(page, 1);
  await expect(toast(page, 'Saving failed!')).toBeVisible();
  await page.reload();
  await expect(items).toHaveCount(2);
  await expect(items.first()).toHaveAttribute('data-question-id', String(c));

  await items.nth(1).getByRole('button', { name: 'Remove from playlist' }).click();
  await expect(items).toHaveCount(1);
  await expect.poll(order).toEqual([c]);

  // Study: the player corrects each answer at once and logs it in a session of its own.
  await page.getByRole('button', { name: 'Study' }).click();
  await expect(page).toHaveURL(/\/review\/run$/);
  await expect(page.getByRole('heading', { name: 'Cardiology review', level: 1 })).toBeVisible();
  await expect(page.getByText('Question 1 of 1')).toBeVisible();
  const card = page.locator('article.question-card');
  const check = card.getByRole('button', { name: 'Check' });
  // A click that lands while the run's question is still settling is lost: tick until it holds.
  await expect(async () => {
    if (await check.isDisabled()) await card.locator('.choice-option').first().click();
    await expect(check).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await check.click();
  await expect(card.getByRole('region', { name: 'Correction' })).toBeVisible();
  const sessions = await api.get<Paginated<{ name: string; answered: number }>>('sessions/');
  expect(sessions.results.find((s) => s.name === 'Cardiology review')).toMatchObject({
    answered: 1,
  });
  await card.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('link', { name: 'Back to the playlist' }).click();
  await expect(page).toHaveURL(new RegExp(`/playlists/${id}$`));
  await page.getByRole('button', { name: 'Run as exam' }).click();
  await expect(page).toHaveURL(/\/exam\/run$/);
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await page.goBack();

  await page.getByRole('button', { name: 'Delete playlist' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/playlists$/);
  await expect(toast(page, 'Playlist deleted')).toBeVisible();
  await expect(page.getByText('No playlists yet')).toBeVisible();
});

test('a rename the server refuses rolls back with "Saving failed!"', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  const api = apiAs(request, learner);
  const playlist = await buildPlaylist(api, 'Kept name', []);
  await page.goto(`/playlists/${playlist.id}`);
  await expect(page.getByRole('heading', { name: 'Kept name', level: 1 })).toBeVisible();
  await expect(
    page.getByText('This playlist has no questions yet.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Rename' }).click();
  await api.delete(`playlist/${playlist.id}/`);
  await page.getByLabel('Name', { exact: true }).fill('New name');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saving failed!')).toBeVisible();
});

for (const [path, title, mark, catalogue, action] of [
  ['/favourites', 'Favourites', 'favorite_questions/', 'favorites/', 'Remove from favourites'],
  ['/hidden', 'Hidden', 'hide_questions/', 'hides/', 'Show again'],
] as const) {
  test(`${title}: questions by module and course, modules and courses, removed in place`, async ({
    signedInPage: page,
    request,
    learner,
  }) => {
    const api = apiAs(request, learner);
    const { module, course, questions } = await freeQuestions(api, 2);
    const other = await freeQuestionsElsewhere(api, module.id);
    for (const q of [...questions, other]) await api.post(mark, { question: q.id });
    await api.post(catalogue, { module: module.id });
    await api.post(catalogue, { course: course.id });

    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
    await expect(list).toHaveCount(3);
    await page.getByRole('combobox', { name: 'Module' }).selectOption(String(module.id));
    await expect(list).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Course' }).selectOption(String(course.id));
    await expect(page).toHaveURL(new RegExp(`course=${course.id}`));
    await expect(list).toHaveCount(2);

    await list.first().getByRole('button', { name: action }).click();
    await expect(list).toHaveCount(1);
    await expect.poll(async () => (await api.get<Paginated<unknown>>(mark)).count).toBe(2);

    const marks = page.getByRole('list', { name: 'Modules, courses and sources' });
    await expect(marks.getByRole('listitem')).toHaveCount(2);
    await expect(marks.getByRole('link', { name: module.name })).toBeVisible();
    // Removed elsewhere meanwhile: the server's answer is shown and the row comes back.
    const records = await api.get<{ id: number; module: number | null }[]>(catalogue);
    await api.delete(`${catalogue}${records.find((r) => r.module === module.id)!.id}/`);
    const row = marks.getByRole('listitem').filter({ hasText: module.name });
    await row.getByRole('button', { name: action }).click();
    await expect(toast(page, 'Not found.')).toBeVisible();
    await page.reload();
    await expect(marks.getByRole('listitem')).toHaveCount(1);
    await marks.getByRole('listitem').getByRole('button', { name: action }).click();
    await expect(marks.getByRole('listitem')).toHaveCount(0);
    await expect(page.getByText(/No favourite module or course|Nothing hidden/)).toBeVisible();
    // The row leaves as the request is sent (optimistic): wait for the server to have it.
    await expect.poll(() => api.get<unknown[]>(catalogue)).toEqual([]);
  });
}

async function freeQuestionsElsewhere(api: ReturnType<typeof apiAs>, moduleId: number) {
  const modules = await api.get<Module[]>('moduls/');
  for (const m of modules.filter((x) => x.id !== moduleId)) {
    const page = await api.get<Paginated<Question>>(`questns/?module=${m.id}&page_size=20`);
    const open = page.results.find((q) => !q.is_locked);
    if (open) return open;
  }
  throw new Error('no free question in another module');
}

test('a hidden module can be shown again from the UI, and onboarding’s choice changed', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  const api = apiAs(request, learner);
  const [first] = await api.get<Module[]>('moduls/');
  await api.post('hides/', { module: first!.id });
  await page.goto('/my-modules');
  await expect(page.getByRole('heading', { name: 'My modules', level: 1 })).toBeVisible();
  const box = page.getByRole('checkbox', { name: new RegExp(escape(first!.name)) });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(box).toBeChecked();
  await expect
    .poll(
      async () => (await api.get<Module[]>('moduls/')).find((m) => m.id === first!.id)?.is_filtered,
    )
    .toBe(true);
  await expect(box).toBeEnabled();
  await box.uncheck();
  await expect
    .poll(
      async () => (await api.get<Module[]>('moduls/')).find((m) => m.id === first!.id)?.is_filtered,
    )
    .toBe(false);

  await page.getByText('My lists').click();
  await page.getByRole('link', { name: 'Hidden' }).click();
  await expect(page.getByRole('heading', { name: 'Hidden', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Show again' }).click();
  await expect(page.getByText('Nothing hidden.')).toBeVisible();
  // The list empties at once; the server's answer may follow.
  await expect
    .poll(
      async () => (await api.get<Module[]>('moduls/')).find((m) => m.id === first!.id)?.is_hidden,
    )
    .toBe(false);
});

test('my reports: status and staff answer, select several and delete', async ({
  signedInPage: page,
  request,
  learner,
}) => {
  const api = apiAs(request, learner);
  const { questions } = await freeQuestions(api, 3);
  for (const [i, q] of questions.entries())
    await api.post('rports/', { question: q.id, reason: 'typo', message: `Typo number ${i + 1}` });
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'My reports', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'My reports' }).getByRole('listitem');
  await expect(list).toHaveCount(3);
  await expect(list.first()).toContainText('Open');
  await expect(list.first()).toContainText('No answer yet.');
  const remove = page.getByRole('button', { name: /^Delete/ });
  await expect(remove).toBeDisabled();
  await list.nth(0).getByRole('checkbox').check();
  await list.nth(1).getByRole('checkbox').check();
  await expect(remove).toHaveText('Delete 2 reports');
  await remove.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, '2 reports deleted')).toBeVisible();
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText('Typo number 1');
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByRole('button', { name: 'Delete 1 report' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No reports')).toBeVisible();
  expect((await api.get<Paginated<unknown>>('rports/')).count).toBe(0);
});

test("a second user never sees the first one's notes, playlists or reports", async ({
  browser,
  baseURL,
  request,
  learner,
}) => {
  const api = apiAs(request, learner);
  const { questions } = await freeQuestions(api, 1);
  const q = questions[0]!;
  await api.post('noteitemsdetail/', { question: q.id, content: 'Secret note' });
  const playlist = await buildPlaylist(api, 'Secret playlist', [q]);
  await api.post('rports/', { question: q.id, reason: 'other', message: 'Secret report' });
  await api.post('favorite_questions/', { question: q.id });

  const second = await createUser(request, { label: 'second' });
  const context = await browser.newContext();
  try {
    await signInWithCookies(context, baseURL!, second);
    const page = await context.newPage();
    await page.goto('/notes');
    await expect(page.getByText('No notes yet')).toBeVisible();
    await page.goto('/playlists');
    await expect(page.getByText('No playlists yet')).toBeVisible();
    await page.goto(`/playlists/${playlist.id}`);
    await expect(page.getByText('This playlist does not exist.')).toBeVisible();
    await expect(page.getByText('Secret playlist')).toHaveCount(0);
    await page.goto('/reports');
    await expect(page.getByText('No reports')).toBeVisible();
    await page.goto('/favourites');
    await expect(page.getByText('No favourite questions here.')).toBeVisible();
    await page.goto('/notes?search=Secret');
    await expect(page.getByText('No note matches “Secret”.')).toBeVisible();
  } finally {
    await context.close();
    await removeUser(request, second);
  }
});

for (const mode of ['light', 'dark'] as const) {
  test(`every list screen passes axe and fits the viewport (${mode})`, async ({
    signedInPage: page,
    request,
    learner,
  }) => {
    test.slow();
    const api = apiAs(request, learner);
    const { questions } = await freeQuestions(api, 2);
    const q = questions[0]!;
    await api.post('noteitemsdetail/', { question: q.id, content: 'A note' });
    const playlist = await buildPlaylist(api, 'Audit playlist', questions);
    await api.post('rports/', { question: q.id, reason: 'typo', message: 'A typo' });
    await api.post('favorite_questions/', { question: q.id });
    await api.post('hide_questions/', { question: questions[1]!.id });
    await page.addInitScript(
      (m) => localStorage.setItem('qbank.settings', JSON.stringify({ displayMode: m })),
      mode,
    );
    for (const [path, heading] of [
      ['/notes', 'Notebook'],
      ['/playlists', 'Playlists'],
      [`/playlists/${playlist.id}`, 'Audit playlist'],
      ['/favourites', 'Favourites'],
      ['/hidden', 'Hidden'],
      ['/reports', 'My reports'],
      ['/my-modules', 'My modules'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.locator('.spinner-block')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    }
    // The menu, open.
    await page.getByText('My lists').click();
    await expect(page.getByRole('link', { name: 'Notebook' })).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
  });
}

/** Space picks the row up, ArrowDown moves it one place, Space drops it; each step is announced. */
async function moveByKeyboard(page: Page, position: number) {
  await page.getByRole('button', { name: `Move question ${position}` }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Picked up question ${position}.`)).toBeAttached();
  // dnd-kit's keyboard sensor starts listening a tick after the pick-up (a timer), which can come
  // after the announcement on a busy machine: press again only while nothing has moved.
  const moved = page.getByText(`Question moved to position ${position + 1}`);
  await expect(async () => {
    if ((await moved.count()) === 0) await page.keyboard.press('ArrowDown');
    await expect(moved).toBeAttached({ timeout: 1000 });
  }).toPass();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Dropped question at position ${position + 1}.`)).toBeAttached();
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
