import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fail-on-console-error.ts'],
    // Each file gets its own database, so files run in parallel (one per core).
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
