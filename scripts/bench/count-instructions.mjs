// `npm run bench:count-instructions -- [ref …]`: how much work the portal's member page costs, in
// machine instructions per request, beside the member-page anchor: a count that is the same on a
// busy machine as on an idle one, where CPU time (bench:compare-page) can swing by more than the
// change being measured.
//
// Builds the portal of each git ref given (`.` is the working tree; by default `HEAD .`; a ref named
// twice is built twice, which shows what is left of the noise) and the member-page anchor; starts
// the member API (its build, on a throw-away PostgreSQL database with the demo data) and one portal
// to sign the demo member in; then starts each target again under valgrind's callgrind, which counts
// every instruction the process runs, with V8 on one thread (`--single-threaded`: no compiler or
// collector threads whose timing would change the count), two targets at a time. Each target is
// warmed up with requests one after another, its counters are zeroed, it serves the measured
// requests, and its counters are read. Prints each target's instructions per request with V8's
// garbage collection apart (a major collection falls among the counted requests or not, and moves
// a count by up to a fifth), its share of the anchor's, and each portal's difference from the first
// ref's, both without the collection.
//
// Instructions are not time: a cache miss costs more than an addition. A count says whether a change
// made the page do less, and how much less; a timing says what that is worth on one machine.
//
//   BENCH_DATABASE_URL   PostgreSQL server for the throw-away database (required)
//   BENCH_WARMUP         requests before counting (default 300)
//   BENCH_REQUESTS       requests counted (default 40)
//   BENCH_PAGE           the portal's page (default /en/member/campaigns)
//   BENCH_KEEP_DUMPS     a directory to keep each target's callgrind dump in (for callgrind_annotate:
//                        which functions of node, V8's builtins, zlib or libc the count went to)
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import { startAuthEmulator } from '../lib/auth-emulator.mjs'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../lib/suite.mjs'
import { listeningPid, table } from './measure.mjs'
import {
  buildMemberAnchor,
  buildPortalRefs,
  emulatorSignIn,
  portalSessionCookies,
  requiredBenchDatabase,
  requireSignInBrowser,
  runScope,
  runScript,
  startMemberAnchor,
  startMemberApiOnPostgres,
  startPortalBuild,
} from './run-support.mjs'

const root = resolve(import.meta.dirname, '../..')
const DATABASE_URL = requiredBenchDatabase()
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40)
const PAGE = process.env.BENCH_PAGE ?? '/en/member/campaigns'
const KEEP_DUMPS = process.env.BENCH_KEEP_DUMPS ? resolve(process.env.BENCH_KEEP_DUMPS) : null
const HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' }
const REFS = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['HEAD', '.']
/** Under callgrind a process runs some fifty times slower: starting takes minutes, not seconds. */
const UP_WITHIN_MS = 15 * 60_000

const tmp = resolve(root, `.data/bench-count-instructions-${process.pid}`)
const scope = runScope(tmp)
const { cleanUp, started, throwAwayDatabase } = scope
process.setMaxListeners(64)

function requireValgrind() {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' })
    execFileSync('callgrind_control', ['--version'], { stdio: 'ignore' })
  } catch {
    throw new Error("valgrind and callgrind_control are needed (Debian's valgrind package).")
  }
}

/**
 * A command to the callgrind of process `pid`. valgrind names its control pipes after $HOST, and the
 * targets are started with HOST set to the address they listen on: the command is sent with theirs.
 */
function callgrindControl(command, pid) {
  execFileSync('callgrind_control', [command, String(pid)], { stdio: 'ignore', env: { ...process.env, HOST: '127.0.0.1' } })
}

/**
 * callgrind's count for process `pid` since its counters were last zeroed. The process takes the
 * command when it next runs (callgrind looks for commands every few thousand blocks of code), and
 * an idle server runs nothing: it is woken with a request to `wakeUrl`, whose first steps at most
 * fall into the count, until the dump (<out>.<n>, beside the out file) is there.
 */
async function dumpedInstructions(pid, outFile, wakeUrl) {
  const dir = dirname(outFile)
  const dumps = () => readdirSync(dir).filter((name) => name.startsWith(`${basename(outFile)}.`))
  const before = dumps().length
  callgrindControl('--dump', pid)
  for (let tries = 0; dumps().length === before; tries++) {
    if (tries > 100) throw new Error(`callgrind wrote no dump for process ${pid}`)
    await fetch(wakeUrl, { redirect: 'manual' }).then((response) => response.arrayBuffer())
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const newest = dumps()
    .map((name) => resolve(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
  // The file may still be being written: its total comes last.
  for (let tries = 0; ; tries++) {
    const totals = /^totals: (\d+)/m.exec(readFileSync(newest, 'utf8'))
    if (totals) {
      if (KEEP_DUMPS) copyFileSync(newest, resolve(KEEP_DUMPS, basename(outFile)))
      return { total: Number(totals[1]), gc: garbageCollection(newest) }
    }
    if (tries > 100) throw new Error(`no total in ${newest}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * V8's garbage collection in a dump: the collections (scavenges and the end of a major one) and the
 * marking steps taken between them. A major collection comes every few hundred requests, so one may
 * or may not fall among the requests counted: its instructions (a fifth of the count, seen) are
 * told apart from the page's own work, which is what a change to the page changes.
 */
function garbageCollection(dump) {
  const annotated = execFileSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', dump], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  const inclusive = (name) =>
    Math.max(
      0,
      ...annotated
        .split('\n')
        .filter((line) => line.includes(name))
        .map((line) => Number(/^\s*([\d,]+)/.exec(line)?.[1]?.replaceAll(',', '') ?? 0)),
    )
  return inclusive('v8::internal::Heap::CollectGarbage(') + inclusive('v8::internal::IncrementalMarking::Step(')
}

/** Requests one after another (one at a time: the count does not depend on it, the warm-up does). */
async function serially(url, cookie, count) {
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers: { ...HEADERS, cookie }, redirect: 'manual' })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200`)
  }
}

async function count(target) {
  const outFile = resolve(tmp, `callgrind-${target.key}.out`)
  const launcher = ['valgrind', '--tool=callgrind', `--callgrind-out-file=${outFile}`, '--dump-instr=no', '--compress-strings=no']
  const { handle, url } = await target.start(launcher)
  // The process under callgrind, not Debian's valgrind script that started it (and waits for it).
  const pid = listeningPid(new URL(url).port)
  if (!pid) throw new Error(`no process listens for ${target.name}`)
  const kill = () => {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // gone already
    }
  }
  started({ stop: async () => kill(), child: { kill } })
  await serially(url, target.cookie, WARMUP)
  callgrindControl('--zero', pid)
  await serially(url, target.cookie, REQUESTS)
  const { total, gc } = await dumpedInstructions(pid, outFile, new URL('/healthz', url).href)
  process.kill(pid, 'SIGTERM')
  await handle.exited
  const perRequest = { total: total / REQUESTS, gc: gc / REQUESTS, work: (total - gc) / REQUESTS }
  console.log(`${target.name}: ${M(perRequest.work)} M instructions a request, and ${M(perRequest.gc)} M of garbage collection`)
  return perRequest
}

const M = (instructions) => (instructions / 1e6).toFixed(2)

async function main() {
  mkdirSync(tmp, { recursive: true })
  if (KEEP_DUMPS) mkdirSync(KEEP_DUMPS, { recursive: true })
  requireSignInBrowser()
  requireValgrind()
  const builds = await buildPortalRefs(started, tmp, REFS)
  await buildMemberAnchor(started, resolve(tmp, 'anchor-member'))

  const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(tmp, 'firebase') })
  try {
    const suiteUrl = await startMemberApiOnPostgres(started, {
      emulatorHost: emulator.host,
      tmp,
      databaseUrl: await throwAwayDatabase(DATABASE_URL, 'bench_count_instructions'),
    })
    // One portal as usual, for the sign-in; its session cookie serves every target (one Auth emulator).
    const signIn = await startPortalBuild(started, builds[0].outputDir, { emulator, suiteUrl })
    const [cookie] = await portalSessionCookies([signIn.url])
    await signIn.portal.stop()
    const { idToken } = await emulatorSignIn(emulator.host, DEMO_EMAIL, DEMO_PASSWORD)

    // One thread (no compiler or collector threads whose timing would change the count), and an old
    // generation large enough from the start that no major collection comes while a target is counted.
    const NODE_ARGS = ['--single-threaded', '--initial-old-space-size=4096', '--max-old-space-size=8192']
    const anchor = {
      key: 'anchor',
      name: 'member-page anchor',
      cookie,
      start: async (launcher) => {
        const { anchor, url } = await startMemberAnchor(started, resolve(tmp, 'anchor-member'), {
          suiteUrl,
          idToken,
          emulator,
          nodeArgs: NODE_ARGS,
          launcher,
          upWithinMs: UP_WITHIN_MS,
        })
        return { handle: anchor, url }
      },
    }
    const portals = builds.map((build, index) => ({
      key: `portal-${index}`,
      name: build.label,
      cookie,
      start: async (launcher) => {
        const { portal, url } = await startPortalBuild(started, build.outputDir, {
          emulator,
          suiteUrl,
          nodeArgs: NODE_ARGS,
          launcher,
          upWithinMs: UP_WITHIN_MS,
        })
        return { handle: portal, url: `${url}${PAGE}` }
      },
    }))
    // Two at a time: callgrind runs a process on one core, and the machine has two.
    const targets = [anchor, ...portals]
    const counts = new Map()
    for (let i = 0; i < targets.length; i += 2) {
      const pair = targets.slice(i, i + 2)
      const results = await Promise.all(pair.map(count))
      pair.forEach((target, j) => counts.set(target, results[j]))
    }

    const first = portals[0]
    const work = (target) => counts.get(target).work
    console.log(
      `\n${PAGE}, instructions per request over ${REQUESTS} requests after ${WARMUP} (callgrind, V8 on one thread);` +
        ' garbage collection apart, and the shares and differences without it:\n' +
        table(
          ['target', 'M instructions a request', 'garbage collection', 'of the anchor', `against ${first.name}`],
          targets.map((target) => [
            target.name,
            M(work(target)),
            M(counts.get(target).gc),
            target === anchor ? '—' : `${((100 * work(anchor)) / work(target)).toFixed(1)} %`,
            target === anchor || target === first ? '—' : `${(((work(target) - work(first)) / work(first)) * 100).toFixed(2)} %`,
          ]),
        ),
    )
  } finally {
    await emulator.stop()
  }
}

void runScript(main, cleanUp)
