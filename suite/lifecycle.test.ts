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

/** Long enough for three requests to an idle process to be answered on a machine many times slower than any seen. */
const DRAIN_SECONDS = 5
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
      // Its account of the drain is logged at info.
      env: { SUITE_SEED: 'none', GCLOUD_PROJECT: projectId(), SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS), LOG_LEVEL: 'info' },
    })
    try {
      await waitForHttp(`${base}/readyz`, { isAlive: suite.isAlive, timeoutMs: 180_000 })
      expect((await fetch(`${base}/readyz`)).status).toBe(200)
      const signalled = Date.now()
      const draining = suite.waitForLine(/stopping: not ready, draining/)
      let listening = true
      void suite.waitForLine(/stopping: no new connections/).then(
        () => (listening = false),
        () => {},
      )
      suite.child.kill('SIGTERM')
      // From its own word that it drains: not ready, still answering.
      await draining
      const [ready, health, campaigns] = await Promise.all(
        ['readyz', 'healthz', 'suite/api/public/campaigns'].map((path) => fetch(`${base}/${path}`).then((response) => response.status)),
      )
      expect([ready, health, campaigns]).toEqual([503, 200, 200])
      // Those answers came before it stopped listening: the drain is not over yet.
      expect(listening).toBe(true)
      const exit = (await suite.exited) as { code: number | null }
      expect(exit.code).toBe(0)
      // Not before the drain time was up.
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000)
      await expect(fetch(`${base}/healthz`)).rejects.toThrow()
    } finally {
      await suite.stop()
    }
  }, 270_000)
})
