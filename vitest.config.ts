import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { defineConfig } from 'vitest/config'

/** Unit and integration tests beside the code. Browser tests have their own config (tests/e2e). */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'suite/**/*.test.ts', 'scripts/**/*.test.ts', 'deploy/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/setup/auth-emulator.global.ts'],
    setupFiles: ['tests/setup/auth-env.ts', 'tests/setup/i18n.ts'],
    // Limits on waiting, not durations the tests need: a test that takes seconds here may take many
    // times that on a busy machine, and still passes.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll waits for what it checks, 1 s by default: too short for a busy machine's I/O.
    expect: { poll: { timeout: 15_000, interval: 50 } },
  },
})
