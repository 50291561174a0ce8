// What the benchmark scripts (run.mjs, suite/bench/api.mjs) share: everything they start is
// stopped at the end or on Ctrl-C, processes are waited for until they answer, and databases on
// the BENCH_DATABASE_URL server are made for one run and dropped after it; staff and brand calls get
// the second-factor pass a signed-in session holds.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import postgres from 'postgres'
import { MEMBER_INFO_PATH, PARTICIPATIONS_PATH } from '../../contract/paths.ts'
import { freePort } from '../lib/auth-emulator.mjs'
import { CHROMIUM_ARGS, findChromium } from '../lib/browser.mjs'
import { startNode, waitForHttp } from '../lib/processes.mjs'
import { DEMO_EMAIL, DEMO_PASSWORD, startSuite } from '../lib/suite.mjs'

/**
 * Undo steps, run last-in first-out once (at the end, or on SIGINT/SIGTERM), then `tmp` removed.
 * `started(handle)` registers a node process: it never outlives the script, even when started
 * during a cleanup.
 */
export function runScope(tmp) {
  const cleanups = []
  let cleaning = null
  const cleanUp = () => {
    cleaning ??= (async () => {
      for (const undo of cleanups.reverse()) {
        try {
          await undo()
        } catch (error) {
          console.error(`cleanup: ${error instanceof Error ? error.message : error}`)
        }
      }
      rmSync(tmp, { recursive: true, force: true })
    })()
    return cleaning
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping everything the benchmark started…`)
      void cleanUp().finally(() => process.exit(130))
    })
  }
  // One exit listener for every process started, however many (one each would pass Node's limit of ten).
  const children = new Set()
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL')
  })
  const started = (handle) => {
    cleanups.push(() => handle.stop())
    children.add(handle.child)
    return handle
  }
  /** A database of its own on the server of `databaseUrl`, dropped at the end; returns its address. */
  const throwAwayDatabase = async (databaseUrl, prefix) => {
    const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    try {
      await admin.unsafe(`create database ${name}`)
    } finally {
      await admin.end()
    }
    cleanups.push(async () => {
      const cleanup = postgres(databaseUrl, { max: 1, onnotice: () => {} })
      try {
        await cleanup.unsafe(`drop database if exists ${name} with (force)`)
      } finally {
        await cleanup.end()
      }
    })
    const url = new URL(databaseUrl)
    url.pathname = `/${name}`
    return url.toString()
  }
  /** Whether the cleanup has begun (after Ctrl-C, processes stopping under it are no news). */
  const cleaningStarted = () => cleaning !== null
  return { cleanups, cleanUp, cleaningStarted, started, throwAwayDatabase }
}

/** Waits until a started process answers at `url`; if it does not, says which and shows its output. */
export async function waitUntilUp(handle, url, timeoutMs = 120_000) {
  try {
    await waitForHttp(url, { isAlive: handle.isAlive, timeoutMs })
  } catch (error) {
    throw new Error(`${handle.name} did not start: ${error instanceof Error ? error.message : error}\n${handle.output()}`)
  }
}

/**
 * The second-factor pass a staff or brand session sends with every call (x-second-factor-pass): the
 * account's authenticator gets one (local mode's command) unless it holds one, and its current code
 * is verified, as the two-step page would.
 */
export async function secondFactorPass(base, email, token) {
  const ops = (body) => fetch(`${base}/suite/api/dev/ops`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  let code = await ops({ command: 'second-factor-code', email })
  if (!code.ok) {
    const key = Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[byte % 32]).join('')
    const enrolled = await ops({ command: 'second-factor-enrol', email, key })
    if (!enrolled.ok) throw new Error(`${email} could not be given an authenticator: ${enrolled.status} ${await enrolled.text()}`)
    code = await ops({ command: 'second-factor-code', email })
  }
  const { data } = await code.json()
  const verified = await fetch(`${base}/suite/api/second-factor/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ method: 'totp', code: data?.code }),
  })
  const json = await verified.json()
  if (!json.data?.pass) throw new Error(`${email} passed no second factor: ${verified.status} ${JSON.stringify(json)}`)
  return json.data.pass
}

/** Signs a user in at the Auth emulator with their password (its REST API), as the portal's sign-in does: their ID token and uid. */
export async function emulatorSignIn(emulatorHost, email, password) {
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const body = await response.json()
  if (!body.idToken) throw new Error(`${email} could not sign in: ${JSON.stringify(body)}`)
  return { idToken: body.idToken, uid: body.localId }
}

/** Signs the demo member in on the portal's login page, as a member would; returns the session cookie. */
export async function portalSessionCookie(browser, portalUrl) {
  const context = await browser.newContext({ baseURL: portalUrl })
  try {
    const page = await context.newPage()
    await page.goto('/en/user/login', { waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByLabel('E-mail address').fill(DEMO_EMAIL)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/en/user/login'), { timeout: 30_000 })
    const cookie = (await context.cookies()).find((c) => c.name === '__session' || c.name === '__Host-session')
    if (!cookie) throw new Error('Signed in, but the portal set no session cookie')
    return `${cookie.name}=${cookie.value}`
  } finally {
    await context.close()
  }
}

/**
 * The demo member's session cookie on each of these portals, signed in on each login page in a
 * Chromium of its own, closed again (the benches that need no browser beyond that).
 */
export async function portalSessionCookies(portalUrls) {
  const executablePath = findChromium()
  if (!executablePath) throw new Error('No Chromium found (CHROMIUM_PATH to point at one): the demo member signs in on the login page.')
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS.filter((arg) => arg !== '--headless'), headless: true })
  try {
    const cookies = []
    for (const url of portalUrls) cookies.push(await portalSessionCookie(browser, url))
    return cookies
  } finally {
    await browser.close()
  }
}

const root = resolve(import.meta.dirname, '../..')
const vite = resolve(root, 'node_modules/vite/bin/vite.js')

/** `vite build` with these arguments and environment, as a process `started` stops on Ctrl-C. */
export async function viteBuild(started, name, args, env, cwd = undefined) {
  const child = started(startNode(name, [vite, 'build', ...args], { env, quiet: true, cwd }))
  const { code } = await child.exited
  if (code !== 0) throw new Error(`${name} failed:\n${child.output()}`)
}

/**
 * The portal's production build into `outputDir` (never .output/), leaving nitro's pointer to "the
 * last build" as it was; from the sources in `cwd` when given (a worktree of another commit), with
 * `viteArgs` added to vite's (`--sourcemap`, say).
 */
export async function buildPortal(started, outputDir, { cwd, name = 'portal build', viteArgs = [] } = {}) {
  const lastBuild = resolve(root, 'node_modules/.nitro/last-build.json')
  const lastBuildBefore = existsSync(lastBuild) ? readFileSync(lastBuild) : null
  await viteBuild(started, name, ['--logLevel', 'error', ...viteArgs], { PORTAL_OUTPUT_DIR: outputDir }, cwd)
  if (lastBuildBefore) writeFileSync(lastBuild, lastBuildBefore)
}

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()

/**
 * Something built from each git ref of `refs` (`.` is the working tree; another ref is built in a
 * worktree of its commit under `tmp`, with this checkout's dependencies) by `build(sources, index,
 * commit)`, where `sources` is the folder of the ref's files and `commit` its short hash (null for
 * the working tree). A ref named again is built again, labelled "build 2" and so on: its difference
 * from the first build is the run's own noise. Returns each build's label and what `build` returned, in order.
 */
async function buildRefs(started, tmp, refs, build) {
  const builds = []
  for (const [index, ref] of refs.entries()) {
    let label = 'working tree'
    let built
    if (ref === '.') {
      built = await build(root, index, null)
    } else {
      const commit = git('rev-parse', '--short', `${ref}^{commit}`)
      const source = resolve(tmp, `src-${index}`)
      git('worktree', 'add', '--detach', source, commit)
      started({ stop: () => git('worktree', 'remove', '--force', source), child: { kill: () => {} } })
      if (git('diff', '--name-only', commit, '--', 'package-lock.json') !== '')
        console.warn(`${ref} (${commit}) has other dependencies than the working tree; it is built with the working tree's.`)
      symlinkSync(resolve(root, 'node_modules'), resolve(source, 'node_modules'))
      built = await build(source, index, commit)
      label = `${ref} (${commit})`
    }
    const earlier = refs.slice(0, index).filter((other) => other === ref).length
    builds.push({ label: earlier > 0 ? `${label}, build ${earlier + 1}` : label, ...built })
  }
  return builds
}

/** The bare TanStack Start page (scripts/bench/anchors/start/), built into `outputDir`. */
export const buildStartAnchor = (started, outputDir) =>
  viteBuild(started, 'anchor build', ['--config', resolve(root, 'scripts/bench/anchors/start/vite.config.mjs'), '--logLevel', 'error'], {
    BENCH_ANCHOR_OUTPUT_DIR: outputDir,
  })

/** The bare TanStack Start page's build (`buildDir`) started; its address once it answers. */
export async function startStartAnchor(started, buildDir) {
  const port = await freePort()
  const anchor = started(startNode('anchor-start', [resolve(buildDir, 'server/index.mjs')], { quiet: true, env: { PORT: String(port), HOST: '127.0.0.1' } }))
  const url = `http://127.0.0.1:${port}/`
  await waitUntilUp(anchor, url)
  return url
}

/** The portal built from each git ref of `refs` (see buildRefs) into `tmp`/portal-<n>: each build's label and `outputDir`. */
export const buildPortalRefs = (started, tmp, refs) =>
  buildRefs(started, tmp, refs, async (sources, index, commit) => {
    const outputDir = resolve(tmp, `portal-${index}`)
    await buildPortal(started, outputDir, commit ? { cwd: sources, name: `portal build (${commit})` } : { name: 'portal build (working tree)' })
    return { outputDir }
  })

/**
 * The member API built from each git ref of `refs` (see buildRefs) by that ref's own build script:
 * each build's label and `server` (its entry point, under `tmp`).
 */
export const buildMemberApiRefs = (started, tmp, refs) =>
  buildRefs(started, tmp, refs, async (sources, index, commit) => {
    const name = `member API build (${commit ?? 'working tree'})`
    // The build script writes to its checkout's dist/member-api; the working tree's is copied away
    // from there, so a later change to the sources cannot change what is measured.
    const child = started(startNode(name, [resolve(sources, 'scripts/build-suite.mjs')], { quiet: true, cwd: sources }))
    const { code } = await child.exited
    if (code !== 0) throw new Error(`${name} failed:\n${child.output()}`)
    const outputDir = resolve(tmp, `member-api-${index}`)
    cpSync(resolve(sources, 'dist/member-api'), outputDir, { recursive: true })
    return { server: resolve(outputDir, 'server.mjs') }
  })

/** The member-page anchor (scripts/bench/anchors/start/member-src/): the bare stack doing a member page's work. */
export const buildMemberAnchor = (started, outputDir) =>
  viteBuild(started, 'member-page anchor build', ['--config', resolve(root, 'scripts/bench/anchors/start/vite.config.mjs'), '--logLevel', 'error'], {
    BENCH_ANCHOR_APP: 'member-src',
    BENCH_ANCHOR_OUTPUT_DIR: outputDir,
  })

/**
 * A portal build (`buildDir`) started in local mode, in production's build, in front of the member
 * API at `suiteUrl` and the Auth emulator `emulator`; `nodeArgs` go to node (a profiler's flags),
 * `launcher` starts node (see startNode). Answers once its home page does (within `upWithinMs`).
 */
export async function startPortalBuild(started, buildDir, { emulator, suiteUrl, nodeArgs = [], launcher = [], upWithinMs = undefined }) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const portal = started(
    startNode('portal', [...nodeArgs, resolve(buildDir, 'server/index.mjs')], {
      quiet: true,
      launcher,
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        PORTAL_URL: url,
        NODE_ENV: 'production',
        PORTAL_MODE: 'local',
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        GCLOUD_PROJECT: emulator.projectId,
        SUITE_URL: suiteUrl,
      },
    }),
  )
  await waitUntilUp(portal, `${url}/en`, upWithinMs)
  return { portal, url }
}

/**
 * The member-page anchor's build (buildMemberAnchor) started in front of the member API at
 * `suiteUrl`, asking it for the demo member's two answers with `idToken`, and checking each
 * request's session cookie with the Auth emulator `emulator`, as the portal does; `nodeArgs` go to
 * node (a profiler's flags), `launcher` starts node (see startNode). Answers once its page does
 * (within `upWithinMs`).
 */
export async function startMemberAnchor(started, buildDir, { suiteUrl, idToken, emulator, nodeArgs = [], launcher = [], upWithinMs = undefined }) {
  const port = await freePort()
  const anchor = started(
    startNode('anchor-member', [...nodeArgs, resolve(buildDir, 'server/index.mjs')], {
      quiet: true,
      launcher,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        GCLOUD_PROJECT: emulator.projectId,
        ANCHOR_INFO_URL: `${suiteUrl}/${MEMBER_INFO_PATH}`,
        ANCHOR_LIST_URL: `${suiteUrl}/${PARTICIPATIONS_PATH}`,
        ANCHOR_ID_TOKEN: idToken,
      },
    }),
  )
  const url = `http://127.0.0.1:${port}/member`
  await waitUntilUp(anchor, url, upWithinMs)
  return { anchor, url }
}

/** Runs a bench script's `main`, printing its failure and setting the exit code, then `cleanUp` whatever happened. */
export function runScript(main, cleanUp) {
  return main()
    .catch((error) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error)
      process.exitCode = 1
    })
    .finally(cleanUp)
}

/**
 * The member API (its build, local mode) on the PostgreSQL database `databaseUrl`, its embedded
 * database's folder under `tmp` left unused; `nodeArgs` go to node (a profiler's flags). Returns its
 * address once it is ready.
 */
export async function startMemberApiOnPostgres(started, { emulatorHost, tmp, databaseUrl, nodeArgs = [] }) {
  const port = await freePort()
  const suite = started(
    startSuite({ port, authEmulatorHost: emulatorHost, dataDir: resolve(tmp, 'pglite-unused'), quiet: true, nodeArgs, env: { DATABASE_URL: databaseUrl } }),
  )
  const url = `http://127.0.0.1:${port}`
  await waitUntilUp(suite, `${url}/readyz`)
  return url
}

/** BENCH_DATABASE_URL, which a bench on PostgreSQL needs; without it the script says so and exits. */
export function requiredBenchDatabase() {
  const databaseUrl = process.env.BENCH_DATABASE_URL
  if (!databaseUrl) {
    console.error('Set BENCH_DATABASE_URL to a PostgreSQL server (postgres://postgres@127.0.0.1:5432/test here).')
    process.exit(1)
  }
  return databaseUrl
}

/** Before any build: the demo member signs in on the portal's login page, in a Chromium. */
export function requireSignInBrowser() {
  if (!findChromium()) throw new Error('No Chromium found (CHROMIUM_PATH to point at one): the demo member signs in on the login page.')
}

/**
 * What a member-page bench loads, in front of the Auth emulator `emulator`: the member API (its
 * build) on a throw-away database of `databaseUrl`'s server with the demo data, each portal build of
 * `portalDirs` and the member-page anchor's build `anchorDir`, and the demo member signed in on
 * each portal. `portalNodeArgs(index)` and `anchorNodeArgs` go to node (a profiler's flags).
 * Returns each portal's address with its session cookie, and the anchor's address.
 */
export async function startMemberPageStage(
  { started, throwAwayDatabase },
  { emulator, tmp, databaseUrl, databaseName, portalDirs, anchorDir, portalNodeArgs = () => [], anchorNodeArgs = [] },
) {
  const suiteUrl = await startMemberApiOnPostgres(started, {
    emulatorHost: emulator.host,
    tmp,
    databaseUrl: await throwAwayDatabase(databaseUrl, databaseName),
  })
  const portalUrls = []
  for (const [index, buildDir] of portalDirs.entries()) {
    portalUrls.push((await startPortalBuild(started, buildDir, { emulator, suiteUrl, nodeArgs: portalNodeArgs(index) })).url)
  }
  const { idToken } = await emulatorSignIn(emulator.host, DEMO_EMAIL, DEMO_PASSWORD)
  const { url: anchorUrl } = await startMemberAnchor(started, anchorDir, { suiteUrl, idToken, emulator, nodeArgs: anchorNodeArgs })
  const cookies = await portalSessionCookies(portalUrls)
  return { portals: portalUrls.map((url, index) => ({ url, cookie: cookies[index] })), anchorUrl }
}
