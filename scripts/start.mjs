// `npm start`: the whole product in local mode — the Firebase Auth emulator (users kept in .data/auth),
// the member API on the embedded database (.data/pglite, demo data on first start), then the
// portal's production build at http://localhost:3000/en. Ctrl-C stops everything cleanly.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { emailFromEmulatorLine } from './lib/action-links.mjs'
import { startAuthEmulator } from './lib/auth-emulator.mjs'
import { memberApiBuildIsCurrent } from './build-suite.mjs'
import { buildFingerprint, buildIsCurrent, recordBuild } from './lib/build-fingerprint.mjs'
import { startNode, waitForHttp } from './lib/processes.mjs'
import {
  DEMO_BRAND_EMAIL,
  DEMO_BRAND_PASSWORD,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_STAFF_EMAIL,
  DEMO_STAFF_PASSWORD,
  DEMO_STAFF_AUTHENTICATOR_KEY,
  DEMO_BRAND_AUTHENTICATOR_KEY,
  startSuite,
} from './lib/suite.mjs'

const root = resolve(import.meta.dirname, '..')
const PORTAL_PORT = Number(process.env.PORT ?? 3000)
const AUTH_PORT = Number(process.env.AUTH_EMULATOR_PORT ?? 9099)
const SUITE_PORT = Number(process.env.SUITE_PORT ?? 8787)

if (process.env.NODE_ENV === 'production') {
  console.error(
    'npm start runs the local mode. In production, build with `npm run build` and run `node .output/server/index.mjs` (the portal) and `node dist/member-api/server.mjs` (the member API) with the production configuration (see README).',
  )
  process.exit(1)
}

const running = []
let stopping = false
async function stopAll(code = 0) {
  if (stopping) return
  stopping = true
  console.log('\nStopping…')
  for (const service of running.reverse()) await service.stop().catch(() => {})
  process.exit(code)
}
process.on('SIGINT', () => void stopAll(0))
process.on('SIGTERM', () => void stopAll(0))

try {
  // The build runs while the emulator and the member API start (they do not need it); the portal
  // starts once both are done.
  const outputDir = resolve(root, process.env.PORTAL_OUTPUT_DIR ?? '.output')
  const fingerprint = buildFingerprint(root)
  let build = null
  if (buildIsCurrent(outputDir, fingerprint)) {
    console.log('The portal is built already (nothing changed since the last build).')
  } else {
    console.log('Building the portal…')
    build = startNode('build', [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { quiet: true })
    running.push(build)
  }

  // The member API starts beside the emulator (it creates the demo member once the emulator
  // answers), except when the emulator brings back users from .data/auth: then it waits for the
  // import to finish, so that the demo member is found rather than created a second time.
  const authDataDir = resolve(root, '.data/auth')
  const importsUsers = existsSync(resolve(authDataDir, 'firebase-export-metadata.json'))
  console.log('Starting the identity emulator (Firebase Auth, project demo-portal)…')
  const emulatorStarted = startAuthEmulator({
    port: AUTH_PORT,
    hubPort: AUTH_PORT + 1,
    loggingPort: AUTH_PORT + 2,
    workDir: resolve(root, '.data/firebase'),
    dataDir: authDataDir,
    // Local mode sends no e-mail: the emulator prints each link a member would receive, rewritten to
    // open the portal's page with its code, as the production e-mails do.
    log: (line) => {
      const email = emailFromEmulatorLine(line, `http://localhost:${PORTAL_PORT}`)
      if (email) console.log(`[e-mail] ${email}`)
    },
  })
  emulatorStarted.catch(() => {}) // reported where it is awaited below
  if (importsUsers) running.push(await emulatorStarted)

  // The member API runs its production build, as in production: rebuilt first when its sources
  // changed (a few seconds; `npm run suite` runs the sources through tsx instead).
  if (!memberApiBuildIsCurrent()) console.log('Building the member API…')
  console.log('Starting the member API (embedded PostgreSQL in .data/pglite)…')
  const suite = startSuite({ port: SUITE_PORT, authEmulatorHost: `127.0.0.1:${AUTH_PORT}`, dataDir: resolve(root, '.data/pglite') })
  running.push(suite)
  const emulator = await emulatorStarted
  if (!importsUsers) running.push(emulator)
  await waitForHttp(`http://127.0.0.1:${SUITE_PORT}/readyz`, { isAlive: suite.isAlive })
  suite.exited.then(() => stopAll(1))

  if (build) {
    const { code } = await build.exited
    if (code !== 0) throw new Error(`The build failed:\n${build.output()}`)
    recordBuild(outputDir, fingerprint)
  }

  const portal = startNode('portal', [resolve(outputDir, 'server/index.mjs')], {
    env: {
      PORT: String(PORTAL_PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PORTAL_MODE: 'local',
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      GCLOUD_PROJECT: emulator.projectId,
      SUITE_URL: `http://127.0.0.1:${SUITE_PORT}`,
      PORTAL_URL: `http://localhost:${PORTAL_PORT}`,
    },
  })
  running.push(portal)
  await waitForHttp(`http://127.0.0.1:${PORTAL_PORT}/en`, { isAlive: portal.isAlive })
  portal.exited.then(() => stopAll(1))

  console.log(`\nTesters Circle is running in local mode: http://localhost:${PORTAL_PORT}/en`)
  console.log(`Demo member: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`)
  console.log(`Demo staff (every console role): ${DEMO_STAFF_EMAIL} / ${DEMO_STAFF_PASSWORD} — console at http://localhost:${PORTAL_PORT}/en/ops`)
  console.log(`Demo brand user (Little Meadow): ${DEMO_BRAND_EMAIL} / ${DEMO_BRAND_PASSWORD} — its pages at http://localhost:${PORTAL_PORT}/en/brand`)
  console.log(`  Both then ask for a code from an authenticator app: add the setup key ${DEMO_STAFF_AUTHENTICATOR_KEY} (staff) or`)
  console.log(`  ${DEMO_BRAND_AUTHENTICATOR_KEY} (brand) to one, or print the current code: npm run suite:ops -- second-factor-code <e-mail>`)
  console.log(`E-mails and text messages sent in local mode: http://127.0.0.1:${SUITE_PORT}/suite/api/dev/outbox`)
  console.log('Press Ctrl-C to stop.')
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await stopAll(1)
}
