import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // Browser tests start Chromium and serve mode; fixtures are generated on the fly.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each run's temp folders live under one folder that is removed when the run ends.
    globalSetup: ['test/setup/run-temp-dir.ts'],
    reporters: ['default'],
  },
});
