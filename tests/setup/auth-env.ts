// Runs in each test worker: points firebase-admin at the run's Auth emulator.
import { inject } from 'vitest'

process.env.FIREBASE_AUTH_EMULATOR_HOST ??= inject('authEmulatorHost')
process.env.GCLOUD_PROJECT ??= 'demo-portal'
