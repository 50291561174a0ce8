// `npm run bench:profile-page`: where the portal's member page spends its time under load, beside
// the member-page anchor (scripts/bench/anchors/start/member-src/: the bare TanStack Start stack
// doing a member page's work). Builds both, starts an Auth emulator and the member API (its build, on
// a throw-away PostgreSQL database with the demo data), then the portal and the anchor in front of it,
// each with the inspector on; signs the demo member in on the portal's login page; loads the anchor,
// then /en/member/campaigns, at 20 connections, with V8's CPU profiler running during that load only;
// prints each one's busy time per request and its busiest functions and files. The profiles are kept
// in .data/ to open in Chrome's DevTools, each beside the page's HTML as it was served.
//
//   BENCH_DATABASE_URL  PostgreSQL server for the throw-away database (required)
//   BENCH_SECONDS       seconds of load per target (default 8, after a 2 s warm-up)
//   BENCH_PAGE          the portal's page to profile (default /en/member/campaigns)
import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { freePort, startAuthEmulator } from '../lib/auth-emulator.mjs'
import { load, loadWithCpu, pageShape, printProfile, profileDuring, table } from './measure.mjs'
import { buildMemberAnchor, buildPortal, requiredBenchDatabase, requireSignInBrowser, runScope, runScript, startMemberPageStage } from './run-support.mjs'

const root = resolve(import.meta.dirname, '../..')
const DATABASE_URL = requiredBenchDatabase()
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const PAGE = process.env.BENCH_PAGE ?? '/en/member/campaigns'
const CONNECTIONS = 20
const HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' }
if (!PAGE.startsWith('/')) {
  console.error('BENCH_PAGE is a path of the portal, such as /en/member/campaigns.')
  process.exit(1)
}

const tmp = resolve(root, `.data/bench-profile-page-${process.pid}`)
const scope = runScope(tmp)
const { cleanUp, started } = scope

async function main() {
  mkdirSync(tmp, { recursive: true })
  // Before the builds: no Chromium, no sign-in.
  requireSignInBrowser()
  await buildPortal(started, resolve(tmp, 'portal'))
  await buildMemberAnchor(started, resolve(tmp, 'anchor-member'))

  const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(tmp, 'firebase') })
  try {
    const portalInspect = await freePort()
    const anchorInspect = await freePort()
    const {
      portals: [{ url: portalUrl, cookie }],
      anchorUrl,
    } = await startMemberPageStage(scope, {
      emulator,
      tmp,
      databaseUrl: DATABASE_URL,
      databaseName: 'bench_profile_page',
      portalDirs: [resolve(tmp, 'portal')],
      anchorDir: resolve(tmp, 'anchor-member'),
      portalNodeArgs: () => [`--inspect=127.0.0.1:${portalInspect}`],
      anchorNodeArgs: [`--inspect=127.0.0.1:${anchorInspect}`],
    })

    const targets = [
      { name: 'member-page anchor', url: anchorUrl, inspect: anchorInspect },
      { name: `portal ${PAGE}`, url: `${portalUrl}${PAGE}`, inspect: portalInspect },
    ]
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const results = []
    for (const target of targets) {
      const headers = { ...HEADERS, cookie }
      const path = resolve(root, `.data/bench-profile-${stamp}-${target.name.replace(/[^a-z]+/gi, '-').toLowerCase()}.cpuprofile`)
      const check = await fetch(target.url, { headers: { ...headers, 'accept-encoding': 'identity' }, redirect: 'manual' })
      const html = await check.text()
      if (check.status !== 200) throw new Error(`${target.name} answers ${check.status}, not 200`)
      // The page as served, beside its profile: what was rendered, element by element.
      writeFileSync(path.replace(/\.cpuprofile$/, '.html'), html)
      await load(target.url, { connections: CONNECTIONS, seconds: Math.min(2, SECONDS), headers })
      // Main-thread CPU from /proc as well: the profiler's own cost is left in both.
      const r = await loadWithCpu(target.url, { connections: CONNECTIONS, seconds: SECONDS, headers }, (run) => profileDuring(target.inspect, path, run))
      if (r.errors > 0) throw new Error(`${target.name}: ${r.errors} errors under load`)
      results.push({ ...target, ...r, path, shape: pageShape(html) })
    }
    for (const { name, requests, path } of results) printProfile(name, path, requests)
    console.log(
      table(
        ['target', 'req/s', 'p99 ms', 'main-thread ms/request', 'page bytes', 'body elements'],
        results.map((r) => [r.name, r.rps.toFixed(0), String(r.p99), (r.mainMsPerRequest ?? NaN).toFixed(3), String(r.shape.bytes), String(r.shape.elements)]),
      ),
    )
  } finally {
    await emulator.stop()
  }
}

void runScript(main, cleanUp)
