import { defineConfig } from 'vitest/config'

/** Browser tests: Debian's Chromium driven by playwright-core against the production build. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/support/servers.global.ts'],
    setupFiles: ['tests/e2e/support/csp.setup.ts'],
    // One browser at a time: the machine has two cores and the servers need one.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
})
