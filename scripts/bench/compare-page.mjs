// `npm run bench:compare-page -- [ref …]`: whether a change makes the portal's member page cheaper,
// told apart from the machine's own swings. Builds the portal of each git ref given (`.` is the
// working tree; by default `HEAD .`: the last commit against the changes not yet committed) and the
// member-page anchor, starts them all at once in front of one member API (its build, on a
// throw-away PostgreSQL database with the demo data), signs the demo member in on each portal, then
// loads each for a few seconds per round, round after round: the anchor first, the portals in turn,
// their order reversed every other round (a target measured just after a long rest pays for its
// memory coming back), each warmed up just before it is measured.
//
// On a machine of two cores shared with the member API, PostgreSQL and the load, one round of one
// target can cost a fifth more or less than the next. Most of that swing is V8 giving memory back
// while a target rests (its memory reducer) and taking it again under load (the page faults printed
// with each round); every target here runs without the memory reducer, which steadies the rounds.
// Two builds of the same commit still differ by up to about 0.1 ms a request in the median of their
// paired rounds: a smaller difference is no finding. On a busier machine it can be several times
// that: name the first ref twice (`HEAD HEAD .`) to measure the run's own noise beside the change.
// Prints each round, then each target's median main-thread CPU per request (and how much of it the
// kernel took), its share of the anchor's, and against the first ref the difference in each round
// and their median.
//
//   BENCH_DATABASE_URL  PostgreSQL server for the throw-away database (required)
//   BENCH_SECONDS       seconds of load per target per round (default 5, after 2 s of warm-up)
//   BENCH_ROUNDS        rounds (default 6)
//   BENCH_PAGE          the portal's page (default /en/member/campaigns)
import { mkdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { startAuthEmulator } from '../lib/auth-emulator.mjs'
import { listeningPid, load, loadWithCpu, median, table } from './measure.mjs'
import { buildMemberAnchor, buildPortalRefs, requiredBenchDatabase, requireSignInBrowser, runScope, runScript, startMemberPageStage } from './run-support.mjs'

const root = resolve(import.meta.dirname, '../..')
const DATABASE_URL = requiredBenchDatabase()
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
const PAGE = process.env.BENCH_PAGE ?? '/en/member/campaigns'
const CONNECTIONS = 20
const HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' }
/** For every target alike: see above. */
const NODE_ARGS = ['--no-memory-reducer']
const REFS = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['HEAD', '.']

// Under the project (its node_modules resolve the builds' imports), removed at the end.
const tmp = resolve(root, `.data/bench-compare-page-${process.pid}`)
const scope = runScope(tmp)
const { cleanUp, started } = scope
// Each process started adds an exit listener (runScope): more than node's default warning threshold.
process.setMaxListeners(64)
/** Minor page faults of a process so far (Linux /proc): memory it is given back after a rest. */
function pageFaults(pid) {
  return Number(
    readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ')[7],
  )
}

async function main() {
  mkdirSync(tmp, { recursive: true })
  // Before the builds: no Chromium, no sign-in.
  requireSignInBrowser()
  const builds = await buildPortalRefs(started, tmp, REFS)
  await buildMemberAnchor(started, resolve(tmp, 'anchor-member'))

  const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(tmp, 'firebase') })
  try {
    const stage = await startMemberPageStage(scope, {
      emulator,
      tmp,
      databaseUrl: DATABASE_URL,
      databaseName: 'bench_compare_page',
      portalDirs: builds.map((build) => build.outputDir),
      anchorDir: resolve(tmp, 'anchor-member'),
      portalNodeArgs: () => NODE_ARGS,
      anchorNodeArgs: NODE_ARGS,
    })
    const { anchorUrl } = stage
    const portals = stage.portals.map(({ url, cookie }, index) => ({ name: builds[index].label, url: `${url}${PAGE}`, cookie }))
    // The anchor checks the session cookie as a portal does: any portal's will do (one Auth emulator).
    const anchor = { name: 'member-page anchor', url: anchorUrl, cookie: portals[0].cookie }
    for (const target of [anchor, ...portals]) {
      const check = await fetch(target.url, { headers: { ...HEADERS, cookie: target.cookie }, redirect: 'manual' })
      if (check.status !== 200) throw new Error(`${target.name} answers ${check.status}, not 200`)
      target.cpu = []
      target.kernel = []
      target.rows = []
    }

    for (let round = 0; round < ROUNDS; round++) {
      for (const target of [anchor, ...(round % 2 ? [...portals].reverse() : portals)]) {
        const options = { connections: CONNECTIONS, headers: { ...HEADERS, cookie: target.cookie } }
        await load(target.url, { ...options, seconds: 2 })
        const pid = listeningPid(new URL(target.url).port)
        const faultsBefore = pageFaults(pid)
        const result = await loadWithCpu(target.url, { ...options, seconds: SECONDS })
        if (result.errors > 0) throw new Error(`${target.name}: ${result.errors} errors under load`)
        target.cpu[round] = result.mainMsPerRequest
        target.kernel[round] = result.mainKernelMsPerRequest
        console.log(
          `round ${round + 1}  ${target.name}: ${result.rps.toFixed(0)} req/s, ${result.mainMsPerRequest.toFixed(3)} ms main-thread CPU a request ` +
            `(${result.mainKernelMsPerRequest.toFixed(3)} of it in the kernel), ` +
            `${((pageFaults(pid) - faultsBefore) / result.requests).toFixed(1)} page faults a request`,
        )
      }
    }

    const anchorMedian = median(anchor.cpu)
    const first = portals[0]
    console.log(
      `\n${PAGE}, ${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections:\n` +
        table(
          ['target', 'median ms a request', 'in the kernel', 'of the anchor', `against ${first.name}, each round (ms)`, 'median'],
          [anchor, ...portals].map((target) => {
            const paired = target.cpu.map((ms, round) => ms - first.cpu[round])
            return [
              target.name,
              median(target.cpu).toFixed(3),
              median(target.kernel).toFixed(3),
              target === anchor ? '—' : `${((100 * anchorMedian) / median(target.cpu)).toFixed(1)} %`,
              target === first ? '—' : paired.map((ms) => (ms >= 0 ? '+' : '') + ms.toFixed(3)).join(' '),
              target === first ? '—' : (median(paired) >= 0 ? '+' : '') + median(paired).toFixed(3),
            ]
          }),
        ),
    )
  } finally {
    await emulator.stop()
  }
}

void runScript(main, cleanUp)
