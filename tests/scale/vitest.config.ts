import { defineConfig } from 'vitest/config'

/** Tests of several processes (member APIs and portals, each from its production build: dist/member-api run by node, .output) behind a real load balancer (HAProxy), on PostgreSQL (TEST_DATABASE_URL). */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/scale/**/*.test.ts'],
    globalSetup: ['tests/setup/auth-emulator.global.ts'],
    setupFiles: ['tests/setup/auth-env.ts'],
    // One file at a time: each starts its own processes and loads the machine.
    fileParallelism: false,
    // Limits on waiting, not durations: several processes on two cores take many times longer when busy.
    testTimeout: 360_000,
    hookTimeout: 360_000,
  },
})
