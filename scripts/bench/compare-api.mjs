// `npm run bench:compare-api -- [ref …]`: whether a change makes a member API call cheaper, told
// apart from the machine's own swings, beside the bare Hono + PostgreSQL anchor. Builds the member
// API of each git ref given (`.` is the working tree; by default `HEAD .`), starts each build on a
// throw-away PostgreSQL database of its own with the demo data, and the anchor answering as many
// bytes as the first build's call; then loads each for a few seconds per round, round after round:
// the anchor first, the builds in turn, their order reversed every other round, each warmed up just
// before it is measured.
//
// On a machine of two cores, the member API, PostgreSQL and the load share the cores: what a call
// costs the machine is the member API's CPU (all its threads) plus PostgreSQL's, both per request
// and both printed, with req/s. Prints each round, then for each target the medians, its share of
// the anchor's by req/s and by the CPU of both, and against the first ref the paired difference in
// that CPU each round and their median. Name the first ref twice (`HEAD HEAD .`) to see the run's
// own noise beside the change.
//
//   BENCH_DATABASE_URL  PostgreSQL server for the throw-away databases (required)
//   BENCH_SECONDS       seconds of load per target per round (default 5, after 2 s of warm-up)
//   BENCH_ROUNDS        rounds (default 6)
//   BENCH_CALL          the call: public-reviews (default) or member-info
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import postgres from 'postgres'
import { MEMBER_INFO_PATH, PUBLIC_REVIEWS_PATH } from '../../contract/paths.ts'
import { freePort, startAuthEmulator } from '../lib/auth-emulator.mjs'
import { startNode } from '../lib/processes.mjs'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../lib/suite.mjs'
import { load, loadWithCpu, median, table } from './measure.mjs'
import { buildMemberApiRefs, emulatorSignIn, requiredBenchDatabase, runScope, runScript, waitUntilUp } from './run-support.mjs'

const root = resolve(import.meta.dirname, '../..')
const DATABASE_URL = requiredBenchDatabase()
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
const CALL = process.env.BENCH_CALL ?? 'public-reviews'
const CALLS = { 'public-reviews': PUBLIC_REVIEWS_PATH, 'member-info': MEMBER_INFO_PATH }
// As `npm run bench` loads the member API.
const CONNECTIONS = 50
/** For every target alike, as in bench:compare-page: V8 keeps its memory between rounds. */
const NODE_ARGS = ['--no-memory-reducer']
const REFS = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['HEAD', '.']

if (!(CALL in CALLS)) {
  console.error(`BENCH_CALL takes ${Object.keys(CALLS).join(', ')}.`)
  process.exit(1)
}

// Under the project (its node_modules resolve the builds' imports), removed at the end.
const tmp = resolve(root, `.data/bench-compare-api-${process.pid}`)
const { cleanUp, started, throwAwayDatabase } = runScope(tmp)
process.setMaxListeners(64)

async function main() {
  mkdirSync(tmp, { recursive: true })
  const builds = await buildMemberApiRefs(started, tmp, REFS)
  const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(tmp, 'firebase') })
  try {
    const targets = []
    for (const [index, build] of builds.entries()) {
      const port = await freePort()
      const databaseUrl = await throwAwayDatabase(DATABASE_URL, `bench_compare_api_${index}`)
      const handle = started(
        startNode(`member API ${index + 1}`, [...NODE_ARGS, '--enable-source-maps', build.server], {
          quiet: true,
          env: {
            SUITE_MODE: 'local',
            SUITE_PORT: String(port),
            SUITE_HOST: '127.0.0.1',
            SUITE_DATA_DIR: resolve(tmp, `pglite-unused-${index}`),
            SUITE_SEED: 'demo',
            DATABASE_URL: databaseUrl,
            FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
            GCLOUD_PROJECT: emulator.projectId,
            LOG_LEVEL: 'warn',
          },
        }),
      )
      const base = `http://127.0.0.1:${port}`
      await waitUntilUp(handle, `${base}/readyz`)
      // Each database just seeded, its statistics made now: not left to when autovacuum comes by.
      const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
      await sql`vacuum analyze`.finally(() => sql.end())
      targets.push({ name: build.label, url: `${base}/${CALLS[CALL]}` })
    }
    const headers = {}
    if (CALL === 'member-info') headers.authorization = `Bearer ${(await emulatorSignIn(emulator.host, DEMO_EMAIL, DEMO_PASSWORD)).idToken}`

    const payloadBytes = (await (await fetch(targets[0].url, { headers })).arrayBuffer()).byteLength
    const anchorPort = await freePort()
    const anchorHandle = started(
      startNode('anchor-hono', [...NODE_ARGS, resolve(root, 'scripts/bench/anchors/hono-postgres.mjs')], {
        quiet: true,
        env: {
          PORT: String(anchorPort),
          DATABASE_URL: await throwAwayDatabase(DATABASE_URL, 'bench_compare_api_anchor'),
          BENCH_PAYLOAD_BYTES: String(payloadBytes),
        },
      }),
    )
    const anchor = { name: 'Hono + PostgreSQL anchor', url: `http://127.0.0.1:${anchorPort}/reviews` }
    await waitUntilUp(anchorHandle, anchor.url)
    for (const target of [anchor, ...targets]) {
      const check = await fetch(target.url, { headers: target === anchor ? {} : headers })
      if (check.status !== 200) throw new Error(`${target.name} answers ${check.status}, not 200`)
      Object.assign(target, { rps: [], api: [], database: [], cpu: [] })
    }
    const bytes = async (target) => (await (await fetch(target.url, { headers: target === anchor ? {} : headers })).arrayBuffer()).byteLength
    console.log(`${CALL}, bytes an answer: ${(await Promise.all([anchor, ...targets].map(async (t) => `${t.name} ${await bytes(t)}`))).join(', ')}.`)

    for (let round = 0; round < ROUNDS; round++) {
      for (const target of [anchor, ...(round % 2 ? [...targets].reverse() : targets)]) {
        const options = { connections: CONNECTIONS, headers: target === anchor ? {} : headers }
        await load(target.url, { ...options, seconds: 2 })
        const result = await loadWithCpu(target.url, { ...options, seconds: SECONDS })
        if (result.errors > 0) throw new Error(`${target.name}: ${result.errors} errors under load`)
        target.rps[round] = result.rps
        target.api[round] = result.allMsPerRequest
        target.database[round] = result.databaseMsPerRequest
        target.cpu[round] = result.allMsPerRequest + result.databaseMsPerRequest
        console.log(
          `round ${round + 1}  ${target.name}: ${result.rps.toFixed(0)} req/s, CPU a request ${result.allMsPerRequest.toFixed(3)} ms in the process ` +
            `+ ${result.databaseMsPerRequest.toFixed(3)} ms in PostgreSQL`,
        )
      }
    }

    const first = targets[0]
    console.log(
      `\n${CALL}, ${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections (medians):\n` +
        table(
          ['target', 'req/s', 'of anchor', 'CPU ms a request: process', 'PostgreSQL', 'both', 'of anchor', `both, against ${first.name}, each round`, 'median'],
          [anchor, ...targets].map((target) => {
            const paired = target.cpu.map((ms, round) => ms - first.cpu[round])
            const share = (ours, theirs) => (target === anchor ? '—' : `${((100 * ours) / theirs).toFixed(1)} %`)
            return [
              target.name,
              median(target.rps).toFixed(0),
              share(median(target.rps), median(anchor.rps)),
              median(target.api).toFixed(3),
              median(target.database).toFixed(3),
              median(target.cpu).toFixed(3),
              share(median(anchor.cpu), median(target.cpu)),
              target === anchor || target === first ? '—' : paired.map((ms) => (ms >= 0 ? '+' : '') + ms.toFixed(3)).join(' '),
              target === anchor || target === first ? '—' : (median(paired) >= 0 ? '+' : '') + median(paired).toFixed(3),
            ]
          }),
        ),
    )
  } finally {
    await emulator.stop()
  }
}

void runScript(main, cleanUp)
