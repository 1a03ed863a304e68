import { expect, test } from '../tests/study-fixtures';

/**
 * Drives the study player through 100 questions with the → key and measures, in the page, the
 * time from the key event (its timeStamp) to the frame after the next question was committed
 * (requestAnimationFrame, then a task: the frame has been painted). Target: median under 50 ms.
 */
const STEPS = 100;
const TARGET_MEDIAN_MS = 50;

declare global {
  interface Window {
    __bench: { samples: number[] };
  }
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

test('player: key press to next question painted', async ({ studyPage: page }) => {
  await page.goto('/courses/7/study');
  await expect(page.getByTestId('player-position')).toHaveText('Question 1 of 400');
  // The Markdown chunk has loaded (the first question is rendered with it).
  await expect(page.locator('article.question-card .rich-text').first().locator('p')).toBeVisible();
  await page.waitForTimeout(500);

  await page.evaluate(() => {
    window.__bench = { samples: [] };
    const currentId = () =>
      document.querySelector('article.question-card')?.getAttribute('data-question-id') ?? null;
    let lastId = currentId();
    let pressedAt = 0;
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'ArrowRight') pressedAt = event.timeStamp;
      },
      true,
    );
    new MutationObserver(() => {
      const id = currentId();
      if (!id || id === lastId || !pressedAt) return;
      lastId = id;
      const start = pressedAt;
      pressedAt = 0;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.__bench.samples.push(performance.now() - start);
        channel.port2.postMessage(null);
      });
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-question-id'],
    });
  });

  for (let step = 1; step <= STEPS; step += 1) {
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((n) => window.__bench.samples.length >= n, step);
  }
  await expect(page.getByTestId('player-position')).toHaveText(`Question ${STEPS + 1} of 400`);

  const samples = await page.evaluate(() => window.__bench.samples);
  const sorted = [...samples].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  console.log(
    `player bench: ${samples.length} questions, key press → next question painted: ` +
      `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (target median < ${TARGET_MEDIAN_MS} ms)`,
  );
  expect(samples).toHaveLength(STEPS);
  expect(median).toBeLessThan(TARGET_MEDIAN_MS);
});
