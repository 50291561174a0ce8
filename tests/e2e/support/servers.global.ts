// Starts what the browser tests talk to: the Auth emulator (unless given) and the built portal.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort, startAuthEmulator } from '../../../scripts/lib/auth-emulator.mjs'
import { startNode, waitForHttp } from '../../../scripts/lib/processes.mjs'


export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../../..')
  const serverEntry = resolve(root, '.output/server/index.mjs')
  if (!existsSync(serverEntry)) throw new Error('No production build: run `npm run build` first (npm test does).')

  const stops: Array<() => Promise<void>> = []
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(root, `.data/e2e-emulator-${process.pid}`) })
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host
    stops.push(() => emulator.stop())
  }

  const portalPort = Number(process.env.E2E_PORTAL_PORT ?? (await freePort()))
  const portal = startNode('portal', [serverEntry], {
    env: { PORT: String(portalPort), HOST: '127.0.0.1', NODE_ENV: 'production', PORTAL_MODE: 'local' },
    quiet: true,
  })
  stops.push(() => portal.stop())
  const baseUrl = `http://127.0.0.1:${portalPort}`
  try {
    await waitForHttp(`${baseUrl}/en`, { isAlive: portal.isAlive })
  } catch (error) {
    await Promise.all(stops.map((stop) => stop()))
    throw new Error(`The portal did not start: ${String(error)}\n${portal.output()}`)
  }
  project.provide('baseUrl', baseUrl)
  project.provide('authEmulatorHost', process.env.FIREBASE_AUTH_EMULATOR_HOST)

  return async () => {
    for (const stop of stops.reverse()) await stop()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    authEmulatorHost: string
  }
}
