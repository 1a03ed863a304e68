import type { App } from '../../lib/deps';
import { startSweep } from '../../lib/sweep';
import { announceOpenings, announceResults } from './mock-exams.service';
import { sweepOverdue } from './papers.service';

/** How often open sittings past their deadline are submitted when nobody reads them. */
const SWEEP_EVERY_MS = 30_000;

/**
 * The server's clock decides (issue 35): a sitting is submitted at its deadline even if the
 * browser was closed. Every read of an attempt closes it when overdue; this sweep closes the
 * ones nobody reads, so the ranking never waits for a learner to come back. Several instances
 * may sweep at once: closing is first-wins in one transaction (`closeAttempt`). The same pass
 * tells a mock exam's audience when it opens and its takers when its results come out (each
 * claimed once, first-wins).
 */
export function startDeadlineSweep(app: App): void {
  startSweep(app, 'deadline sweep', SWEEP_EVERY_MS, async () => {
    const n = await sweepOverdue(app);
    if (n) app.log.info(`Submitted ${n} overdue paper sitting(s)`);
    const opened = await announceOpenings(app);
    if (opened) app.log.info(`Told the audience of ${opened} mock exam(s) that opened`);
    const published = await announceResults(app);
    if (published) app.log.info(`Announced the results of ${published} mock exam(s)`);
  });
}
