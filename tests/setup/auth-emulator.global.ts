// Vitest global setup: a fresh Firebase Auth emulator for the test run, unless one is given
// (FIREBASE_AUTH_EMULATOR_HOST already set, as `npm test` does for the whole run).
import type { TestProject } from 'vitest/node'
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs'

export default async function setup(project: TestProject) {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    project.provide('authEmulatorHost', process.env.FIREBASE_AUTH_EMULATOR_HOST)
    return
  }
  const emulator = await startAuthEmulator({
    port: 0,
    hubPort: 0,
    loggingPort: 0,
    workDir: `.data/test-emulator-${process.pid}`,
  })
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host
  process.env.GCLOUD_PROJECT = emulator.projectId
  project.provide('authEmulatorHost', emulator.host)
  return () => emulator.stop()
}

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string
  }
}
