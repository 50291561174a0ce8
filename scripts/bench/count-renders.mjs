// `npm run bench:count-renders`: how many React components the server renders for one member page,
// in the portal and in the member-page anchor, component by component. A count does not move with
// the machine's load as CPU time does, so a change that renders fewer components shows exactly,
// where `bench:compare-page` needs a quiet machine to tell a few per cent apart.
//
// Builds both (the portal from the working tree), starts an Auth emulator and the member API (its
// build, on a throw-away PostgreSQL database with the demo data), then the portal and the anchor in
// front of it; signs the demo member in; warms each with 200 requests, then counts React's component
// renders over 10 requests. The count comes from React's server renderer in each build, which is
// given a counter at its one entry for function components (renderWithHooks); the builds are thrown
// away afterwards. Class components and host elements are not counted.
//
//   BENCH_DATABASE_URL  PostgreSQL server for the throw-away database (required)
//   BENCH_PAGE          the portal's page (default /en/member/campaigns)
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { startAuthEmulator } from '../lib/auth-emulator.mjs'
import { listeningPid, table } from './measure.mjs'
import { buildMemberAnchor, buildPortal, requiredBenchDatabase, requireSignInBrowser, runScope, runScript, startMemberPageStage } from './run-support.mjs'

const root = resolve(import.meta.dirname, '../..')
const DATABASE_URL = requiredBenchDatabase()
const PAGE = process.env.BENCH_PAGE ?? '/en/member/campaigns'
const COUNTED = 10
const HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' }

const tmp = resolve(root, `.data/bench-count-renders-${process.pid}`)
const scope = runScope(tmp)
const { cleanUp, started } = scope

const RENDER_ENTRY = 'function renderWithHooks(request, task, keyPath, Component, props, secondArg) {'

/**
 * Gives the React server renderer in a build a render counter, switched on and off by SIGUSR2: on,
 * it writes `countsFile`.on; off, the counts to `countsFile`. Every copy of the renderer in the
 * bundle (node's and the web streams' builds) counts; one switch serves them all.
 */
function addRenderCounter(buildDir, countsFile) {
  const libs = resolve(buildDir, 'server/_libs')
  let patched = 0
  for (const file of readdirSync(libs, { recursive: true })) {
    const path = resolve(libs, String(file))
    if (!path.endsWith('.mjs')) continue
    const source = readFileSync(path, 'utf8')
    if (!source.includes(RENDER_ENTRY)) continue
    const counting = `\n\tif (globalThis.__renderCounts) { const name = Component.displayName || Component.name || '(anonymous)'; globalThis.__renderCounts.set(name, (globalThis.__renderCounts.get(name) ?? 0) + 1) }`
    const toggle =
      `if (!globalThis.__renderCounter) { globalThis.__renderCounter = true; const fs = process.getBuiltinModule('node:fs'); ` +
      `process.on('SIGUSR2', () => { if (!globalThis.__renderCounts) { globalThis.__renderCounts = new Map(); fs.writeFileSync(${JSON.stringify(`${countsFile}.on`)}, '') } ` +
      `else { fs.writeFileSync(${JSON.stringify(`${countsFile}.part`)}, JSON.stringify([...globalThis.__renderCounts])); fs.renameSync(${JSON.stringify(`${countsFile}.part`)}, ${JSON.stringify(countsFile)}); globalThis.__renderCounts = null } }) }\n`
    writeFileSync(path, toggle + source.replaceAll(RENDER_ENTRY, RENDER_ENTRY + counting))
    patched++
  }
  if (patched === 0) throw new Error(`No React server renderer found in ${buildDir}: React's internals have changed; adapt addRenderCounter.`)
}

async function fileWritten(path, failure) {
  for (let waited = 0; !existsSync(path); waited += 100) {
    if (waited > 30_000) throw new Error(failure)
    await new Promise((done) => setTimeout(done, 100))
  }
}

async function countRenders(target) {
  const headers = { ...HEADERS, cookie: target.cookie }
  const get = async () => {
    const response = await fetch(target.url, { headers, redirect: 'manual' })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${target.name} answers ${response.status}, not 200`)
  }
  for (let i = 0; i < 200; i++) await get()
  const pid = listeningPid(new URL(target.url).port)
  // The signal is handled between two turns of the target's event loop: each switch is waited for.
  process.kill(pid, 'SIGUSR2')
  await fileWritten(`${target.countsFile}.on`, `${target.name} did not start counting`)
  for (let i = 0; i < COUNTED; i++) await get()
  process.kill(pid, 'SIGUSR2')
  await fileWritten(target.countsFile, `${target.name} wrote no counts`)
  return new Map(JSON.parse(readFileSync(target.countsFile, 'utf8')).map(([name, count]) => [name, count / COUNTED]))
}

async function main() {
  mkdirSync(tmp, { recursive: true })
  requireSignInBrowser()
  const portalDir = resolve(tmp, 'portal')
  const anchorDir = resolve(tmp, 'anchor-member')
  await buildPortal(started, portalDir)
  await buildMemberAnchor(started, anchorDir)
  addRenderCounter(portalDir, resolve(tmp, 'portal-counts.json'))
  addRenderCounter(anchorDir, resolve(tmp, 'anchor-counts.json'))

  const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(tmp, 'firebase') })
  try {
    const {
      portals: [{ url: portalUrl, cookie }],
      anchorUrl,
    } = await startMemberPageStage(scope, { emulator, tmp, databaseUrl: DATABASE_URL, databaseName: 'bench_count_renders', portalDirs: [portalDir], anchorDir })
    // The anchor checks the session cookie as the portal does: the portal's will do.
    const anchor = await countRenders({ name: 'member-page anchor', url: anchorUrl, cookie, countsFile: resolve(tmp, 'anchor-counts.json') })
    const portal = await countRenders({ name: `portal ${PAGE}`, url: `${portalUrl}${PAGE}`, cookie, countsFile: resolve(tmp, 'portal-counts.json') })

    const total = (counts) => [...counts.values()].reduce((sum, count) => sum + count, 0)
    const names = [...new Set([...portal.keys(), ...anchor.keys()])].sort(
      (a, b) => (portal.get(b) ?? 0) - (portal.get(a) ?? 0) || (anchor.get(b) ?? 0) - (anchor.get(a) ?? 0) || a.localeCompare(b),
    )
    console.log(
      `\nComponent renders per request of ${PAGE} (function components, counted over ${COUNTED} requests):\n` +
        table(
          ['component', 'member-page anchor', 'portal'],
          [...names.map((name) => [name, String(anchor.get(name) ?? 0), String(portal.get(name) ?? 0)]), ['all', String(total(anchor)), String(total(portal))]],
        ),
    )
  } finally {
    await emulator.stop()
  }
}

void runScript(main, cleanUp)
