import { defineConfig } from 'vitest/config'

/** Browser tests: Debian's Chromium driven by playwright-core against the production build. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/support/servers.global.ts'],
    setupFiles: ['tests/e2e/support/csp.setup.ts'],
    // One browser at a time: the machine has two cores and the servers need one.
    fileParallelism: false,
    // Limits on waiting, never durations the tests need: a machine several times slower than the
    // one a test was written on still passes. expect.poll waits for what it checks, 1 s by default.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
})
