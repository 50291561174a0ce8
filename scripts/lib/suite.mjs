// Starts the member API for local mode, the tests and the benchmarks: its production build
// (dist/member-api/server.mjs, rebuilt first when its sources changed), run by plain `node` as
// production runs it, or, when asked, its TypeScript sources through tsx.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ensureMemberApiBuild } from '../build-suite.mjs'
import { startNode } from './processes.mjs'

const root = resolve(import.meta.dirname, '../..')
// tsx as a loader of this one process (not its command line, which runs the server in a child):
// a signal sent to the handle's process reaches the server itself, SIGKILL included.
const tsxLoader = pathToFileURL(resolve(root, 'node_modules/tsx/dist/loader.mjs')).href

/**
 * The Node arguments that run the member API: the build, as the systemd unit runs it (with source
 * maps, so stack traces name the TypeScript files), or the sources through tsx.
 * @param {'build' | 'sources'} from
 */
export function memberApiCommand(from) {
  return from === 'build' ? ['--enable-source-maps', ensureMemberApiBuild()] : ['--import', tsxLoader, resolve(root, 'suite/server.ts')]
}

/** The demo member the seed creates (suite/seed/catalogue.ts); local mode only. */
export const DEMO_EMAIL = 'demo@testerscircle.example'
export const DEMO_PASSWORD = 'demo-tester-2026'
/** The demo staff account, holding every console role (suite/seed/catalogue.ts); local mode only. */
export const DEMO_STAFF_EMAIL = 'staff@testerscircle.example'
export const DEMO_STAFF_PASSWORD = 'demo-staff-2026'
/** The setup key of the demo staff account's authenticator app (published: local mode only). */
export const DEMO_STAFF_AUTHENTICATOR_KEY = 'DEMOSTAFFTESTERSCIRCLELOCALONLYA'
/** The demo brand viewer, a user of the demo brand Little Meadow (suite/seed/catalogue.ts); local mode only. */
export const DEMO_BRAND_EMAIL = 'brand@testerscircle.example'
export const DEMO_BRAND_PASSWORD = 'demo-brand-2026'
export const DEMO_BRAND_AUTHENTICATOR_KEY = 'DEMOBRANDTESTERSCIRCLELOCALONLYB'

/**
 * @param {{ port: number, authEmulatorHost: string, dataDir: string, quiet?: boolean, logFile?: string, env?: Record<string, string>, from?: 'build' | 'sources', nodeArgs?: string[] }} options  nodeArgs: given to node before the program (a profiler's flags)
 */
export function startSuite({ port, authEmulatorHost, dataDir, quiet = false, logFile, env = {}, from = 'build', nodeArgs = [] }) {
  return startNode('suite', [...nodeArgs, ...memberApiCommand(from)], {
    quiet,
    logFile,
    env: {
      SUITE_MODE: 'local',
      SUITE_PORT: String(port),
      SUITE_HOST: '127.0.0.1',
      SUITE_DATA_DIR: dataDir,
      SUITE_SEED: 'demo',
      // The portal in front forwards each browser's address (the log collector's rate limit).
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
      GCLOUD_PROJECT: 'demo-portal',
      LOG_LEVEL: quiet ? 'warn' : 'info',
      ...env,
    },
  })
}
