// Starts what the browser tests talk to: the Auth emulator (unless given), the built member API
// (dist/member-api, rebuilt by startSuite when its sources changed) and the built portal.
import { existsSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort, startAuthEmulator } from '../../../scripts/lib/auth-emulator.mjs'
import { startNode, waitForHttp } from '../../../scripts/lib/processes.mjs'
import { startSuite } from '../../../scripts/lib/suite.mjs'
import { clearServerLogs, serverLog } from './server-logs'

export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../../..')
  const serverEntry = resolve(root, process.env.PORTAL_OUTPUT_DIR ?? '.output', 'server/index.mjs')
  if (!existsSync(serverEntry)) throw new Error('No production build: run `npm run build` first (npm test does).')

  clearServerLogs()
  const stops: Array<() => Promise<void>> = []
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(root, `.data/e2e-emulator-${process.pid}`) })
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host
    stops.push(() => emulator.stop())
  }

  // The member API on a fresh embedded database with the demo data, for this run only.
  const suitePort = await freePort()
  // The portal's port is chosen first: the member API's e-mails link to this run's portal (PORTAL_URL).
  const portalPort = Number(process.env.E2E_PORTAL_PORT ?? (await freePort()))
  const suiteDataDir = resolve(root, `.data/e2e-pglite-${process.pid}`)
  rmSync(suiteDataDir, { recursive: true, force: true })
  // Review photos of this run, beside its database, gone with it.
  const suitePhotoDir = resolve(root, `.data/e2e-photos-${process.pid}`)
  rmSync(suitePhotoDir, { recursive: true, force: true })
  // The member API looks a member's record up on every request here: the tests that end a session
  // elsewhere (as an expiry would) expect its next call to answer 401, where the portal, with its
  // production window, may still remember the member for up to a minute.
  const suite = startSuite({
    port: suitePort,
    authEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
    dataDir: suiteDataDir,
    quiet: true,
    logFile: serverLog('suite'),
    // Every browser of the run comes from 127.0.0.1: one client address for all the text messages the tests send.
    env: {
      REVOCATION_CHECK_SECONDS: '0',
      SMS_PER_CLIENT_PER_HOUR: '1000',
      SUITE_PHOTO_DIR: suitePhotoDir,
      PORTAL_URL: `http://127.0.0.1:${portalPort}`,
    },
  })
  stops.push(async () => {
    await suite.stop()
    rmSync(suiteDataDir, { recursive: true, force: true })
    rmSync(suitePhotoDir, { recursive: true, force: true })
  })
  const suiteUrl = `http://127.0.0.1:${suitePort}`
  try {
    await waitForHttp(`${suiteUrl}/readyz`, { isAlive: suite.isAlive, timeoutMs: 120_000 })
  } catch (error) {
    for (const stop of stops.reverse()) await stop()
    throw new Error(`The member API did not start: ${String(error)}\n${suite.output()}`)
  }

  const portal = startNode('portal', [serverEntry], {
    env: {
      PORT: String(portalPort),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PORTAL_MODE: 'local',
      SUITE_URL: suiteUrl,
      PORTAL_URL: `http://127.0.0.1:${portalPort}`,
      PORTAL_FAULT_INJECTION: '1',
      // A page's calls to the member API may take their longest allowed time together: on a busy
      // machine, production's 3 s would turn a slow page into the error page the tests do not expect.
      PAGE_DEADLINE_SECONDS: '10',
    },
    quiet: true,
    logFile: serverLog('portal'),
  })
  stops.push(() => portal.stop())
  const baseUrl = `http://127.0.0.1:${portalPort}`
  try {
    await waitForHttp(`${baseUrl}/en`, { isAlive: portal.isAlive })
  } catch (error) {
    for (const stop of stops.reverse()) await stop()
    throw new Error(`The portal did not start: ${String(error)}\n${portal.output()}`)
  }
  project.provide('baseUrl', baseUrl)
  project.provide('authEmulatorHost', process.env.FIREBASE_AUTH_EMULATOR_HOST)
  project.provide('suiteUrl', suiteUrl)

  return async () => {
    for (const stop of stops.reverse()) await stop()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    authEmulatorHost: string
    suiteUrl: string
  }
}
