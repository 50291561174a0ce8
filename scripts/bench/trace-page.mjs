// `npm run bench:trace-page`: where a first visit spends the browser's main thread, the work that
// Lighthouse's total blocking time counts. Builds the portal with source maps and the bare TanStack
// Start anchor (into a throw-away folder), starts the Auth emulator, the member API on PGlite with the
// demo data, the portal and the anchor; then visits each page in a fresh browser context, at
// Lighthouse's mobile viewport and with the CPU slowed as Lighthouse's simulation slows it, in turns,
// with Chromium's trace and V8's profiler running. For each page it prints the medians over the runs of:
//   - the main thread's work by kind: script, HTML parsing, style, layout (and, within style and
//     layout, the time spent finding system fonts), paint;
//   - the tasks after the first contentful paint that ran over 50 ms, and their time over 50 ms
//     (what total blocking time adds up), by what each spent most of its time on;
//   - the script time by package or portal folder, through the build's source maps.
// Runs on a busy machine differ by a factor of two; compare pages within one run, beside the anchor.
//
//   BENCH_PAGE      the portal's pages, comma-separated (default /en/reviews)
//   BENCH_RUNS      visits per page (default 5)
//   BENCH_THROTTLE  CPU slow-down factor (default 4, Lighthouse's mobile setting)
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'
import { chromium } from 'playwright-core'
import { freePort, startAuthEmulator } from '../lib/auth-emulator.mjs'
import { CHROMIUM_ARGS, findChromium } from '../lib/browser.mjs'
import { startSuite } from '../lib/suite.mjs'
import { median, table } from './measure.mjs'
import { buildPortal, buildStartAnchor, runScope, runScript, startPortalBuild, startStartAnchor, waitUntilUp } from './run-support.mjs'

const root = resolve(import.meta.dirname, '../..')
const PAGES = (process.env.BENCH_PAGE ?? '/en/reviews').split(',').map((page) => page.trim())
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 4)
if (PAGES.some((page) => !page.startsWith('/'))) {
  console.error('BENCH_PAGE is a comma-separated list of the portal’s paths, such as /en/reviews,/en.')
  process.exit(1)
}
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 50 || !(THROTTLE >= 1 && THROTTLE <= 20)) {
  console.error('BENCH_RUNS is a whole number from 1 to 50; BENCH_THROTTLE a factor from 1 to 20.')
  process.exit(1)
}

const tmp = resolve(root, `.data/bench-trace-page-${process.pid}`)
const { cleanUp, started, cleanups } = runScope(tmp)

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'fonts', 'disabled-by-default-fonts']
const SCRIPT_EVENTS = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'v8.compile',
  'v8.compileModule',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
])
const PARSE_EVENTS = new Set(['ParseHTML', 'ParseAuthorStyleSheet'])
const RENDER_EVENTS = new Set(['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Commit', 'Layerize'])
const FONT_LOOKUP = 'FontCache::GetFontPlatformData'

/** Events of the page's main thread: the renderer thread with the most complete events. */
function mainThread(events) {
  let best = []
  for (const thread of events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')) {
    const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X')
    if (own.length > best.length) best = own
  }
  return best.sort((a, b) => a.ts - b.ts)
}

/** Total time of the events named `names` that no other of them encloses (nested ones counted once). */
function outermost(events, names) {
  let total = 0
  let end = -1
  for (const e of events) {
    if (!names.has(e.name)) continue
    if (e.ts + e.dur <= end) continue
    total += e.dur / 1000
    end = e.ts + e.dur
  }
  return total
}

function kindOf(task, events) {
  const inside = events.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e !== task)
  const kinds = { script: outermost(inside, SCRIPT_EVENTS), parse: outermost(inside, PARSE_EVENTS), render: outermost(inside, RENDER_EVENTS) }
  const [kind, ms] = Object.entries(kinds).sort((a, b) => b[1] - a[1])[0]
  return ms > 0 ? kind : 'other'
}

/** One first visit of `url`: the main thread's work by kind, long tasks after FCP by kind, and the CPU profile. */
async function visit(browser, { url, hydrationMark }) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE })
    const events = []
    cdp.on('Tracing.dataCollected', (chunk) => events.push(...chunk.value))
    const traced = new Promise((done) => cdp.once('Tracing.tracingComplete', done))
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' })
    await cdp.send('Profiler.start')
    await page.goto(url, { waitUntil: 'load' })
    // Until the portal's page marks itself hydrated (the bare page has no mark: its load event is its
    // end), asked through the protocol rather than by a script of this one's in the page.
    const hydrated = async () =>
      !hydrationMark ||
      (await cdp.send('Runtime.evaluate', { expression: `document.documentElement.dataset.hydrated === 'true'`, returnByValue: true })).result.value
    const until = Date.now() + 60_000
    while (!(await hydrated())) {
      if (Date.now() > until) throw new Error(`${url} was not hydrated within 60 s`)
      await new Promise((next) => setTimeout(next, 100))
    }
    // The effects after hydration run in the next tasks: half a second more, slowed like the rest.
    await new Promise((next) => setTimeout(next, 500 * THROTTLE))
    const { profile } = await cdp.send('Profiler.stop')
    await cdp.send('Tracing.end')
    await traced
    const main = mainThread(events)
    const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? main[0].ts
    const tasks = main.filter((e) => e.name === 'RunTask')
    const blocking = { script: 0, parse: 0, render: 0, other: 0 }
    let longTasks = 0
    for (const task of tasks) {
      if (task.ts < fcp || task.dur <= 50_000) continue
      longTasks++
      blocking[kindOf(task, main)] += task.dur / 1000 - 50
    }
    const work = {
      script: outermost(main, SCRIPT_EVENTS),
      parse: outermost(main, PARSE_EVENTS),
      style: outermost(main, new Set(['UpdateLayoutTree'])),
      layout: outermost(main, new Set(['Layout'])),
      fonts: outermost(main, new Set([FONT_LOOKUP])),
      paint: outermost(main, new Set(['Paint', 'PrePaint', 'Commit', 'Layerize'])),
    }
    return { work, blocking, longTasks, profile }
  } finally {
    await context.close()
  }
}

/** Script time by package (node_modules) or portal folder, through the source maps of the build in `assetsDir`. */
function scriptBySource(profiles, assetsDir) {
  const maps = new Map()
  const mapOf = (file) => {
    if (!maps.has(file)) {
      const path = resolve(assetsDir, `${file}.map`)
      maps.set(file, existsSync(path) ? new TraceMap(JSON.parse(readFileSync(path, 'utf8'))) : null)
    }
    return maps.get(file)
  }
  const totals = new Map()
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
    for (const [i, id] of profile.samples.entries()) {
      const frame = nodes.get(id).callFrame
      if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue
      const file = frame.url.split('/').pop() ?? ''
      const map = file.endsWith('.js') ? mapOf(file) : null
      let source =
        frame.url === '' ? (frame.functionName.startsWith('(') ? frame.functionName : `(${frame.functionName || 'native'})`) : 'the page’s inline scripts'
      if (map) {
        const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }).source ?? ''
        const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(original)
        source = inPackage ? inPackage[1] : (/\/(app\/[^/]+(?:\/[^/]+)?)/.exec(original)?.[1] ?? file)
      } else if (frame.url.includes('/assets/')) source = file
      totals.set(source, (totals.get(source) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000 / profiles.length)
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1])
}

async function main() {
  mkdirSync(tmp, { recursive: true })
  const chromiumPath = findChromium()
  if (!chromiumPath) throw new Error('No Chromium found (looked for /usr/bin/chromium and others; CHROMIUM_PATH to point at one).')
  console.log(`bench:trace-page: ${PAGES.join(', ')} and the bare page, ${RUNS} first visits each, CPU slowed ${THROTTLE}×`)
  await buildPortal(started, resolve(tmp, 'portal'), { viteArgs: ['--sourcemap'] })
  await buildStartAnchor(started, resolve(tmp, 'anchor-start'))

  const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(tmp, 'firebase') })
  cleanups.push(() => emulator.stop())
  const suitePort = await freePort()
  const suite = started(startSuite({ port: suitePort, authEmulatorHost: emulator.host, dataDir: resolve(tmp, 'pglite'), quiet: true }))
  await waitUntilUp(suite, `http://127.0.0.1:${suitePort}/readyz`)
  const { url: portalUrl } = await startPortalBuild(started, resolve(tmp, 'portal'), { emulator, suiteUrl: `http://127.0.0.1:${suitePort}` })
  const anchorUrl = await startStartAnchor(started, resolve(tmp, 'anchor-start'))

  const targets = [
    { name: 'bare page /', url: anchorUrl, hydrationMark: false },
    ...PAGES.map((page) => ({ name: page, url: `${portalUrl}${page}`, hydrationMark: true })),
  ]
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS.filter((arg) => arg !== '--headless'), headless: true })
  cleanups.push(() => browser.close())
  const results = new Map(targets.map((target) => [target.name, []]))
  // The pages take turns, so that a busy spell of the machine does not fall on one page's runs only.
  for (let run = 0; run < RUNS; run++) for (const target of targets) results.get(target.name).push(await visit(browser, target))

  const fmt = (ms) => ms.toFixed(0)
  const workKinds = ['script', 'parse', 'style', 'layout', 'fonts', 'paint']
  console.log(`\nMain thread of a first visit, ms (median of ${RUNS}; fonts: finding system fonts, within style and layout):\n`)
  console.log(
    table(
      ['page', ...workKinds],
      targets.map(({ name }) => [name, ...workKinds.map((kind) => fmt(median(results.get(name).map((r) => r.work[kind]))))]),
    ),
  )
  const blockingKinds = ['script', 'parse', 'render', 'other']
  console.log(`\nTasks over 50 ms after the first contentful paint: how many, and their time over 50 ms by what each mostly did (median of ${RUNS}):\n`)
  console.log(
    table(
      ['page', 'tasks', 'blocking ms', ...blockingKinds],
      targets.map(({ name }) => {
        const rows = results.get(name)
        const sum = (r) => blockingKinds.reduce((total, kind) => total + r.blocking[kind], 0)
        return [
          name,
          fmt(median(rows.map((r) => r.longTasks))),
          fmt(median(rows.map(sum))),
          ...blockingKinds.map((kind) => fmt(median(rows.map((r) => r.blocking[kind])))),
        ]
      }),
    ),
  )
  const assetsDir = resolve(tmp, 'portal/public/assets')
  if (!existsSync(assetsDir) || !readdirSync(assetsDir).some((file) => file.endsWith('.map')))
    throw new Error(`The portal build has no source maps in ${assetsDir}`)
  for (const page of PAGES) {
    const bySource = scriptBySource(
      results.get(page).map((r) => r.profile),
      assetsDir,
    )
    const total = bySource.reduce((sum, [, ms]) => sum + ms, 0)
    console.log(`\nScript time of ${page} by source, ms a visit (mean of ${RUNS}; ${fmt(total)} in all):\n`)
    console.log(
      table(
        ['source', 'ms', 'share'],
        bySource.slice(0, 15).map(([source, ms]) => [source, ms.toFixed(1), `${((100 * ms) / total).toFixed(0)} %`]),
      ),
    )
  }
}

void runScript(main, cleanUp)
