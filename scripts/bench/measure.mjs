// What `npm run bench` measures: throughput under load (autocannon), bytes a browser downloads on a
// first visit (playwright-core + Chromium), and the self time in a CPU profile.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import autocannon from 'autocannon'

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Loopback only: the benchmark never loads anything but this machine. */
export function assertLoopback(url) {
  const { hostname } = new URL(url)
  if (hostname !== '127.0.0.1' && hostname !== 'localhost' && hostname !== '[::1]') throw new Error(`Refusing to load ${url}: loopback addresses only`)
}

/** Loads `url` for `seconds` (a bounded run) and returns req/s, latency and every kind of error. */
export async function load(url, { connections, seconds, headers = {}, method = 'GET', body }) {
  assertLoopback(url)
  const result = await autocannon({ url, connections, duration: seconds, headers, method, body, timeout: 10 })
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  }
}

/**
 * `load`, with the serving process's CPU time per request, on its main thread (where a Node
 * server's JavaScript runs) and in all its threads, where Linux's /proc tells it: steadier than
 * req/s when something else runs on the machine. `around` wraps the load (a CPU profile of it).
 */
export async function loadWithCpu(url, options, around = (run) => run()) {
  const pid = listeningPid(new URL(url).port)
  const before = pid ? cpuTime(pid) : null
  const databaseBefore = postgresCpuMs()
  const result = await around(() => load(url, options))
  const after = pid ? cpuTime(pid) : null
  const databaseAfter = postgresCpuMs()
  // PostgreSQL's share: what a target on the database costs the machine beyond its own process.
  if (databaseBefore !== null && databaseAfter !== null && result.requests > 0) result.databaseMsPerRequest = (databaseAfter - databaseBefore) / result.requests
  if (before && after && result.requests > 0) {
    result.mainMsPerRequest = (after.mainMs - before.mainMs) / result.requests
    result.mainKernelMsPerRequest = (after.mainKernelMs - before.mainKernelMs) / result.requests
    result.allMsPerRequest = (after.allMs - before.allMs) / result.requests
  }
  return result
}

/** The process listening on a TCP port (Linux, through `ss`), or null where that cannot be told. */
export function listeningPid(port) {
  try {
    const match = /pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))
    return match ? Number(match[1]) : null
  } catch {
    return null
  }
}

let clockTicks = null
/**
 * The user and kernel CPU time, in ms, in a /proc stat file (a process's or a thread's): utime and
 * stime, the 14th and 15th fields, counted from after the command's name.
 */
function statTimes(path) {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  const fields = readFileSync(path, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ')
  return { user: (Number(fields[11]) * 1000) / clockTicks, kernel: (Number(fields[12]) * 1000) / clockTicks }
}

/**
 * CPU time a process has used so far, in ms: all its threads, and its main thread (where a Node
 * server's JavaScript runs), and of the main thread's the part spent in the kernel (system calls:
 * the sockets' reads and writes, memory given and taken back). Read from Linux's /proc; null
 * elsewhere or once the process is gone.
 */
export function cpuTime(pid) {
  try {
    const all = statTimes(`/proc/${pid}/stat`)
    const main = statTimes(`/proc/${pid}/task/${pid}/stat`)
    return { allMs: all.user + all.kernel, mainMs: main.user + main.kernel, mainKernelMs: main.kernel }
  } catch {
    return null
  }
}

/**
 * CPU time, in ms, that this machine's PostgreSQL processes (the server and a backend per
 * connection) have used so far, read from Linux's /proc; null elsewhere. A backend that ends
 * during a load takes its time with it, so the figure is for loads whose connections stay open.
 */
export function postgresCpuMs() {
  try {
    let total = 0
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue
        const { user, kernel } = statTimes(`/proc/${entry}/stat`)
        total += user + kernel
      } catch {
        // The process ended between the listing and the read.
      }
    }
    return total
  } catch {
    return null
  }
}

const TEXT_TYPE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/

/**
 * Bytes a first visit downloads (empty cache): the transferred body size of each response
 * (`request.sizes()` after `requestfinished`), by kind, and whether each text response came compressed.
 */
export async function pageWeight(browser, url) {
  assertLoopback(url)
  const context = await browser.newContext()
  const page = await context.newPage()
  const pending = []
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()])
        const headers = response ? await response.allHeaders() : {}
        return {
          url: request.url(),
          type: request.resourceType(),
          bytes: sizes.responseBodySize,
          contentType: headers['content-type'] ?? '',
          encoding: headers['content-encoding'] ?? '',
        }
      })(),
    )
  })
  try {
    await page.goto(url, { waitUntil: 'load' })
    // Both the portal and the anchor mark the document once React has hydrated it.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 30_000 })
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {})
    const responses = await Promise.all(pending)
    const sum = (kind) => responses.filter((r) => kindOf(r) === kind).reduce((total, r) => total + r.bytes, 0)
    const text = responses.filter((r) => TEXT_TYPE.test(r.contentType))
    return {
      html: sum('html'),
      js: sum('js'),
      jsFiles: responses.filter((r) => kindOf(r) === 'js').length,
      css: sum('css'),
      other: sum('other'),
      textCompressed: text.filter((r) => r.encoding).length,
      textTotal: text.length,
      encodings: [...new Set(text.map((r) => r.encoding).filter(Boolean))],
      uncompressed: text.filter((r) => !r.encoding).map((r) => ({ path: new URL(r.url).pathname, bytes: r.bytes })),
    }
  } finally {
    await context.close()
  }
}

function kindOf(response) {
  if (response.type === 'document') return 'html'
  if (response.type === 'script') return 'js'
  if (response.type === 'stylesheet') return 'css'
  return 'other'
}

/** The functions and files with the most self time in a V8 .cpuprofile, as shares of the busy (not idle) time. */
export function summariseProfile(path, top = 15) {
  const profile = JSON.parse(readFileSync(path, 'utf8'))
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfMs = new Map()
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000))
  let idleMs = 0
  const byFunction = new Map()
  const byFile = new Map()
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame
    // Waiting (on the member API, the emulator, the network) is not work: counted apart.
    if (functionName === '(idle)') {
      idleMs += ms
      continue
    }
    const file = url ? decodeURIComponent(url.replace(/^.*\/(node_modules|\.data\/bench-\d+\/[^/]+)\//, '').replace(/^file:\/\//, '')) : '(native)'
    const fn = `${functionName || '(anonymous)'}  ${url ? `${file}:${lineNumber + 1}` : ''}`.trim()
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms)
    byFile.set(file, (byFile.get(file) ?? 0) + ms)
  }
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms, share: ms / total }))
  const total = [...byFile.values()].reduce((a, b) => a + b, 0)
  return { busyMs: total, idleMs, functions: rank(byFunction), files: rank(byFile) }
}

/** Prints a profile's busy time per request and its busiest functions and files, per request. */
export function printProfile(name, path, requests, top = 25) {
  const summary = summariseProfile(path, top)
  const perRequest = (ms) => ((1000 * ms) / requests).toFixed(1)
  console.log(`\n${name}: ${path}`)
  console.log(`busy ${(summary.busyMs / requests).toFixed(3)} ms per request (${requests} requests)\n`)
  for (const [label, rows] of [
    ['function', summary.functions],
    ['file', summary.files],
  ]) {
    console.log(
      table(
        [label, 'µs/request', 'share'],
        rows.map((f) => [f.name, perRequest(f.ms), `${(100 * f.share).toFixed(1)} %`]),
      ),
    )
    console.log('')
  }
}

/**
 * A CPU profile of a node process started with `--inspect=127.0.0.1:<port>`, taken while `work`
 * runs (its start-up and its end are left out), through the inspector's Profiler domain; written to
 * `path`, to summarise with summariseProfile or open in Chrome's DevTools.
 */
export async function profileDuring(inspectPort, path, work) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()
  if (!target?.webSocketDebuggerUrl) throw new Error(`Nothing to profile on the inspector port ${inspectPort}`)
  const socket = new WebSocket(target.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', () => reject(new Error('The inspector refused the connection')), { once: true })
  })
  let next = 0
  const waiting = new Map()
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data))
    const answer = waiting.get(message.id)
    if (!answer) return
    waiting.delete(message.id)
    if (message.error) answer.reject(new Error(message.error.message))
    else answer.resolve(message.result)
  })
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next
      waiting.set(id, { resolve, reject })
      socket.send(JSON.stringify({ id, method, params }))
    })
  try {
    await send('Profiler.enable')
    await send('Profiler.setSamplingInterval', { interval: 200 })
    await send('Profiler.start')
    const result = await work()
    const { profile } = await send('Profiler.stop')
    writeFileSync(path, JSON.stringify(profile))
    return result
  } finally {
    socket.close()
  }
}

/** A plain text table: columns padded to their widest cell, numbers right-aligned. */
export function table(header, rows) {
  const cells = [header, ...rows].map((row) => row.map((cell) => String(cell)))
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i].length)))
  // A column of numbers (or dashes for "none") is right-aligned.
  const numeric = header.map((_, i) => i > 0 && rows.every((row) => /^[\d.,% —-]+$/.test(String(row[i]))))
  const line = (row) =>
    row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd()
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n')
}

/**
 * How much a page renders: its bytes as served (uncompressed) and the elements of its body, scripts
 * left out. A page and its anchor are compared only where these are alike: the anchor is to do the
 * page's work, the rendering of as much markup included.
 */
export function pageShape(html) {
  const body = html.slice(Math.max(0, html.indexOf('<body'))).replace(/<script\b[\s\S]*?<\/script>/g, '')
  return { bytes: Buffer.byteLength(html), elements: body.match(/<[a-zA-Z][\w-]*/g)?.length ?? 0 }
}
