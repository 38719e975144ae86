import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // Tests wait for the app's own signals, never a budget of their own; these are the one clock, there only to end a
    // test that hangs. They are long because on a loaded 2-core machine the work the app runs at background priority
    // (serve's background host: verification, an open's follow-up, the integrity report) yields to everything else
    // and may take minutes; fixtures are generated on the fly and Chromium starts in the hooks.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // expect.poll waits on the app's answer the same way: until the test's clock above, not a second of its own.
    expect: { poll: { timeout: 600_000, interval: 50 } },
    pool: 'forks',
    // Each run's temp folders live under one folder that is removed when the run ends.
    globalSetup: ['test/setup/run-temp-dir.ts'],
    reporters: ['default'],
  },
});
