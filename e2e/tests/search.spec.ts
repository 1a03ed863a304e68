import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalScroll, test } from './study-fixtures';

// Issue 33: search the bank, start a block from the results, similar questions after a miss.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A module of its own with French questions, written and put live by staff. */
async function frenchBank(request: APIRequestContext, staffKey: string, word: string) {
  const staff = { headers: { Authorization: `Token ${staffKey}` } };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { ...staff, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as { id: number };
  };
  const module = await post('/api/staff/modules/', { name: `Ophtalmologie ${word}` });
  const course = await post('/api/staff/courses/', { module: module.id, name: 'Cornée' });
  const write = async (stem: string, right: string, wrong: string, explanation = '') => {
    const { id } = await post('/api/staff/questions/', {
      course: course.id,
      type: 'qcs',
      stem,
      explanation,
      choices: [
        { text: right, is_correct: true },
        { text: wrong, is_correct: false },
      ],
    });
    for (const status of ['in_review', 'live'])
      await post(`/api/staff/questions/${id}/status/`, { status });
    return id;
  };
  return {
    missed: await write(
      `Kératite amibienne ${word} chez un porteur de lentilles : quel traitement ?`,
      'Désinfection par biguanide',
      'Corticoïdes seuls',
      'Les corticoïdes aggravent la kératite.',
    ),
    similar: await write(
      `Kératite amibienne ${word} chez une porteuse de lentilles : quel traitement proposer ?`,
      'Désinfection par biguanide',
      'Antibiotique seul',
    ),
    other: await write(`Glaucome aigu ${word} : quel collyre ?`, 'Pilocarpine', 'Atropine'),
  };
}

test('a learner searches without accents, studies the results, and is offered similar questions after a miss', async ({
  studyPage: page,
  request,
  studyServer,
}) => {
  const word = `zq${unique()}`;
  const bank = await frenchBank(request, studyServer.staffKey, word);

  await page.goto('/modules');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Search' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Search the bank' })).toBeVisible();
  await page.getByLabel('Words to find').fill(`keratite ${word}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=keratite\\+${word}`));
  await expect(page.getByRole('status').filter({ hasText: 'questions hold' })).toHaveText(
    `2 questions hold “keratite ${word}”.`,
  );
  const results = page.locator('.search-results > li');
  await expect(results).toHaveCount(2);
  // The accented words are found and marked as written.
  await expect(results.first().locator('mark').first()).toHaveText('Kératite');
  await expect(results.first()).toContainText(`Ophtalmologie ${word} · Cornée`);
  // A word of the explanation finds its question too; the address keeps the search.
  await page.getByLabel('Words to find').fill(`aggravent ${word}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(results).toHaveCount(1);
  await expect(results.first().getByRole('link')).toHaveAttribute(
    'href',
    `/questions/${bank.missed}`,
  );
  await page.goBack();
  await expect(results).toHaveCount(2);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // A study block over the results: corrected at once, and a miss offers the similar question.
  await page.getByRole('button', { name: 'Study these 2' }).click();
  await expect(page).toHaveURL(/\/review\/run$/);
  await expect(page.getByText('Question 1 of 2')).toBeVisible();
  const card = page.locator('article.question-card');
  const stem = await card.locator('.stem').innerText();
  const wrong = stem.includes('proposer') ? 'Antibiotique seul' : 'Corticoïdes seuls';
  await card.locator('.choice-option').filter({ hasText: wrong }).click();
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByRole('region', { name: 'Correction' })).toContainText('Incorrect');
  const similar = card.getByRole('navigation', {
    name: 'Similar questions, to practise the same point',
  });
  const otherOne = stem.includes('proposer') ? bank.missed : bank.similar;
  // Its twin is offered (other runs' copies of the same wording may be too).
  await expect(similar.locator(`a[href="/questions/${otherOne}"]`)).toBeVisible();
  // The glaucoma question shares the module but not the point.
  await expect(similar.locator(`a[href="/questions/${bank.other}"]`)).toHaveCount(0);
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 2 of 2')).toBeVisible();
  await card.locator('.choice-option').filter({ hasText: 'Désinfection par biguanide' }).click();
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByRole('region', { name: 'Correction' })).toContainText('Correct');
  // A right answer offers nothing more.
  await expect(card.getByRole('navigation', { name: /Similar questions/ })).toHaveCount(0);
  await card.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('link', { name: 'Back to the search' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=keratite`));
  await expect(results).toHaveCount(2);
});

test('a timed exam starts from the results; words outside the plan or nowhere find nothing', async ({
  studyPage: page,
  request,
  studyServer,
}) => {
  const word = `zq${unique()}`;
  await frenchBank(request, studyServer.staffKey, word);
  await page.goto(`/search?q=${word}`);
  await expect(page.locator('.search-results > li')).toHaveCount(3);
  await page.getByRole('button', { name: 'Timed exam on these 3' }).click();
  await expect(page).toHaveURL(/\/exam\/run$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Exam in progress' })).toBeVisible();

  await page.goto(`/search?q=nowhere${word}`);
  await expect(page.getByText('No question you can open holds these words.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Study these/ })).toHaveCount(0);
});
