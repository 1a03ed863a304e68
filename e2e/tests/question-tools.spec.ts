import type { Browser, Page } from '@playwright/test';
import {
  as,
  createSubscriber,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  test,
  type Learner,
  type StudyServer,
} from './study-fixtures';

/** A 16×16 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGNQbGsnCTGMahjVMHw1AAAoIi4QXbNvdQAAAABJRU5ErkJggg==',
  'base64',
);
const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/** The first question of a demo course (each test uses its own course: workers share a server). */
async function firstQuestion(page: Page, learner: Learner, course: number): Promise<number> {
  const list = await page.request.get(`/api/questns/?course=${course}&page_size=1`, as(learner));
  return ((await list.json()) as { results: { id: number }[] }).results[0]!.id;
}

/** A second signed-in learner in a browser of their own. */
async function secondBrowser(browser: Browser, server: StudyServer, request: Page['request']) {
  const learner = await createSubscriber(request, server);
  const context = await browser.newContext({ baseURL: server.url });
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
  return { learner, page: await context.newPage(), close: () => context.close() };
}

test('notes, own images, playlists and reports beside a question stay private to their owner', async ({
  studyPage: page,
  learner,
  browser,
  studyServer,
}) => {
  test.slow();
  const questionId = await firstQuestion(page, learner, 10);
  await page.goto(`/questions/${questionId}`);
  const tools = page.getByRole('group', { name: 'Question tools' });
  await expect(tools).toBeVisible();

  // Note: empty state, Markdown with a picked image, then an edit.
  await tools.getByRole('button', { name: 'Note' }).click();
  const notes = page.getByRole('dialog', { name: 'My notes on this question' });
  await expect(notes.getByText('No notes yet.')).toBeVisible();
  await expectAccessible(page);
  await notes.getByLabel('Note (Markdown)').fill('**Remember** the axis');
  await notes.locator('input[type=file]').setInputFiles(image('ecg.png'));
  await expect(notes.getByRole('img', { name: 'ecg.png' })).toBeVisible();
  await notes.getByRole('button', { name: 'Add note' }).click();
  const note = notes.getByTestId('note');
  await expect(note.locator('strong', { hasText: 'Remember' })).toBeVisible();
  await expect(note.getByRole('img', { name: 'My image 1' })).toBeVisible();
  await note.getByRole('button', { name: 'Edit' }).click();
  await note.getByLabel('Note (Markdown)').fill('Remember the *left* axis');
  await note.getByRole('button', { name: 'Save' }).click();
  await expect(note.locator('em', { hasText: 'left' })).toBeVisible();
  await expectAccessible(page);
  await notes.getByRole('button', { name: 'Close' }).click();
  await expect(notes).toBeHidden();
  await expect(tools.getByRole('button', { name: 'Note ✓' })).toBeVisible();

  // Own images: upload two, remove one.
  await tools.getByRole('button', { name: 'My images' }).click();
  const images = page.getByRole('dialog', { name: 'My images on this question' });
  await expect(images.getByText('No images yet.')).toBeVisible();
  await images.locator('input[type=file]').setInputFiles([image('a.png'), image('b.png')]);
  await images.getByRole('button', { name: 'Upload' }).click();
  await expect(images.getByTestId('my-images').getByRole('img')).toHaveCount(2);
  await images.getByRole('button', { name: 'Remove image 2' }).click();
  await expect(images.getByTestId('my-images').getByRole('img')).toHaveCount(1);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(images).toBeHidden();

  // Playlist: create one (the question goes in), then a refused untick rolls back.
  await tools.getByRole('button', { name: 'Add to playlist' }).click();
  const lists = page.getByRole('dialog', { name: 'Playlists' });
  await expect(lists.getByText('You have no playlists yet.')).toBeVisible();
  await lists.getByLabel('New playlist name').fill('Cardiology revision');
  await lists.getByRole('button', { name: 'Create and add' }).click();
  const box = lists.getByRole('checkbox', { name: /Cardiology revision/ });
  await expect(box).toBeChecked();
  await expect(tools.getByRole('button', { name: 'Playlists (1)' })).toBeAttached();
  await expectAccessible(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/playlistitemsdetail/**', async (route) => {
    await held;
    await route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: '{"detail":"Not found."}',
    });
  });
  await box.click();
  // Unticked at once, before the server answers...
  await expect(box).not.toBeChecked();
  release();
  // ...and ticked again, with the seed's message, when it fails.
  await expect(page.getByText('Failed', { exact: true })).toBeVisible();
  await expect(box).toBeChecked();
  await page.unroute('**/api/playlistitemsdetail/**');
  await page.keyboard.press('Escape');

  // Report: sent once; a second open report is refused with the server's words.
  await tools.getByRole('button', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report a problem with this question' });
  await report.getByLabel('Reason').selectOption('typo');
  await report.getByLabel('What is wrong?').fill('"hypertophy" in choice B');
  // An optional screenshot: picked, shown as a thumbnail, sent as multipart.
  await report.locator('input[type=file]').setInputFiles(image('typo.png'));
  await expect(report.getByRole('img', { name: 'typo.png' })).toBeVisible();
  await expectAccessible(page);
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText('Your report was sent')).toBeVisible();
  await page.keyboard.press('Escape');
  await tools.getByRole('button', { name: 'Report' }).click();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText('You already have an open report on this question.')).toBeVisible();
  await page.keyboard.press('Escape');

  // My reports shows the screenshot as a thumbnail linking to the signed, private image.
  await page.goto('/reports');
  const shot = page.getByRole('link', { name: /^Screenshot of report \d+/ });
  await expect(shot).toBeVisible();
  const shotUrl = await shot.getAttribute('href');
  expect(shotUrl).toMatch(/^\/media\/reports\/.+signature=/);
  expect((await page.request.get(shotUrl!)).status()).toBe(200);
  await expect
    .poll(() => shot.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.goto(`/questions/${questionId}`);

  // The owner's records, as the API holds them.
  const mine = async (path: string) =>
    (await (await page.request.get(path, as(learner))).json()) as unknown;
  const noteId = (
    (await mine(`/api/questnotesitems/?question=${questionId}`)) as { id: number }[]
  )[0]!.id;
  const playlistId = ((await mine('/api/playlist/')) as { results: { id: number }[] }).results[0]!
    .id;
  const itemId = (
    (await mine(`/api/attachmentsitem/?question=${questionId}`)) as {
      results: { id: number }[];
    }
  ).results[0]!.id;
  const reportId = ((await mine('/api/rports/')) as { results: { id: number }[] }).results[0]!.id;

  // A second learner on the same question sees none of it, in the panels or by id.
  const other = await secondBrowser(browser, studyServer, page.request);
  try {
    await other.page.goto(`/questions/${questionId}`);
    const otherTools = other.page.getByRole('group', { name: 'Question tools' });
    await otherTools.getByRole('button', { name: 'Note' }).click();
    await expect(other.page.getByText('No notes yet.')).toBeVisible();
    await other.page.keyboard.press('Escape');
    await otherTools.getByRole('button', { name: 'My images' }).click();
    await expect(other.page.getByText('No images yet.')).toBeVisible();
    await other.page.keyboard.press('Escape');
    await otherTools.getByRole('button', { name: 'Add to playlist' }).click();
    await expect(other.page.getByText('You have no playlists yet.')).toBeVisible();
    // noteitems/{id}/ has no GET (405 for everyone): deleting another's note is the check there.
    const deleted = await other.page.request.delete(`/api/noteitems/${noteId}/`, as(other.learner));
    expect(deleted.status()).toBe(404);
    for (const path of [
      `/api/noteitemsdetail/${noteId}/`,
      `/api/playlist/${playlistId}/`,
      `/api/playlistitemsdetail/?playlist=${playlistId}`,
      `/api/attachmentsitem/${itemId}/`,
      `/api/rports/${reportId}/`,
    ]) {
      const answer = await other.page.request.get(path, as(other.learner));
      expect(answer.status(), path).toBe(404);
    }
    // The screenshot's unsigned path is no way in either.
    const unsigned = await other.page.request.get(shotUrl!.split('?')[0]!, as(other.learner));
    expect(unsigned.status()).toBe(404);
    await other.page.request.delete('/api/delete-account/', as(other.learner));
  } finally {
    await other.close();
  }
});

test('two learners discuss a question: comments, replies, votes, sorting, staff and deleted authors', async ({
  studyPage: page,
  learner,
  browser,
  studyServer,
}) => {
  test.setTimeout(150_000);
  const questionId = await firstQuestion(page, learner, 11);
  // A staff answer and a comment whose author then deletes their account.
  const staffPost = await page.request.post('/api/comments/', {
    headers: { Authorization: `Token ${studyServer.staffKey}` },
    data: { question: questionId, body: 'Editors: choice **C** was fixed.' },
  });
  expect(staffPost.status()).toBe(201);
  const leaver = await createSubscriber(page.request, studyServer);
  await page.request.post('/api/comments/', {
    ...as(leaver),
    data: { question: questionId, body: 'I am leaving soon' },
  });
  await page.request.delete('/api/delete-account/', as(leaver));

  await page.goto(`/questions/${questionId}`);
  const toggle = page.getByRole('button', { name: /^Comments \(2\)/ });
  await toggle.click();
  const thread = page.getByRole('region', { name: 'Comments' });
  const staffComment = thread.getByTestId('comment').filter({ hasText: 'Editors:' });
  await expect(staffComment.getByText('Staff', { exact: true })).toBeVisible();
  await expect(
    thread
      .getByTestId('comment')
      .filter({ hasText: 'I am leaving soon' })
      .getByText('Deleted user'),
  ).toBeVisible();

  // The first learner posts Markdown with an image.
  await thread
    .getByRole('textbox', { name: 'Your comment (Markdown)' })
    .fill('**Great** question, see the ECG');
  await thread.locator('.comment-thread > form input[type=file]').setInputFiles(image('ecg.png'));
  await thread.getByRole('button', { name: 'Post comment' }).click();
  const mine = thread.getByTestId('comment').filter({ hasText: 'Great' });
  await expect(mine.locator('strong', { hasText: 'Great' })).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Attached image 1' })).toBeVisible();
  await expect(mine.getByText('(you)')).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The second learner, in another browser, sees it, votes it up and replies.
  const other = await secondBrowser(browser, studyServer, page.request);
  try {
    await other.page.goto(`/questions/${questionId}`);
    await other.page.getByRole('button', { name: /^Comments \(3\)/ }).click();
    const theirView = other.page
      .getByRole('region', { name: 'Comments' })
      .getByTestId('comment')
      .filter({ hasText: 'Great' });
    await expect(theirView.getByRole('img', { name: 'Attached image 1' })).toBeVisible();
    await expect(theirView.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    const up = theirView.getByRole('button', { name: 'Vote up' }).first();
    await up.click();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await expect(theirView.getByTestId('rank').first()).toHaveText('1');
    await theirView.getByRole('button', { name: 'Reply' }).click();
    await theirView
      .getByRole('textbox', { name: 'Your reply (Markdown)' })
      .fill('Agreed, *thanks*');
    await theirView.getByRole('button', { name: 'Post reply' }).click();
    await expect(theirView.getByTestId('reply').locator('em', { hasText: 'thanks' })).toBeVisible();

    // The first learner's open discussion picks up the vote and the reply (polling).
    await expect(mine.getByTestId('rank').first()).toHaveText('1', { timeout: 25_000 });
    await expect(mine.getByRole('button', { name: 'Vote up' }).first()).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(mine.getByRole('button', { name: '1 reply' })).toBeVisible({ timeout: 25_000 });
    await mine.getByRole('button', { name: '1 reply' }).click();
    await expect(mine.getByTestId('reply').getByText('Agreed,')).toBeVisible();

    // Switching sides moves the rank by 2; a refused vote rolls back with the server's message.
    await up.click(); // remove
    await expect(theirView.getByTestId('rank').first()).toHaveText('0');
    await other.page.route('**/decrease_rank/', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Voting is paused.' }),
      }),
    );
    await theirView.getByRole('button', { name: 'Vote down' }).first().click();
    await expect(other.page.getByText('Voting is paused.')).toBeVisible();
    await expect(theirView.getByTestId('rank').first()).toHaveText('0');
    await other.page.unroute('**/decrease_rank/');
    await up.click();
    await expect(theirView.getByTestId('rank').first()).toHaveText('1');

    // Sorting: by rank the voted comment comes first, by date the newest.
    const sort = page.getByLabel('Sort by');
    await sort.selectOption('-rank');
    await expect(thread.getByTestId('comment').first()).toContainText('Great');
    await sort.selectOption('created_at');
    await expect(thread.getByTestId('comment').first()).toContainText('Editors:');

    // Edit, then delete, one's own comment.
    await mine.getByRole('button', { name: 'Edit' }).click();
    await mine
      .getByRole('textbox', { name: 'Your comment (Markdown)' })
      .fill('**Great** question (edited text)');
    await mine.getByRole('button', { name: 'Save' }).click();
    await expect(mine.getByText('(edited text)')).toBeVisible();
    await expect(mine.getByText('· edited')).toBeVisible();
    await mine.getByRole('button', { name: 'Delete' }).first().click();
    await mine.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(thread.getByTestId('comment').filter({ hasText: 'Great' })).toHaveCount(0);
    await other.page.request.delete('/api/delete-account/', as(other.learner));
  } finally {
    await other.close();
  }
});

test('the sign-in route loads none of the question tools or comments', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet')
      scripts.push(request.url());
  });
  await page.goto('/auth/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((url) => /study-question|comment|panel|image-picker|compose/i.test(url)),
  ).toEqual([]);
});
