import { as, expect, test } from './study-fixtures';

test('a private receipt shows in an <img> through the signed URL the API gave, and not without it', async ({
  studyPage: page,
  request,
  learner,
}) => {
  const subs = await request.get('/api/mysubscriptions/', as(learner));
  expect(subs.status()).toBe(200);
  const body = (await subs.json()) as
    { receipt: string | null }[] | { results: { receipt: string | null }[] };
  const receipt = (Array.isArray(body) ? body : body.results).find((p) => p.receipt)?.receipt;
  expect(receipt).toMatch(/^\/media\/receipts\/.+\?expires=\d+&signature=/);

  await page.goto('/');
  // An <img> cannot send the Authorization header: the signed URL alone must be enough.
  const widths = await page.evaluate(async (src) => {
    const load = (url: string) =>
      new Promise<number>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth);
        img.onerror = () => resolve(-1);
        img.src = url;
      });
    return [await load(src), await load(src.split('?')[0]!)];
  }, receipt!);
  expect(widths[0]).toBeGreaterThan(0);
  expect(widths[1]).toBe(-1);
});
