// A portal of a test's own, started from the run's build, for tests that need other settings than
// the run's portal (a member API that is down or stopped, third-party services, short windows).
import { resolve } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { freePort } from '../../../scripts/lib/auth-emulator.mjs'
import { startNode, waitForHttp } from '../../../scripts/lib/processes.mjs'
import { launchBrowser } from './browser'
import { serverLog } from './server-logs'

export type OwnPortal = { baseURL: string; stop: () => Promise<void> }

/**
 * Local mode on loopback, talking to the run's member API and Auth emulator unless `env` names
 * others. A page's calls share the same 10 s deadline as the run's portal (production's 3 s would
 * turn a page slowed by a busy machine into the error page), unless `env` sets another. Ready once a page without data answers (not the home page: its copy would then sit in the
 * page cache when the test asks for it).
 */
export async function startPortal(name: string, env: Record<string, string> = {}): Promise<OwnPortal> {
  const port = await freePort()
  const portal = startNode(name, [resolve(import.meta.dirname, '../../..', process.env.PORTAL_OUTPUT_DIR ?? '.output', 'server/index.mjs')], {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PORTAL_MODE: 'local',
      SUITE_URL: inject('suiteUrl'),
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      PORTAL_URL: `http://127.0.0.1:${port}`,
      PAGE_DEADLINE_SECONDS: '10',
      ...env,
    },
    quiet: true,
    logFile: serverLog(name),
  })
  const baseURL = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(`${baseURL}/en/how-it-works`, { isAlive: portal.isAlive })
  } catch (error) {
    await portal.stop()
    throw new Error(`The portal ${name} did not start: ${String(error)}\n${portal.output()}`)
  }
  return { baseURL, stop: () => portal.stop() }
}

/**
 * A portal of the file's own (`env` read when the file's tests start, after the hooks registered
 * before this call) and a browser, both closed once its tests are done.
 */
export function ownPortalAndBrowser(name: string, env: () => Record<string, string>): { readonly baseURL: string; readonly browser: Browser } {
  let own: OwnPortal | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    own = await startPortal(name, env())
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await own?.stop()
  })
  return {
    get baseURL() {
      if (!own) throw new Error(`The portal ${name} has not started`)
      return own.baseURL
    },
    get browser() {
      if (!browser) throw new Error(`The browser of ${name} has not started`)
      return browser
    },
  }
}
