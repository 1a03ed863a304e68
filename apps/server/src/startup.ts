import type { App } from './app';
import { loadDemoBankIfEmpty } from './modules/content/demo.service';
import { announceStaffSetup } from './modules/staff-setup/staff-setup.service';
import { catalogueSummary } from './modules/stats/index';

/** Work done once at start, after migrations: the demo bank, the first staff account's link. */
export async function runStartupTasks(app: App): Promise<void> {
  await loadDemoBank(app);
  await announceStaffSetup(app);
}

async function loadDemoBank(app: App): Promise<void> {
  if (!app.config.demoBank) return;
  const started = performance.now();
  // A demo bank that cannot load must not keep the app from starting: it is only sample content.
  const loaded = await loadDemoBankIfEmpty(app.db, app.storage).catch((err: unknown) => {
    app.log.error({ err }, 'the demo bank could not be loaded');
    return undefined;
  });
  if (loaded) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    app.log.info(
      `Demo bank loaded: ${loaded.questions.created} questions in ${loaded.modules.created} modules (${seconds} s). ` +
        'Set DEMO_BANK=off to start with an empty bank.',
    );
  }
}

/**
 * Builds, once the app listens, what the first requests would otherwise wait for: the catalogue
 * summary of "what next" and exam relevance (two scans of the bank). Not awaited.
 */
export function warmCaches(app: App): void {
  catalogueSummary(app.db).catch((err: unknown) => {
    app.log.warn({ err }, 'the catalogue summary could not be built at start');
  });
}
