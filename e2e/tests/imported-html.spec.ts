import { expect, test } from './staff-content-fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
test.describe.configure({ timeout: 150_000 });

/**
 * Issue 38: HTML of imported questions (Moodle XML, GIFT) shows as written, sanitised; issue 39:
 * an extended-matching question shows its twelve choices and takes the letters past H.
 */
test('imported HTML shows its paragraphs and tables, runs no script; letters reach past H', async ({
  studyPage: page,
  request,
  studyServer,
}) => {
  const staff = { headers: { Authorization: `Token ${studyServer.staffKey}` } };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { ...staff, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as { id: number };
  };
  const module = await post('/api/staff/modules/', { name: `E2E HTML ${unique()}` });
  const course = await post('/api/staff/courses/', { module: module.id, name: 'Imported' });
  const stem =
    '<p>First paragraph of the <strong>vignette</strong>.</p>' +
    '<table><tr><th>Test</th><th>Value</th></tr><tr><td>Sodium</td><td>128</td></tr></table>' +
    '<p>Which drugs are ACE inhibitors?</p>' +
    '<script>window.__pwned = 1</script><img src="/nope.png" onerror="window.__pwned = 2">';
  const drugs = ['Amiodarone', 'Atenolol', 'Bisoprolol', 'Captopril', 'Digoxin', 'Enalapril'];
  const more = ['Furosemide', 'Heparin', 'Ivabradine', 'Lisinopril', 'Metoprolol', 'Ramipril'];
  const question = await post('/api/staff/questions/', {
    course: course.id,
    type: 'qcm',
    stem,
    choices: [...drugs, ...more].map((text) => ({
      text: `<p>${text}</p>`,
      is_correct: ['Captopril', 'Enalapril', 'Ramipril'].includes(text),
    })),
  });
  for (const status of ['in_review', 'live'])
    await post(`/api/staff/questions/${question.id}/status/`, { status });

  await page.goto(`/questions/${question.id}`);
  const card = page.locator('article.question-card');
  await expect(card.locator('.stem p').first()).toHaveText('First paragraph of the vignette.');
  await expect(card.locator('.stem table tr')).toHaveCount(2);
  await expect(card.locator('.stem td').first()).toHaveText('Sodium');
  await expect(card.locator('[onerror], script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(card.getByText('<p>')).toHaveCount(0);

  // Twelve choices, lettered A–L; the key L ticks the twelfth.
  const last = card.locator('[data-letter="L"]');
  await expect(last).toHaveCount(1);
  await page.keyboard.press('l');
  await expect(last).toBeChecked();
});
