import type { ImportJob, ImportReport } from '@qbank/contract/staff-content';
import { expect, expectAccessible, test } from './staff-content-fixtures';

// Issue 38: imported HTML shows as its authors wrote it, and the bank search waits for a pause.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A Moodle XML question whose stem is HTML: paragraphs, an embedded image, a table, attacks. */
function moodleXml(word: string): string {
  const stem = [
    `<p>First paragraph about ${word}.</p>`,
    '<p>Second paragraph, after the first.</p>',
    '<img src="@@PLUGINFILE@@/kidney.png" alt="A kidney drawing">',
    '<table><thead><tr><th>Marker</th><th>Value</th></tr></thead>',
    '<tbody><tr><td>Sodium</td><td>18</td></tr><tr><td>Urea</td><td>9</td></tr></tbody></table>',
    '<script>window.__injected = "script"</script>',
    '<img src="x" onerror="window.__injected = \'onerror\'">',
    '<a href="javascript:window.__injected=\'link\'">a link</a>',
  ].join('');
  const png =
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWNQbGuHIwacHAAPeg4pWqxTwwAAAABJRU5ErkJggg==';
  return `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/E2E html ${word}/Imported</text></category></question>
  <question type="multichoice">
    <name><text>Html ${word}</text></name>
    <questiontext format="html">
      <text><![CDATA[${stem}]]></text>
      <file name="kidney.png" path="/" encoding="base64">${png}</file>
    </questiontext>
    <single>true</single>
    <answer fraction="100"><text>Prerenal</text></answer>
    <answer fraction="0"><text>Intrinsic</text></answer>
  </question>
</quiz>`;
}

test('a question imported as HTML shows its paragraphs, image and table, and runs no script', async ({
  studyPage: page,
  request,
  studyServer,
}) => {
  const staff = { Authorization: `Token ${studyServer.staffKey}` };
  const word = `htmlword${unique()}`;
  const started = await request.post('/api/staff/imports/', {
    headers: staff,
    multipart: {
      file: { name: 'html.xml', mimeType: 'text/xml', buffer: Buffer.from(moodleXml(word)) },
      dry_run: 'false',
    },
  });
  expect(started.status(), await started.text()).toBe(202);
  const job = ((await started.json()) as ImportReport).job!;
  await expect
    .poll(async () => {
      const progress = await request.get(`/api/staff/imports/${job}/`, { headers: staff });
      return ((await progress.json()) as ImportJob).state;
    })
    .toBe('done');
  const bank = await request.get(`/api/staff/questions/?search=${word}`, { headers: staff });
  const id = ((await bank.json()) as { results: { id: number }[] }).results[0]!.id;

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/questions/${id}`);
  const stem = page.locator('article.question-card .stem');
  await expect(
    stem.locator('p').filter({ hasText: `First paragraph about ${word}.` }),
  ).toBeVisible();
  await expect(stem.locator('p').filter({ hasText: 'Second paragraph' })).toBeVisible();
  const image = stem.getByRole('img', { name: 'A kidney drawing' });
  await expect(image).toBeVisible();
  // The embedded file was stored and loads (a broken image has no natural width).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(4);
  const table = stem.locator('table');
  await expect(table.getByRole('columnheader', { name: 'Marker' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Sodium' })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(2);
  // Nothing of the attacks reached the page: no script element, handler or javascript: link.
  await expect(stem.locator('script')).toHaveCount(0);
  await expect(stem.locator('[onerror]')).toHaveCount(0);
  await expect(stem.locator('a[href^="javascript:"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(stem).not.toContainText('window.__injected');
  await expectAccessible(page);
});

test('the bank search sends one request per pause in typing and cancels the one left behind', async ({
  staffPage: page,
}) => {
  const searches: string[] = [];
  const cancelled: string[] = [];
  const isSearch = (url: string) =>
    url.includes('/api/staff/questions/') && new URL(url).searchParams.has('search');
  page.on('request', (r) => {
    if (isSearch(r.url())) searches.push(new URL(r.url()).searchParams.get('search')!);
  });
  page.on('requestfailed', (r) => {
    if (isSearch(r.url())) cancelled.push(new URL(r.url()).searchParams.get('search')!);
  });
  await page.goto('/staff/questions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  const box = page.getByLabel('Search');

  // A word typed key by key: one request, for the whole word.
  const first = page.waitForRequest((r) => isSearch(r.url()));
  await box.pressSequentially('kidney', { delay: 20 });
  await first;
  await expect(page).toHaveURL(/search=kidney/);
  expect(searches).toEqual(['kidney']);

  // The server holds the next search; typing on cancels it and asks for the longer text only.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.searchParams.get('search') === 'kidney stone',
    async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    },
  );
  const second = page.waitForRequest((r) => r.url().includes('search=kidney+stone'));
  await box.pressSequentially(' stone', { delay: 20 });
  await second;
  const third = page.waitForRequest((r) => r.url().includes('search=kidney+stones'));
  await box.pressSequentially('s', { delay: 20 });
  await third;
  await expect(page).toHaveURL(/search=kidney\+stones/);
  await expect.poll(() => cancelled).toEqual(['kidney stone']);
  release();
  expect(searches).toEqual(['kidney', 'kidney stone', 'kidney stones']);
});
