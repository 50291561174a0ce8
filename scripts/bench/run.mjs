// `npm run bench`: the portal and the member API under load, side by side with bare anchors of the
// same stack (scripts/bench/anchors/), in one run on this machine. Absolute req/s swing between
// runs on shared machines; the ratio to the anchor measured in the same run is the number to watch.
//
// Builds the portal (into a throw-away directory, never .output/) and the bare TanStack Start
// anchor; starts an Auth emulator, the member API on PGlite with demo data (the portal's upstream),
// the member API on PostgreSQL and the bare Hono + PostgreSQL anchor (each on a throw-away database),
// and a second portal in front of the member API on PostgreSQL (its member page is a row of its own),
// and a member-page anchor: the bare stack doing a member page's work against the same member API
// (scripts/bench/anchors/start/member-src/), which the member page is also compared with;
// loads each target in turn; prints req/s, p50, p99, errors and the ratio to the anchor (and the serving
// process's CPU per request, with the same ratio by CPU, where Linux's /proc tells it), then the
// bytes a first visit downloads, then the Lighthouse mobile scores (performance, accessibility, best
// practices, SEO; with LCP, TBT and CLS) of /en, /en/reviews, /en/user/login and the anchor page, one
// run at a time, with the audits that keep a page below the goals (performance 95, the others 100);
// the Lighthouse JSON reports are kept in .data/lighthouse-<time>/. Everything else it started or
// created is removed at the end, also on failure or Ctrl-C.
//
//   BENCH_SECONDS        seconds of load per target (default 10; each target also gets a short warm-up)
//   BENCH_DATABASE_URL   PostgreSQL server for the PostgreSQL targets and the console rows (skipped, with a message, when unset)
//   BENCH_LARGE_DATABASE_URL  a database filled by `npm run db:large`: the large-database rows (scripts/bench/large.mjs)
//   BENCH_PROFILE=1      afterwards, a CPU profile of the portal under the same load (its own pass,
//                        so the profiler does not slow the measured run); summary printed, file kept
//   BENCH_LIGHTHOUSE_RUNS  Lighthouse runs per page (default 3; the pages take turns): the table shows each
//                        page's median run by performance score, as one run swings by 10 to 20 points here
//   BENCH_ONLY=lighthouse  Lighthouse alone: no load targets (autocannon), no page weight, no PostgreSQL
//                        targets, no profile; still builds and starts the portal and the anchor
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { MEMBER_INFO_PATH, PUBLIC_REVIEWS_PATH } from '../../contract/paths.ts'
import { freePort, startAuthEmulator } from '../lib/auth-emulator.mjs'
import { CHROMIUM_ARGS, findChromium } from '../lib/browser.mjs'
import { startNode } from '../lib/processes.mjs'
import { DEMO_EMAIL, DEMO_PASSWORD, startSuite } from '../lib/suite.mjs'
import { GOALS, lighthouseRun, medianRun, startLighthouseChromium } from './lighthouse.mjs'
import { load, loadWithCpu, pageShape, pageWeight, summariseProfile, table } from './measure.mjs'
import {
  buildMemberAnchor,
  buildPortal,
  buildStartAnchor,
  emulatorSignIn,
  portalSessionCookie,
  runScope,
  startMemberAnchor,
  startMemberApiOnPostgres,
  startPortalBuild,
  startStartAnchor,
  waitUntilUp,
} from './run-support.mjs'

const root = resolve(import.meta.dirname, '../..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = Math.min(2, SECONDS)
const DATABASE_URL = process.env.BENCH_DATABASE_URL
const PROFILE = process.env.BENCH_PROFILE === '1'
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
const ONLY = process.env.BENCH_ONLY
const LIGHTHOUSE_ONLY = ONLY === 'lighthouse'
const PAGE_CONNECTIONS = 20
const API_CONNECTIONS = 50
// What a browser sends: the servers may compress, and the anchors are asked the same way.
const BROWSER_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' }

if (!Number.isFinite(SECONDS) || SECONDS <= 0 || SECONDS > 300) {
  console.error('BENCH_SECONDS must be a number of seconds between 1 and 300.')
  process.exit(1)
}
if (!Number.isInteger(LIGHTHOUSE_RUNS) || LIGHTHOUSE_RUNS < 1 || LIGHTHOUSE_RUNS > 20) {
  console.error('BENCH_LIGHTHOUSE_RUNS must be a whole number of runs between 1 and 20.')
  process.exit(1)
}
if (ONLY !== undefined && !LIGHTHOUSE_ONLY) {
  console.error(`BENCH_ONLY=${ONLY} is not known; the only value is "lighthouse" (unset it to run everything).`)
  process.exit(1)
}
// The profile is taken under the load that BENCH_ONLY=lighthouse skips.
if (LIGHTHOUSE_ONLY && PROFILE) {
  console.error('BENCH_PROFILE=1 profiles the portal under load, which BENCH_ONLY=lighthouse skips: set one or the other.')
  process.exit(1)
}
if (process.env.NODE_ENV === 'production') {
  console.error('npm run bench runs the local mode (Auth emulator, demo data); unset NODE_ENV.')
  process.exit(1)
}

// Everything temporary lives here and goes at the end.
const tmp = resolve(root, `.data/bench-${process.pid}`)
const { cleanups, cleanUp, cleaningStarted, started, throwAwayDatabase: throwAwayOn } = runScope(tmp)
/** A throw-away database on the BENCH_DATABASE_URL server, dropped at the end. */
const throwAwayDatabase = (prefix) => throwAwayOn(DATABASE_URL, prefix)

/** The demo member's ID token, from the emulator's REST API. */
const demoIdToken = (emulatorHost) => emulatorSignIn(emulatorHost, DEMO_EMAIL, DEMO_PASSWORD)

/** Each target answers 2xx before it is loaded; otherwise the load would measure an error page. */
async function checkAnswers(target) {
  const response = await fetch(target.url, { method: target.method, body: target.body, headers: target.headers, redirect: 'manual' })
  const text = await response.text()
  if (response.status >= 300) throw new Error(`${target.name} answers ${response.status} ${response.headers.get('location') ?? ''}, not 2xx`)
  if (response.headers.get('content-type')?.startsWith('text/html')) target.shape = pageShape(text)
}

/**
 * Every script a page names answers 2xx: a build that mixes two builds' files (its pages naming
 * scripts it does not have) would otherwise be measured as a page that never hydrates.
 */
async function checkScripts(name, url) {
  const html = await (await fetch(url)).text()
  for (const [, path] of html.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)) {
    const response = await fetch(new URL(path, url))
    await response.arrayBuffer()
    if (response.status >= 300) throw new Error(`${name} names the script ${path}, which answers ${response.status}: the build is inconsistent`)
  }
}

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—')
const began = Date.now()
const step = (message) => console.log(`[${fmt((Date.now() - began) / 1000).padStart(3)} s] ${message}`)

async function main() {
  mkdirSync(tmp, { recursive: true })
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  const what = LIGHTHOUSE_ONLY ? 'Lighthouse only (BENCH_ONLY=lighthouse)' : `${SECONDS} s per target (+${WARMUP_SECONDS} s warm-up)`
  console.log(`bench: ${what}, ${availableParallelism()} CPUs, Node ${process.versions.node}, commit ${commit}`)
  if (!DATABASE_URL && !LIGHTHOUSE_ONLY)
    console.log('BENCH_DATABASE_URL is not set: the PostgreSQL targets (member API on PostgreSQL, Hono + PostgreSQL anchor) are skipped.')
  const chromiumPath = findChromium()
  if (!chromiumPath) throw new Error('No Chromium found (looked for /usr/bin/chromium and others; CHROMIUM_PATH to point at one).')

  step('Building the portal and the TanStack Start anchor…')
  await buildPortal(started, resolve(tmp, 'portal'))
  await buildStartAnchor(started, resolve(tmp, 'anchor-start'))
  if (!LIGHTHOUSE_ONLY) {
    await buildMemberAnchor(started, resolve(tmp, 'anchor-member'))
  }

  // BENCH_ONLY=lighthouse measures pages only: the PostgreSQL targets are not started.
  const withPostgres = Boolean(DATABASE_URL) && !LIGHTHOUSE_ONLY
  step(`Starting the Auth emulator, the member API (PGlite${withPostgres ? ' and PostgreSQL' : ''}), the portal and the anchors…`)
  const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(tmp, 'firebase') })
  cleanups.push(() => emulator.stop())

  // One at a time: each seeds the demo member, and two at once would both create its account.
  const suitePglitePort = await freePort()
  const suitePglite = started(startSuite({ port: suitePglitePort, authEmulatorHost: emulator.host, dataDir: resolve(tmp, 'pglite'), quiet: true }))
  const suitePgliteUrl = `http://127.0.0.1:${suitePglitePort}`
  await waitUntilUp(suitePglite, `${suitePgliteUrl}/readyz`)

  let suitePgUrl = null
  let anchorHonoUrl = null
  if (withPostgres) {
    suitePgUrl = await startMemberApiOnPostgres(started, { emulatorHost: emulator.host, tmp, databaseUrl: await throwAwayDatabase('bench_suite') })

    // The anchor answers as many bytes as the product's public reviews.
    const productBytes = (await (await fetch(`${suitePgUrl}/${PUBLIC_REVIEWS_PATH}`)).arrayBuffer()).byteLength
    const anchorPort = await freePort()
    const anchorHono = started(
      startNode('anchor-hono', [resolve(root, 'scripts/bench/anchors/hono-postgres.mjs')], {
        quiet: true,
        env: { PORT: String(anchorPort), DATABASE_URL: await throwAwayDatabase('bench_anchor'), BENCH_PAYLOAD_BYTES: String(productBytes) },
      }),
    )
    anchorHonoUrl = `http://127.0.0.1:${anchorPort}/reviews`
    await waitUntilUp(anchorHono, anchorHonoUrl)
    const anchorBytes = (await (await fetch(anchorHonoUrl)).arrayBuffer()).byteLength
    step(`Public reviews payload: member API ${productBytes} B, Hono + PostgreSQL anchor ${anchorBytes} B.`)
  }

  const startPortal = (nodeArgs = [], suiteUrl = suitePgliteUrl) => startPortalBuild(started, resolve(tmp, 'portal'), { emulator, suiteUrl, nodeArgs })
  const { url: portalUrl } = await startPortal()
  // The same portal build in front of the member API on PostgreSQL, as in production: member pages
  // are measured with both upstreams, since on PGlite (one connection) the member API's queries
  // weigh more than the page.
  const portalPgUrl = withPostgres ? (await startPortal([], suitePgUrl)).url : null

  const anchorStartUrl = await startStartAnchor(started, resolve(tmp, 'anchor-start'))

  const START_ANCHOR = 'TanStack Start anchor /'
  const targets = []
  const results = new Map()
  const weightRows = []
  if (!LIGHTHOUSE_ONLY) {
    step('Signing in the demo member…')
    const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS.filter((arg) => arg !== '--headless'), headless: true })
    cleanups.push(() => browser.close())
    const { idToken, uid } = await demoIdToken(emulator.host)
    const sessionCookie = await portalSessionCookie(browser, portalUrl)
    const bearer = { authorization: `Bearer ${idToken}` }

    // The member-page anchor asks the member API the portal's member page is measured with (on
    // PostgreSQL when there is one) for the same two answers, as the demo member.
    const { url: memberAnchorUrl } = await startMemberAnchor(started, resolve(tmp, 'anchor-member'), {
      suiteUrl: suitePgUrl ?? suitePgliteUrl,
      idToken,
      emulator,
    })

    // In this order, each anchor just before the targets compared with it.
    const HONO_ANCHOR = 'Hono + PostgreSQL anchor'
    const MEMBER_ANCHOR = `TanStack Start member-page anchor (API on ${suitePgUrl ? 'PostgreSQL' : 'PGlite'})`
    const page = (name, path, headers = {}) => ({
      name,
      url: `${portalUrl}${path}`,
      connections: PAGE_CONNECTIONS,
      headers: { ...BROWSER_HEADERS, ...headers },
      anchor: START_ANCHOR,
    })
    targets.push(
      { name: START_ANCHOR, url: anchorStartUrl, connections: PAGE_CONNECTIONS, headers: BROWSER_HEADERS },
      page('portal /en (visitor)', '/en'),
      page('portal /en/reviews (visitor)', '/en/reviews'),
      {
        ...page(MEMBER_ANCHOR, '', { cookie: sessionCookie }),
        url: memberAnchorUrl,
      },
      page('portal /en/member/campaigns (member, API on PGlite)', '/en/member/campaigns', { cookie: sessionCookie }),
    )
    if (portalPgUrl) {
      targets.push({
        ...page('portal /en/member/campaigns (member, API on PostgreSQL)', '/en/member/campaigns', { cookie: sessionCookie }),
        url: `${portalPgUrl}/en/member/campaigns`,
        reference: MEMBER_ANCHOR,
      })
    }
    if (DATABASE_URL) {
      targets.push(
        { name: HONO_ANCHOR, url: anchorHonoUrl, connections: API_CONNECTIONS, headers: {} },
        {
          name: 'API public reviews (PostgreSQL)',
          url: `${suitePgUrl}/${PUBLIC_REVIEWS_PATH}`,
          connections: API_CONNECTIONS,
          headers: {},
          anchor: HONO_ANCHOR,
        },
        { name: 'API member_info (PostgreSQL)', url: `${suitePgUrl}/${MEMBER_INFO_PATH}`, connections: API_CONNECTIONS, headers: bearer, anchor: HONO_ANCHOR },
      )
    }
    // PGlite has no PostgreSQL anchor of its own: compared with the Hono + PostgreSQL one when there is one.
    targets.push(
      {
        name: 'API public reviews (PGlite)',
        url: `${suitePgliteUrl}/${PUBLIC_REVIEWS_PATH}`,
        connections: API_CONNECTIONS,
        headers: {},
        anchor: DATABASE_URL ? HONO_ANCHOR : undefined,
      },
      {
        name: 'API member_info (PGlite)',
        url: `${suitePgliteUrl}/${MEMBER_INFO_PATH}`,
        connections: API_CONNECTIONS,
        headers: bearer,
        anchor: DATABASE_URL ? HONO_ANCHOR : undefined,
      },
      // A reference, not a product target: every member request has its credential checked for
      // revocation (firebase-admin's getUser), which here is this call to the emulator.
      {
        name: 'Auth emulator getUser (reference)',
        url: `http://${emulator.host}/identitytoolkit.googleapis.com/v1/projects/${emulator.projectId}/accounts:lookup`,
        method: 'POST',
        body: JSON.stringify({ localId: [uid] }),
        connections: API_CONNECTIONS,
        headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      },
    )
    for (const target of targets) await checkAnswers(target)

    for (const target of targets) {
      const label = `Loading ${target.name} (${target.connections} connections)…`
      await load(target.url, { ...target, connections: Math.min(target.connections, 10), seconds: WARMUP_SECONDS })
      const result = await loadWithCpu(target.url, { ...target, seconds: SECONDS })
      results.set(target.name, result)
      step(`${label} ${fmt(result.rps)} req/s`)
      // autocannon does not wait for its last requests: let them finish before the next target.
      await new Promise((r) => setTimeout(r, 1000))
    }

    step('Measuring what a first visit downloads (Chromium, empty cache)…')
    const weights = [
      [START_ANCHOR, anchorStartUrl],
      ['portal /en', `${portalUrl}/en`],
      ['portal /en/reviews', `${portalUrl}/en/reviews`],
      ['portal /en/how-it-works', `${portalUrl}/en/how-it-works`],
    ]
    for (const [name, url] of weights) weightRows.push([name, await pageWeight(browser, url)])
  }

  step(`Running Lighthouse (mobile), ${LIGHTHOUSE_RUNS} run${LIGHTHOUSE_RUNS > 1 ? 's' : ''} per page, one at a time…`)
  const lighthouseDir = resolve(root, `.data/lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}`)
  mkdirSync(lighthouseDir, { recursive: true })
  // Its own Chromium and profile, not the Playwright one: Lighthouse drives it over a DevTools port.
  const lighthouseChromium = startLighthouseChromium(chromiumPath, resolve(tmp, 'lighthouse-chromium'))
  cleanups.push(() => lighthouseChromium.stop())
  process.once('exit', () => lighthouseChromium.kill())
  const lighthousePort = await lighthouseChromium.port
  const lighthousePages = [
    [START_ANCHOR, anchorStartUrl, 'anchor-start'],
    ['portal /en', `${portalUrl}/en`, 'en'],
    ['portal /en/reviews', `${portalUrl}/en/reviews`, 'en-reviews'],
    ['portal /en/user/login', `${portalUrl}/en/user/login`, 'en-user-login', { noindex: true }],
  ]
  // A page answers 2xx before it is measured (not an error page), and that first answer warms the
  // server as the load did in a full run, so both modes measure the same warm server.
  for (const [name, url] of lighthousePages) {
    await checkAnswers({ name, url })
    await checkScripts(name, url)
  }
  const lighthouseRuns = new Map(lighthousePages.map(([name]) => [name, []]))
  // The pages take turns, so that a busy spell of the machine does not fall on one page's runs only.
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
    for (const [name, url, file, { noindex = false } = {}] of lighthousePages) {
      const result = await lighthouseRun(url, { port: lighthousePort, jsonPath: resolve(lighthouseDir, `${file}-${run}.json`), noindex })
      lighthouseRuns.get(name).push(result)
      step(`Lighthouse ${name} (run ${run}/${LIGHTHOUSE_RUNS}): performance ${fmt(result.scores.performance)}`)
    }
  }
  await lighthouseChromium.stop()
  const lighthouseRows = lighthousePages.map(([name]) => [name, medianRun(lighthouseRuns.get(name)), lighthouseRuns.get(name)])

  let profile = null
  if (PROFILE) {
    step('Profiling the portal under the same page load (a separate pass)…')
    const profileDir = resolve(tmp, 'profile')
    const { portal, url } = await startPortal([`--cpu-prof`, `--cpu-prof-dir=${profileDir}`])
    for (const target of targets.filter((t) => t.anchor === START_ANCHOR && t.url.startsWith(portalUrl))) {
      await load(target.url.replace(portalUrl, url), { ...target, seconds: SECONDS })
    }
    await new Promise((r) => setTimeout(r, 1000))
    await portal.stop('SIGINT')
    const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))
    if (!file) throw new Error('The portal wrote no CPU profile')
    const kept = resolve(root, `.data/bench-portal-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`)
    copyFileSync(resolve(profileDir, file), kept)
    profile = { ...summariseProfile(kept), kept }
  }

  if (!LIGHTHOUSE_ONLY) {
    console.log(`\nThroughput (${SECONDS} s per target; pages at ${PAGE_CONNECTIONS} connections, member API at ${API_CONNECTIONS}):\n`)
    console.log(
      table(
        ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'anchor', 'of anchor', 'CPU ms/req main (all)', 'of anchor, by CPU'],
        targets.map((target) => {
          const r = results.get(target.name)
          const anchor = target.anchor ? results.get(target.anchor) : undefined
          const cpu = r.mainMsPerRequest === undefined ? '—' : `${fmt(r.mainMsPerRequest, 3)} (${fmt(r.allMsPerRequest, 3)})`
          const byCpu = anchor?.mainMsPerRequest && r.mainMsPerRequest ? `${fmt((100 * anchor.mainMsPerRequest) / r.mainMsPerRequest)} %` : '—'
          return [
            target.name,
            fmt(r.rps),
            fmt(r.p50),
            fmt(r.p99),
            r.errors,
            target.anchor ?? '—',
            anchor ? `${fmt((100 * r.rps) / anchor.rps)} %` : '—',
            cpu,
            byCpu,
          ]
        }),
      ),
    )
    // The targets on PostgreSQL share the machine with it: its CPU per request beside the serving process's own.
    const onPostgres = targets.filter((t) => /PostgreSQL/.test(t.name) && !/portal/.test(t.name))
    if (onPostgres.length > 0) {
      console.log("\n  PostgreSQL CPU per request (all its processes, during each load), beside the serving process's own (all its threads):")
      for (const t of onPostgres) {
        const r = results.get(t.name)
        if (r.databaseMsPerRequest !== undefined)
          console.log(`    ${t.name}: ${fmt(r.databaseMsPerRequest, 3)} ms, beside ${fmt(r.allMsPerRequest, 3)} ms in the process`)
      }
    }
    // A member page beside the same stack doing its work (the goal is set against the bare page).
    for (const target of targets.filter((t) => t.reference)) {
      const r = results.get(target.name)
      const reference = results.get(target.reference)
      const byCpu = reference.mainMsPerRequest && r.mainMsPerRequest ? `, ${fmt((100 * reference.mainMsPerRequest) / r.mainMsPerRequest)} % by CPU` : ''
      console.log(`\n  ${target.name}: ${fmt((100 * r.rps) / reference.rps)} % of the ${target.reference} by req/s${byCpu}.`)
      // The comparison holds only for pages of about the same size: the anchor renders the member page's markup.
      const anchorTarget = targets.find((t) => t.name === target.reference)
      for (const t of [target, anchorTarget]) if (t?.shape) console.log(`    ${t.name}: ${t.shape.bytes} B, ${t.shape.elements} elements in its body`)
    }
    console.log(
      '\n  CPU ms/req: CPU time of the process serving the target per request, on its main thread (where the JavaScript runs) and, in brackets, in all its threads; for a portal page that is the portal alone, not the member API behind it. "of anchor, by CPU" compares main-thread CPU per request with the anchor\'s: steadier than req/s when something else runs on the machine (Linux only).',
    )
    console.log('\nFirst visit, bytes transferred (bodies as sent on the wire):\n')
    console.log(
      table(
        ['page', 'HTML B', 'JS B', 'JS files', 'CSS B', 'other B', 'text compressed'],
        weightRows.map(([name, w]) => [
          name,
          w.html,
          w.js,
          w.jsFiles,
          w.css,
          w.other,
          `${w.textCompressed}/${w.textTotal}${w.encodings.length ? ` (${w.encodings.join(', ')})` : ''}`,
        ]),
      ),
    )
    for (const [name, w] of weightRows) {
      const largest = w.uncompressed.sort((a, b) => b.bytes - a.bytes).slice(0, 4)
      if (largest.length)
        console.log(`  ${name}: ${w.uncompressed.length} text responses not compressed, largest ${largest.map((r) => `${r.path} ${r.bytes} B`).join(', ')}`)
    }
  }
  console.log(
    `\nLighthouse, mobile (default emulation and simulated throttling), median of ${LIGHTHOUSE_RUNS} run${LIGHTHOUSE_RUNS > 1 ? 's' : ''} by performance; goals: performance ≥ ${GOALS.performance}, the others ${GOALS.accessibility}:\n`,
  )
  console.log(
    table(
      ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP ms', 'TBT ms', 'CLS'],
      lighthouseRows.map(([name, r]) => [
        name,
        fmt(r.scores.performance),
        fmt(r.scores.accessibility),
        fmt(r.scores['best-practices']),
        // A sign-in page says noindex on purpose: its SEO goal is every other audit passed.
        r.noindex ? `${fmt(r.scores.seo)} (noindex${r.belowGoal.some((c) => c.category === 'seo') ? '' : ', rest passed'})` : fmt(r.scores.seo),
        fmt(r.lcpMs),
        fmt(r.tbtMs),
        fmt(r.cls, 3),
      ]),
    ),
  )
  // The benchmark index is Lighthouse's measure of this machine's CPU during a run: its phone is simulated
  // as 4× slower than the CPU it observes, so a slower or busier machine (lower index) scores lower.
  for (const [name, r, runs] of lighthouseRows) {
    console.log(
      `  ${name}: performance by run ${runs.map((run) => fmt(run.scores.performance)).join(', ')}; benchmark index ${runs.map((run) => fmt(run.benchmarkIndex)).join(', ')}; median run ${r.jsonPath}`,
    )
    // The table shows the median run only: another category that scored differently in another run is named.
    for (const category of ['accessibility', 'best-practices', 'seo']) {
      const scores = runs.map((run) => run.scores[category])
      if (new Set(scores).size > 1) console.log(`    ${category} differs between runs: ${scores.map((score) => fmt(score)).join(', ')}`)
    }
  }
  for (const [name, r] of lighthouseRows) {
    for (const warning of r.warnings) console.log(`  ${name}: Lighthouse warns: ${warning}`)
    for (const category of r.belowGoal) {
      console.log(`  ${name}: ${category.category} ${fmt(category.score)} < ${GOALS[category.category]}, not passed:`)
      for (const audit of category.audits)
        console.log(`    ${audit.id} (${fmt(100 * audit.score)}) ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`)
    }
  }
  console.log(`  Lighthouse JSON reports: ${lighthouseDir}/`)
  if (profile) {
    console.log(
      `\nPortal CPU profile under page load: ${fmt(profile.busyMs / 1000, 1)} s busy, ${fmt(profile.idleMs / 1000, 1)} s idle; kept in ${profile.kept}\n`,
    )
    console.log(
      table(
        ['self time, by function', 'ms', 'of busy'],
        profile.functions.map((f) => [f.name, fmt(f.ms), `${fmt(100 * f.share, 1)} %`]),
      ),
    )
    console.log('')
    console.log(
      table(
        ['self time, by file', 'ms', 'of busy'],
        profile.files.map((f) => [f.name, fmt(f.ms), `${fmt(100 * f.share, 1)} %`]),
      ),
    )
  }
}

let code = 0
try {
  await main()
} catch (error) {
  // After Ctrl-C, processes stopping under it are no news.
  if (!cleaningStarted()) console.error(`\nbench failed: ${error instanceof Error ? error.message : error}`)
  code = 1
}
await cleanUp()
// The console rows (scripts/bench/console.mjs): on a large PostgreSQL database of their own, after
// everything above has stopped, so the two never share the machine.
if (code === 0 && DATABASE_URL && !LIGHTHOUSE_ONLY) {
  console.log('\nconsole (moderation queue and applicants on a large database)\n')
  try {
    execFileSync(process.execPath, [resolve(import.meta.dirname, 'console.mjs')], { stdio: 'inherit', env: process.env })
  } catch {
    code = 1
  }
}
// The large-database rows (scripts/bench/large.mjs): on a community generated by `npm run db:large`,
// when BENCH_LARGE_DATABASE_URL names one; last, alone on the machine like the console rows.
if (code === 0 && process.env.BENCH_LARGE_DATABASE_URL && !LIGHTHOUSE_ONLY) {
  console.log('\nlarge database (member, public and console calls on a generated community, beside the demo data)\n')
  try {
    execFileSync(process.execPath, [resolve(import.meta.dirname, 'large.mjs')], { stdio: 'inherit', env: process.env })
  } catch {
    code = 1
  }
}
console.log(`\nbench ${code ? 'failed' : 'finished'} after ${fmt((Date.now() - began) / 1000)} s (cleanup included)`)
process.exit(code)
