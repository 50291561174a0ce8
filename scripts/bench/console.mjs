// The console rows of `npm run bench` (and alone): the moderation queue and the applicants table
// of the member API on a PostgreSQL database holding 100,000 participations and 20,000 reviews
// waiting for moderation, a page of 50 rows each, beside the bare Hono + PostgreSQL anchor serving
// a page of the same size in the same run. The goal: p99 under 100 ms per page.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node scripts/bench/console.mjs
//
//   BENCH_SECONDS   seconds of load per target (default 8, each after a 2 s warm-up)
//   BENCH_HOLD=1    once filled, wait BENCH_HOLD_SECONDS (600) before loading, printing the database's
//                   address, to look at query plans with psql
//   BENCH_PROFILE=1 a CPU profile of the member API during each target's load (the inspector on;
//                   its busiest functions and files printed per request, the profiles kept in .data/)
// Everything it starts or creates (Auth emulator, processes, databases) is removed at the end.
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import postgres from 'postgres'
import { load, loadWithCpu, printProfile, profileDuring, table } from './measure.mjs'
import { emulatorSignIn, runScope, secondFactorPass, waitUntilUp } from './run-support.mjs'
import { freePort, startAuthEmulator } from '../lib/auth-emulator.mjs'
import { startNode } from '../lib/processes.mjs'
import { DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD, memberApiCommand } from '../lib/suite.mjs'

const root = resolve(import.meta.dirname, '../..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const DATABASE_URL = process.env.BENCH_DATABASE_URL
const CONNECTIONS = 10
const MEMBERS = 20_000
const FLIGHTS = 5
const PAGE = 50
const GOAL_P99_MS = 100
const PROFILE = process.env.BENCH_PROFILE === '1'
if (!DATABASE_URL) {
  console.error('Set BENCH_DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test).')
  process.exit(1)
}
if (!Number.isFinite(SECONDS) || SECONDS <= 0 || SECONDS > 300) {
  console.error('BENCH_SECONDS must be a number of seconds between 1 and 300.')
  process.exit(1)
}

const tmp = resolve(root, `.data/bench-console-${process.pid}`)
const { cleanups, cleanUp, started, throwAwayDatabase } = runScope(tmp)

/**
 * A community as large as the goal names, written in a few statements: MEMBERS members, each in
 * every one of the FLIGHTS flights of one campaign (MEMBERS × FLIGHTS participations); in the first
 * flight each has sent a review that waits for moderation, in the others each is on the waitlist.
 */
async function fill(databaseUrl) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const [product] = await sql`insert into products (name, brand, description, category, retail_value_cents, currency, images)
      values ('Bench Kettle', 'Benchbrand', 'A kettle for the benchmark.', 'kitchen', 3000, 'EUR', '[]') returning id`
    const [campaign] = await sql`insert into campaigns (slug, title, summary, description, kind, product_id, eligibility, screener, tasks, created_at)
      select 'bench-console', 'Bench campaign', 'Summary', 'Description', 'free-product', ${product.id}, eligibility, '[]', tasks, now()
      from campaigns limit 1 returning id`
    const flights = await sql`insert into flights (campaign_id, name, position, signup_opens_at, signup_closes_at, testing_starts_at, review_due_at, quota)
      select ${campaign.id}, 'Flight ' || n, n, now() - interval '30 days', now() - interval '20 days', now() - interval '15 days', now() + interval '15 days', 100
      from generate_series(1, ${FLIGHTS}) n returning id, position`
    // The members do not want the new-campaigns digest: its sweep (minute 7 of every hour) would
    // look at each of them once, over a minute of work beside the load measured, or not, depending
    // on the hour the bench runs. The console's pages are measured, not that sweep.
    await sql`insert into members (uid, email, email_verified, first_name, last_name, display_name, notification_settings, referral_code, created_at, updated_at)
      select 'bench-' || n, 'bench-' || n || '@example.test', true, 'Bench', 'Tester ' || n, 'Bench T. ' || n,
        jsonb_set(jsonb_set(notification_settings, '{email,newCampaigns}', 'false'), '{sms,newCampaigns}', 'false'), 'BENCH' || n, now(), now()
      from generate_series(1, ${MEMBERS}) n, (select notification_settings from members limit 1) s`
    for (const flight of flights) {
      const status = flight.position === 1 ? 'reviewed' : 'waitlisted'
      await sql`insert into participations (member_id, campaign_id, flight_id, status, standing_rank, applied_at, selected_at, updated_at)
        select id, ${campaign.id}, ${flight.id}, ${status}, (abs(hashtext(id::text)) % 4), now() - interval '25 days', ${status === 'reviewed' ? sql`now() - interval '24 days'` : null}, now()
        from members where uid like 'bench-%'`
    }
    const first = flights.find((f) => f.position === 1)
    // The queue's counts are kept by a trigger row by row, at each commit; for this bulk insert they
    // are summed once afterwards instead, as \`npm run bench:large\` does.
    await sql`alter table reviews disable trigger reviews_follow_moderation_queue`
    await sql`insert into reviews (participation_id, member_id, campaign_id, product_id, rating, title, body, photos, received_for_free, status, submitted_at)
      select p.id, p.member_id, p.campaign_id, ${product.id}, 1 + (p.seq % 5), 'A review of the bench kettle ' || p.seq,
        repeat('It boils water quickly and the lid closes well. ', 8), '[]', true, 'pending', now() - (p.seq % 10000) * interval '1 minute'
      from participations p where p.flight_id = ${first.id}`
    await sql`alter table reviews enable trigger reviews_follow_moderation_queue`
    await sql`select moderation_queue_refill()`
    // As autovacuum leaves a table that has settled: statistics and the visibility map (index-only
    // scans) up to date. VACUUM marks a page all-visible only when no transaction that began before
    // its rows were written is still open, and the member API's jobs run beside the fill: vacuumed
    // again, after a pause, until the map covers the tables the pages read by index alone.
    for (let attempt = 1; ; attempt++) {
      await sql`vacuum analyze`
      const [{ visible }] =
        await sql`select min(relallvisible::float8 / greatest(relpages, 1)) as visible from pg_class where relname in ('reviews', 'participations')`
      if (visible >= 0.95) break
      if (attempt === 20) throw new Error(`The visibility map covers ${(visible * 100).toFixed(0)} % of the tables after ${attempt} vacuums`)
      console.log(`vacuum ${attempt}: the visibility map covers ${(visible * 100).toFixed(0)} % of the tables; again`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const [counts] =
      await sql`select (select count(*) from participations)::int as participations, (select count(*) from reviews where status = 'pending')::int as pending`
    return { flightIds: flights.sort((a, b) => a.position - b.position).map((f) => f.id), ...counts }
  } finally {
    await sql.end()
  }
}

async function main() {
  mkdirSync(tmp, { recursive: true })
  const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(tmp, 'firebase') })
  cleanups.push(() => emulator.stop())

  const databaseUrl = await throwAwayDatabase(DATABASE_URL, 'bench_console')
  const port = await freePort()
  const inspectPort = await freePort()
  const suite = started(
    startNode('suite', [...(PROFILE ? [`--inspect=127.0.0.1:${inspectPort}`] : []), ...memberApiCommand('build')], {
      quiet: true,
      env: {
        SUITE_MODE: 'local',
        SUITE_PORT: String(port),
        SUITE_HOST: '127.0.0.1',
        SUITE_SEED: 'demo',
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        GCLOUD_PROJECT: emulator.projectId,
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
      },
    }),
  )
  const suiteUrl = `http://127.0.0.1:${port}`
  await waitUntilUp(suite, `${suiteUrl}/readyz`)
  const started_ = Date.now()
  const filled = await fill(databaseUrl)
  console.log(
    `console bench: ${filled.participations} participations, ${filled.pending} reviews waiting, filled in ${((Date.now() - started_) / 1000).toFixed(1)} s`,
  )

  if (process.env.BENCH_HOLD === '1') {
    console.log(`holding for probes: ${databaseUrl} ${suiteUrl}`)
    await new Promise((r) => setTimeout(r, Number(process.env.BENCH_HOLD_SECONDS ?? 600) * 1000))
  }
  const { idToken } = await emulatorSignIn(emulator.host, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD)
  // Staff calls carry the session's second-factor pass, as the console sends it.
  const headers = { authorization: `Bearer ${idToken}`, 'x-second-factor-pass': await secondFactorPass(suiteUrl, DEMO_STAFF_EMAIL, idToken) }

  const queue = (page) => `${suiteUrl}/ops/v1/reviews?pageSize=${PAGE}&page=${page}`
  const applicants = (page) => `${suiteUrl}/ops/v1/flights/${filled.flightIds[1]}/applicants?pageSize=${PAGE}&page=${page}`
  const payloadBytes = (await (await fetch(queue(1), { headers })).arrayBuffer()).byteLength

  const anchorPort = await freePort()
  const anchor = started(
    startNode('anchor-hono', [resolve(root, 'scripts/bench/anchors/hono-postgres.mjs')], {
      quiet: true,
      env: { PORT: String(anchorPort), DATABASE_URL: await throwAwayDatabase(DATABASE_URL, 'bench_console_anchor'), BENCH_PAYLOAD_BYTES: String(payloadBytes) },
    }),
  )
  const anchorUrl = `http://127.0.0.1:${anchorPort}/reviews`
  await waitUntilUp(anchor, anchorUrl)

  const ANCHOR = 'Hono + PostgreSQL anchor (same payload)'
  const targets = [
    { name: ANCHOR, url: anchorUrl, headers: {} },
    { name: 'moderation queue, page 1 of 50 rows', url: queue(1), headers },
    { name: 'moderation queue, page 300 (deep)', url: queue(300), headers },
    { name: 'applicants (waiting), page 1 of 50 rows', url: applicants(1), headers },
    { name: 'applicants (waiting), page 300 (deep)', url: applicants(300), headers },
  ]
  for (const target of targets) {
    const response = await fetch(target.url, { headers: target.headers })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${target.name} answers ${response.status}`)
  }
  console.log(`${SECONDS} s per target at ${CONNECTIONS} connections; a console page is ${payloadBytes} B\n`)
  const results = new Map()
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const profiles = []
  for (const target of targets) {
    await load(target.url, { connections: CONNECTIONS, seconds: Math.min(2, SECONDS), headers: target.headers })
    // The member API's main-thread CPU per request beside the latency: steadier when the machine is busy.
    const options = { connections: CONNECTIONS, seconds: SECONDS, headers: target.headers }
    if (PROFILE && target.name !== ANCHOR) {
      const path = resolve(root, `.data/bench-console-${stamp}-${target.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.cpuprofile`)
      const result = await loadWithCpu(target.url, options, (run) => profileDuring(inspectPort, path, run))
      profiles.push({ name: target.name, path, requests: result.requests })
      results.set(target.name, result)
    } else {
      results.set(target.name, await loadWithCpu(target.url, options))
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  for (const { name, path, requests } of profiles) printProfile(name, path, requests)
  const fmt = (n) => (Number.isFinite(n) ? n.toFixed(0) : '—')
  const anchorResult = results.get(ANCHOR)
  console.log(
    table(
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'of anchor', 'CPU ms/request', `p99 < ${GOAL_P99_MS} ms`],
      targets.map((t) => {
        const r = results.get(t.name)
        return [
          t.name,
          fmt(r.rps),
          fmt(r.p50),
          fmt(r.p99),
          r.errors,
          t.name === ANCHOR ? '—' : `${fmt((100 * r.rps) / anchorResult.rps)} %`,
          Number.isFinite(r.mainMsPerRequest) ? r.mainMsPerRequest.toFixed(2) : '—',
          t.name === ANCHOR ? '—' : r.p99 < GOAL_P99_MS ? 'yes' : 'NO',
        ]
      }),
    ),
  )
}

let code = 0
try {
  await main()
} catch (error) {
  console.error(`\nconsole bench failed: ${error instanceof Error ? error.message : error}`)
  code = 1
}
await cleanUp()
process.exit(code)
