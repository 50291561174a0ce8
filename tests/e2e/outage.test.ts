// The member API hangs (its process stopped with SIGSTOP): member pages answer through the error
// catalogue within the render's deadline, public pages keep working, and once the API runs again
// (SIGCONT) the next page loads with data, with nobody restarting anything. A member API and a portal
// of their own: stopping the run's shared member API would hold up every other test.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser, BrowserContext, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freePort } from '../../scripts/lib/auth-emulator.mjs'
import { waitForHttp } from '../../scripts/lib/processes.mjs'
import { startSuite } from '../../scripts/lib/suite.mjs'
import { COOL_DOWN_MS } from '../../app/upstream/circuit-breaker'
import { SUITE_TIMEOUT_MS } from '../../app/upstream/suite-client.server'
import { gotoHydrated, launchBrowser, newContext, textOnPage } from './support/browser'
import { createMember, signInThroughUi } from './support/members'
import { startPortal } from './support/portal'

/** The portal's deadline for one page render's calls to the member API (PAGE_DEADLINE_SECONDS, its default). */
const DEADLINE_MS = 3_000
/**
 * Without that shared deadline a page would answer no sooner than one call's own limit, so an answer
 * before it proves the deadline held, with room for a machine several times slower than ours.
 */
const PROOF_MS = SUITE_TIMEOUT_MS - 1_000
/** How long the pages may take to appear in the browser once answered: a limit on waiting, not a promise. */
const PATIENCE_MS = 30_000

const root = resolve(import.meta.dirname, '../..')
let browser: Browser
let suite: ReturnType<typeof startSuite>
let stopPortal: (() => Promise<void>) | undefined
let baseURL: string
const dataDir = resolve(root, `.data/e2e-outage-${process.pid}`)

/** The process and every process it started (the member API runs in a child of its tsx launcher). */
function processTree(pid: number): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number])
  const tree = [pid]
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of rows) if (parent === tree[i]) tree.push(child)
  return tree
}

function signalSuite(signal: 'SIGSTOP' | 'SIGCONT') {
  for (const pid of processTree(suite.child.pid!)) process.kill(pid, signal)
}

beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true })
  const suitePort = await freePort()
  suite = startSuite({ port: suitePort, authEmulatorHost: inject('authEmulatorHost'), dataDir, quiet: true })
  const suiteUrl = `http://127.0.0.1:${suitePort}`
  await waitForHttp(`${suiteUrl}/readyz`, { isAlive: suite.isAlive, timeoutMs: 120_000 })
  const own = await startPortal('portal-outage', { SUITE_URL: suiteUrl, PAGE_DEADLINE_SECONDS: String(DEADLINE_MS / 1000) })
  baseURL = own.baseURL
  stopPortal = own.stop
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  if (suite) {
    signalSuite('SIGCONT')
    await suite.stop()
  }
  await stopPortal?.()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Milliseconds from sending the page's request to the first byte of its answer. */
function answeredWithin(response: Response | null): number {
  if (!response) throw new Error('the page did not answer')
  return response.request().timing().responseStart
}

describe('the member API hung', () => {
  it('member pages show the error dialog within the deadline, public pages keep working, and all recovers by itself', async () => {
    const member = await createMember('Olga Outage')
    const context: BrowserContext = await newContext(browser, { baseURL })
    const visitor: BrowserContext = await newContext(browser, { baseURL })
    try {
      const page = await context.newPage()
      await signInThroughUi(page, member, '/en/member/missions')
      await page.getByRole('heading', { level: 1, name: 'Missions' }).waitFor()

      signalSuite('SIGSTOP')
      // Each page below makes several calls to the member API; each alone would wait 10 s.
      for (const path of ['/en/member/missions/rewards', '/en/member/referrals']) {
        const response = await page.goto(path)
        expect(answeredWithin(response), path).toBeLessThan(PROOF_MS)
        await page.getByRole('dialog', { name: 'Something went wrong' }).waitFor({ timeout: PATIENCE_MS })
        await textOnPage(page, 'We could not load this page just now').waitFor()
      }

      // A visitor's pages: the home page without its lists (kept by no cache, so nobody gets it once
      // the API is back), a page without data as always (shared as always).
      const visitorPage = await visitor.newPage()
      for (const [path, heading, cacheControl] of [
        ['/en', /Try new products at home/, 'no-store'],
        ['/en/how-it-works', /From sign-up to published review/, 'public, s-maxage=60, stale-while-revalidate=300'],
      ] as const) {
        const response = await visitorPage.goto(path)
        expect(response?.status(), path).toBe(200)
        expect(answeredWithin(response), path).toBeLessThan(PROOF_MS)
        expect(response?.headers()['cache-control'], path).toBe(cacheControl)
        await visitorPage.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: PATIENCE_MS })
      }

      signalSuite('SIGCONT')
      // The portal may have stopped asking for a cool-down; then it asks again by itself. Nobody
      // restarts anything: the member only loads the page again, until the API has worked through
      // what piled up while it was stopped.
      await new Promise((done) => setTimeout(done, COOL_DOWN_MS))
      await expect
        .poll(
          async () => {
            await gotoHydrated(page, '/en/member/missions/rewards')
            return textOnPage(page, 'We could not load this page just now').count()
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(0)
      await page.getByRole('heading', { level: 1, name: 'Rewards' }).waitFor()
    } finally {
      signalSuite('SIGCONT')
      await context.close()
      await visitor.close()
    }
  })
})
