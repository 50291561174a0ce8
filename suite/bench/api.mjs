// The member API rows of `npm run bench`, alone and quicker: the member API on PostgreSQL (as
// suite/server.ts starts it, local mode, demo data) beside the bare Hono + postgres.js anchor serving
// a payload of the same size (scripts/bench/anchors/hono-postgres.mjs), in one run; public reviews
// and member_info at 50 connections (loopback only, bounded in time); req/s, p50, p99, errors, the
// ratio to the anchor, and the CPU time the server and all of PostgreSQL spend per request (Linux
// /proc; steadier than req/s when other work shares the machine).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node suite/bench/api.mjs
//
//   BENCH_SECONDS   seconds of load per target (default 10, each after a 2 s warm-up)
//   BENCH_PROFILE=1 the member API runs under `node --cpu-prof`: afterwards its self time by function
//                   (kept in .data/bench-api-<pid>-profile/)
//   BENCH_ONLY      `reviews` or `member_info`: load only that endpoint (and the anchor), e.g. to profile one
//   BENCH_ROUNDS    rounds of anchor-then-targets (default 1); with more, the median ratio is printed too
//   BENCH_VARIANT   a directory holding another version of suite/ and contract/ (e.g. a copy under .data/):
//                   it runs beside this one, on a database of its own, and is loaded in the same rounds
//   BENCH_NODE_ARGS more arguments for the member API's node (e.g. --heap-prof --heap-prof-dir=…)
//   BENCH_LOG_LEVEL the member API's LOG_LEVEL (default warn, as in `npm run bench`; info writes a line per request)
// Everything it starts or creates (Auth emulator, processes, databases) is removed at the end.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { MEMBER_INFO_PATH, PUBLIC_REVIEWS_PATH } from '../../contract/paths.ts'
import { load, summariseProfile, table } from '../../scripts/bench/measure.mjs'
import { emulatorSignIn, runScope, waitUntilUp } from '../../scripts/bench/run-support.mjs'
import { freePort, startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs'
import { startNode } from '../../scripts/lib/processes.mjs'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../scripts/lib/suite.mjs'

const root = resolve(import.meta.dirname, '../..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const DATABASE_URL = process.env.BENCH_DATABASE_URL
const PROFILE = process.env.BENCH_PROFILE === '1'
const CONNECTIONS = 50
const ONLY = process.env.BENCH_ONLY
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1)
const VARIANT = process.env.BENCH_VARIANT ? resolve(process.env.BENCH_VARIANT) : null
if (!DATABASE_URL) {
  console.error('Set BENCH_DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test).')
  process.exit(1)
}
if (!Number.isFinite(SECONDS) || SECONDS <= 0 || SECONDS > 300) {
  console.error('BENCH_SECONDS must be a number of seconds between 1 and 300.')
  process.exit(1)
}
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || ROUNDS > 10) {
  console.error('BENCH_ROUNDS must be a whole number between 1 and 10.')
  process.exit(1)
}

const tmp = resolve(root, `.data/bench-api-${process.pid}`)
const profileDir = `${tmp}-profile`
const { cleanups, cleanUp, started, throwAwayDatabase: throwAwayOn } = runScope(tmp)
const throwAwayDatabase = (prefix) => throwAwayOn(DATABASE_URL, prefix)

/** User and system CPU seconds a process has used so far (Linux: /proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return NaN
  }
}

/** CPU seconds used so far by every PostgreSQL process of this machine (the server the targets share). */
function postgresCpuSeconds() {
  let total = 0
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      if (!stat.includes('(postgres)')) continue
      const fields = stat.split(') ')[1].split(' ')
      total += (Number(fields[11]) + Number(fields[12])) / 100
    } catch {
      // gone meanwhile
    }
  }
  return total
}

async function main() {
  mkdirSync(tmp, { recursive: true })
  const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(tmp, 'firebase') })
  cleanups.push(() => emulator.stop())

  // Without tsx's CLI (which runs the program in a child process), so that --cpu-prof profiles the server itself.
  const nodeArgs = [
    '--import',
    'tsx',
    ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ]
  // One at a time: each seeds the demo member, and two at once would both create its account.
  const startSuite = async (name, serverFile, args) => {
    const port = await freePort()
    const handle = started(
      startNode(name, [...args, serverFile], {
        quiet: true,
        env: {
          SUITE_MODE: 'local',
          SUITE_PORT: String(port),
          SUITE_HOST: '127.0.0.1',
          SUITE_SEED: 'demo',
          FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
          GCLOUD_PROJECT: emulator.projectId,
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
          DATABASE_URL: await throwAwayDatabase('bench_api_suite'),
        },
      }),
    )
    const url = `http://127.0.0.1:${port}`
    await waitUntilUp(handle, `${url}/readyz`)
    return { handle, url }
  }
  const { handle: suite, url: suiteUrl } = await startSuite('suite', resolve(root, 'suite/server.ts'), nodeArgs)
  const variant = VARIANT ? await startSuite('variant', resolve(VARIANT, 'suite/server.ts'), ['--import', 'tsx']) : null

  const productBytes = (await (await fetch(`${suiteUrl}/${PUBLIC_REVIEWS_PATH}`)).arrayBuffer()).byteLength
  const anchorPort = await freePort()
  const anchor = started(
    startNode('anchor-hono', [resolve(root, 'scripts/bench/anchors/hono-postgres.mjs')], {
      quiet: true,
      env: { PORT: String(anchorPort), DATABASE_URL: await throwAwayDatabase('bench_api_anchor'), BENCH_PAYLOAD_BYTES: String(productBytes) },
    }),
  )
  const anchorUrl = `http://127.0.0.1:${anchorPort}/reviews`
  await waitUntilUp(anchor, anchorUrl)

  const { idToken } = await emulatorSignIn(emulator.host, DEMO_EMAIL, DEMO_PASSWORD)

  const ANCHOR = 'Hono + PostgreSQL anchor'
  let targets = [
    { name: ANCHOR, url: anchorUrl, headers: {}, pid: anchor.child.pid },
    { key: 'reviews', name: 'API public reviews (PostgreSQL)', url: `${suiteUrl}/${PUBLIC_REVIEWS_PATH}`, headers: {}, anchor: ANCHOR, pid: suite.child.pid },
    {
      key: 'member_info',
      name: 'API member_info (PostgreSQL)',
      url: `${suiteUrl}/${MEMBER_INFO_PATH}`,
      headers: { authorization: `Bearer ${idToken}` },
      anchor: ANCHOR,
      pid: suite.child.pid,
    },
  ]
  if (variant) {
    targets.push(
      {
        key: 'reviews',
        name: 'variant public reviews',
        url: `${variant.url}/${PUBLIC_REVIEWS_PATH}`,
        headers: {},
        anchor: ANCHOR,
        pid: variant.handle.child.pid,
      },
      {
        key: 'member_info',
        name: 'variant member_info',
        url: `${variant.url}/${MEMBER_INFO_PATH}`,
        headers: { authorization: `Bearer ${idToken}` },
        anchor: ANCHOR,
        pid: variant.handle.child.pid,
      },
    )
  }
  targets = targets.filter((t) => !ONLY || !t.key || t.key === ONLY)
  for (const target of targets) {
    const response = await fetch(target.url, { headers: target.headers })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${target.name} answers ${response.status}`)
  }
  console.log(`suite bench: ${SECONDS} s per target at ${CONNECTIONS} connections (payload ${productBytes} B)${PROFILE ? ', member API under --cpu-prof' : ''}`)
  const fmt = (n) => (Number.isFinite(n) ? n.toFixed(0) : '—')
  // Each round loads the anchor and then the targets; a target's ratio is to the anchor of its own round.
  const rounds = []
  for (let round = 0; round < ROUNDS; round++) {
    const results = new Map()
    for (const target of targets) {
      await load(target.url, { connections: 10, seconds: Math.min(2, SECONDS), headers: target.headers })
      const cpuBefore = cpuSeconds(target.pid)
      const dbBefore = postgresCpuSeconds()
      const result = await load(target.url, { connections: CONNECTIONS, seconds: SECONDS, headers: target.headers })
      // CPU time of the server and of PostgreSQL per request: steadier than req/s when other work shares the machine.
      result.cpuUs = ((cpuSeconds(target.pid) - cpuBefore) * 1e6) / (result.rps * SECONDS)
      result.dbCpuUs = ((postgresCpuSeconds() - dbBefore) * 1e6) / (result.rps * SECONDS)
      results.set(target.name, result)
      await new Promise((r) => setTimeout(r, 1000))
    }
    rounds.push(results)
    console.log(
      `\n${ROUNDS > 1 ? `round ${round + 1} of ${ROUNDS}\n` : ''}${table(
        ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'of anchor', 'CPU µs/req', 'PostgreSQL µs/req'],
        targets.map((t) => {
          const r = results.get(t.name)
          const a = t.anchor && results.get(t.anchor)
          return [t.name, fmt(r.rps), fmt(r.p50), fmt(r.p99), r.errors, a ? `${fmt((100 * r.rps) / a.rps)} %` : '—', fmt(r.cpuUs), fmt(r.dbCpuUs)]
        }),
      )}`,
    )
  }
  if (ROUNDS > 1) {
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    console.log(`\nmedian over ${ROUNDS} rounds\n`)
    console.log(
      table(
        ['target', 'req/s', 'p99 ms', 'errors', 'of anchor', 'CPU µs/req', 'PostgreSQL µs/req'],
        targets.map((t) => {
          const of = (f) => rounds.map((results) => f(results.get(t.name), t.anchor && results.get(t.anchor)))
          return [
            t.name,
            fmt(median(of((r) => r.rps))),
            fmt(median(of((r) => r.p99))),
            of((r) => r.errors).reduce((a, b) => a + b, 0),
            t.anchor ? `${fmt(median(of((r, a) => (100 * r.rps) / a.rps)))} %` : '—',
            fmt(median(of((r) => r.cpuUs))),
            fmt(median(of((r) => r.dbCpuUs))),
          ]
        }),
      ),
    )
  }

  if (PROFILE) {
    await suite.stop()
    const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))
    if (!file) throw new Error('The member API wrote no CPU profile')
    const profile = summariseProfile(resolve(profileDir, file), 25)
    console.log(
      `\nMember API CPU profile: ${(profile.busyMs / 1000).toFixed(1)} s busy, ${(profile.idleMs / 1000).toFixed(1)} s idle; kept in ${resolve(profileDir, file)}\n`,
    )
    console.log(
      table(
        ['self time, by function', 'ms', 'of busy'],
        profile.functions.map((f) => [f.name, fmt(f.ms), `${(100 * f.share).toFixed(1)} %`]),
      ),
    )
    console.log('')
    console.log(
      table(
        ['self time, by file', 'ms', 'of busy'],
        profile.files.map((f) => [f.name, fmt(f.ms), `${(100 * f.share).toFixed(1)} %`]),
      ),
    )
  }
}

let code = 0
try {
  await main()
} catch (error) {
  console.error(`\nsuite bench failed: ${error instanceof Error ? error.message : error}`)
  code = 1
}
await cleanUp()
process.exit(code)
