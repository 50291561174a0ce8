// Runs in each test worker: the code under test runs in local mode, asked for by name, against the run's Auth emulator.
import { inject } from 'vitest'

process.env.PORTAL_MODE ??= 'local'
process.env.SUITE_MODE ??= 'local'
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= inject('authEmulatorHost')
process.env.GCLOUD_PROJECT ??= 'demo-portal'
