import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fail-on-console-error.ts'],
    // Each file gets its own database, so files run in parallel, one per core. Vitest's default
    // keeps a core free (cores - 1): on a 2-core machine that ran every file one after another
    // while PGlite, in the test's own process, used one core.
    pool: 'forks',
    maxWorkers: Math.max(2, os.availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
