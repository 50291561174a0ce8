// `npm run bench:profile-api`: where the member API's time goes under load, beside the bare Hono +
// PostgreSQL anchor doing the same kind of work. Starts an Auth emulator, the member API (its build,
// on a throw-away PostgreSQL database with the demo data) and the anchor, each with the inspector
// on; loads the anchor, then each chosen member API call, at 50 connections, with V8's CPU profiler
// running during that load only (start-up left out); prints the self time of the busiest functions
// and files per request. The profiles are kept in .data/ to open in Chrome's DevTools.
//
//   BENCH_DATABASE_URL  PostgreSQL server for the throw-away databases (required)
//   BENCH_SECONDS       seconds of load per target (default 8, after a 2 s warm-up)
//   BENCH_CALLS         comma-separated: public-reviews, member-info, public-campaign (a campaign's
//                       public page; default the first two)
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { fillPath, MEMBER_INFO_PATH, PUBLIC_CAMPAIGN_PATH, PUBLIC_CAMPAIGNS_PATH, PUBLIC_REVIEWS_PATH } from '../../contract/paths.ts'
import { freePort, startAuthEmulator } from '../lib/auth-emulator.mjs'
import { startNode } from '../lib/processes.mjs'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../lib/suite.mjs'
import { load, printProfile, profileDuring, table } from './measure.mjs'
import { emulatorSignIn, requiredBenchDatabase, runScope, runScript, startMemberApiOnPostgres, waitUntilUp } from './run-support.mjs'

const root = resolve(import.meta.dirname, '../..')
const DATABASE_URL = requiredBenchDatabase()
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CALLS = (process.env.BENCH_CALLS ?? 'public-reviews,member-info').split(',')
const CONNECTIONS = 50
const KNOWN = ['public-reviews', 'member-info', 'public-campaign']

if (CALLS.some((call) => !KNOWN.includes(call))) {
  console.error(`BENCH_CALLS takes ${KNOWN.join(', ')}.`)
  process.exit(1)
}

const tmp = resolve(root, `.data/bench-profile-${process.pid}`)
const { cleanUp, started, throwAwayDatabase } = runScope(tmp)

async function main() {
  mkdirSync(tmp, { recursive: true })
  const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(tmp, 'firebase') })
  try {
    const results = []
    const anchorPort = await freePort()
    const anchorInspect = await freePort()
    const suiteInspect = await freePort()
    const suiteUrl = await startMemberApiOnPostgres(started, {
      emulatorHost: emulator.host,
      tmp,
      databaseUrl: await throwAwayDatabase(DATABASE_URL, 'bench_profile_suite'),
      nodeArgs: [`--inspect=127.0.0.1:${suiteInspect}`],
    })
    const payloadBytes = (await (await fetch(`${suiteUrl}/${PUBLIC_REVIEWS_PATH}`)).arrayBuffer()).byteLength
    const anchor = started(
      startNode('anchor-hono', [`--inspect=127.0.0.1:${anchorInspect}`, resolve(root, 'scripts/bench/anchors/hono-postgres.mjs')], {
        quiet: true,
        env: {
          PORT: String(anchorPort),
          DATABASE_URL: await throwAwayDatabase(DATABASE_URL, 'bench_profile_anchor'),
          BENCH_PAYLOAD_BYTES: String(payloadBytes),
        },
      }),
    )
    const anchorUrl = `http://127.0.0.1:${anchorPort}/reviews`
    await waitUntilUp(anchor, anchorUrl)

    const { idToken } = await emulatorSignIn(emulator.host, DEMO_EMAIL, DEMO_PASSWORD)
    // The demo data's first campaign on the public list.
    const { data: campaignList } = await (await fetch(`${suiteUrl}/${PUBLIC_CAMPAIGNS_PATH}`)).json()
    const calls = {
      'public-campaign': { url: `${suiteUrl}/${fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: campaignList.items[0].slug })}`, headers: {} },
      'public-reviews': { url: `${suiteUrl}/${PUBLIC_REVIEWS_PATH}`, headers: {} },
      'member-info': { url: `${suiteUrl}/${MEMBER_INFO_PATH}`, headers: { authorization: `Bearer ${idToken}` } },
    }
    const targets = [['Hono + PostgreSQL anchor', { url: anchorUrl, headers: {} }], ...CALLS.map((call) => [call, calls[call]])]
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    for (const [name, target] of targets) {
      await load(target.url, { connections: CONNECTIONS, seconds: Math.min(2, SECONDS), headers: target.headers })
      const path = resolve(root, `.data/bench-profile-${stamp}-${name.replace(/[^a-z]+/gi, '-').toLowerCase()}.cpuprofile`)
      const inspectPort = name === targets[0][0] ? anchorInspect : suiteInspect
      const r = await profileDuring(inspectPort, path, () => load(target.url, { connections: CONNECTIONS, seconds: SECONDS, headers: target.headers }))
      if (r.errors > 0) throw new Error(`${name}: ${r.errors} errors under load`)
      results.push({ name, ...r, path })
    }
    for (const { name, requests, path } of results) printProfile(name, path, requests)
    console.log('')
    console.log(
      table(
        ['target', 'req/s', 'p99 ms'],
        results.map((r) => [r.name, r.rps.toFixed(0), String(r.p99)]),
      ),
    )
  } finally {
    await emulator.stop()
  }
}

void runScript(main, cleanUp)
