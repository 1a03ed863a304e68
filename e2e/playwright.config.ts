import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The server's data folder; specs read mail from its outbox. Fresh per run. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `qbank-e2e-${PORT}`);
/** The staff account `create-admin` makes before the server starts (study and staff specs). */
export const E2E_STAFF = { email: 'e2e-staff@example.com', password: 'Quiet-Harbour-731' };
const SERVER = '../apps/server/dist';
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's chromium, never a downloaded browser.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] } },
    // A 360 px phone (Chromium with a touch screen and a phone's viewport).
    // Only the specs about layout run on the phone too: every screen at 360 px (no sideways
    // scroll, axe); flows are the same code on both and run once, on the desktop.
    {
      name: 'phone',
      testMatch:
        /(accessibility|phone-layout|learner-loop|loop-layout|daily-blocks|staff-editor|past-papers|mock-exams|exam-plan)\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 360, height: 740 },
        hasTouch: true,
        isMobile: true,
      },
    },
  ],
  webServer: {
    // The production build served by the real server on the embedded database: ONE server for
    // the run. create-admin writes the staff account into the fresh data folder first (the CLI
    // cannot write while the server holds the embedded database).
    command:
      `rm -rf ${E2E_DATA_DIR} && node ${SERVER}/cli.js create-admin --email ${E2E_STAFF.email}` +
      ` --password ${E2E_STAFF.password} && node ${SERVER}/server.js`,
    url: `http://127.0.0.1:${PORT}/api/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // The demo bank gives onboarding its modules; E2E_DEMO_BANK=off starts on an empty bank.
      DEMO_BANK: process.env.E2E_DEMO_BANK ?? 'on',
      // Backups only when a spec asks (backups.spec.ts): a scheduled one could meet its click.
      BACKUP_EVERY: 'off',
    },
  },
});
