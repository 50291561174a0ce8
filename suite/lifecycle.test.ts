// Stopping a member-API process loses no request behind a load balancer: on SIGTERM it first
// answers "not ready" on /readyz while still serving (for SHUTDOWN_DRAIN_SECONDS), then stops
// listening, finishes what is in flight, and exits.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../scripts/lib/auth-emulator.mjs'
import { waitForHttp } from '../scripts/lib/processes.mjs'
import { startSuite } from '../scripts/lib/suite.mjs'
import { projectId } from './test/members'

const dataDir = mkdtempSync(join(tmpdir(), 'suite-lifecycle-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('a member-API process stopping', () => {
  it('says it is not ready while it still serves, then stops listening and exits', async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const suite = startSuite({
      port,
      authEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
      dataDir,
      quiet: true,
      env: { SUITE_SEED: 'none', GCLOUD_PROJECT: projectId(), SHUTDOWN_DRAIN_SECONDS: '2' },
    })
    try {
      await waitForHttp(`${base}/readyz`, { isAlive: suite.isAlive, timeoutMs: 60_000 })
      expect((await fetch(`${base}/readyz`)).status).toBe(200)
      const signalled = Date.now()
      suite.child.kill('SIGTERM')
      await new Promise((resolve) => setTimeout(resolve, 300))
      // Draining: not ready, still answering.
      const ready = await fetch(`${base}/readyz`)
      expect(ready.status).toBe(503)
      expect((await fetch(`${base}/healthz`)).status).toBe(200)
      expect((await fetch(`${base}/suite/api/public/campaigns`)).status).toBe(200)
      const exit = (await suite.exited) as { code: number | null }
      expect(exit.code).toBe(0)
      // Not before the drain time was up.
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(2_000)
      await expect(fetch(`${base}/healthz`)).rejects.toThrow()
    } finally {
      await suite.stop()
    }
  }, 90_000)
})
