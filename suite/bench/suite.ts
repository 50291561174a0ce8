// Benchmark of the member API: requests per second and p99 latency at 50 connections for
// member_info, participations and public reviews.
//   npx tsx suite/bench/suite.ts   (needs the Firebase Auth emulator: FIREBASE_AUTH_EMULATOR_HOST)
// BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL (PostgreSQL;
// default an in-memory PGlite).
import { serve } from '@hono/node-server'
import autocannon from 'autocannon'
import pino from 'pino'
import { MEMBER_INFO_PATH, PARTICIPATIONS_PATH, PUBLIC_REVIEWS_PATH } from '../../contract/paths'
import { createSuiteApp } from '../app'
import { openDatabase } from '../db/client'
import { systemClock, type SuiteDeps } from '../deps'
import { firebaseIdentity } from '../identity/identity'
import { DEMO_MEMBER } from '../seed/catalogue'
import { seedDemoData } from '../seed/seed'
import { localBotCheck } from '../services/bot-check'
import { localDiscountCodes } from '../services/discount-codes'
import { databaseOutbox } from '../services/outbox'
import { defaultImageWorkLimits, imageWorkLimit } from '../services/image-work'
import { memoryPhotoStorage } from '../services/photo-storage'
import { signIn } from '../test/members'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  console.error('Set FIREBASE_AUTH_EMULATOR_HOST to a running Firebase Auth emulator (npm start runs one on 127.0.0.1:9099).')
  process.exit(1)
}

const database = process.env.BENCH_DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL, maxConnections: 20 })
  : await openDatabase({ kind: 'pglite', dataDir: 'memory' })
const deps: SuiteDeps = {
  db: database.db,
  reads: (work) => work(database.db),
  ping: database.ping,
  identity: firebaseIdentity(process.env.GCLOUD_PROJECT ?? 'demo-portal'),
  clock: systemClock,
  outbox: databaseOutbox(systemClock),
  logger: pino({ level: 'warn' }),
  discountCodes: localDiscountCodes,
  botCheck: localBotCheck,
  photoStorage: memoryPhotoStorage(),
  imageWork: imageWorkLimit(defaultImageWorkLimits()),
  settings: {
    mode: 'local',
    otpPepper: 'bench-pepper-bench-pepper-bench-pepper',
    secondFactorKey: 'bench-second-factor-key-bench-second-factor',
    intercomSecret: 'bench-secret-bench-secret-bench-secret',
    messages: { linkSecret: 'bench-secret-bench-secret-bench-secret', portalUrl: 'http://localhost:3000' },
    trustedProxies: [],
    retentionDays: 30,
    smsLimits: { countries: ['DE'], perHour: 200, perClientPerHour: 10 },
  },
}
await seedDemoData(deps)
const token = await signIn(DEMO_MEMBER.email, DEMO_MEMBER.password)
const server = serve({ fetch: createSuiteApp(deps).fetch, port: 0, hostname: '127.0.0.1' })
await new Promise((resolve) => server.once('listening', resolve))
const address = server.address()
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

const targets = [
  { name: 'member_info', path: MEMBER_INFO_PATH, auth: true },
  { name: 'participations', path: PARTICIPATIONS_PATH, auth: true },
  { name: 'public reviews', path: PUBLIC_REVIEWS_PATH, auth: false },
]
console.log(`suite benchmark: ${database.kind}, ${connections} connections, ${seconds} s per endpoint\n`)
console.log('endpoint          req/s    p50 ms   p99 ms   errors')
for (const target of targets) {
  const result = await autocannon({
    url: `${base}/${target.path}`,
    connections,
    duration: seconds,
    headers: target.auth ? { authorization: `Bearer ${token}` } : {},
  })
  const errors = result.errors + result.non2xx + result.timeouts
  console.log(
    `${target.name.padEnd(16)} ${result.requests.average.toFixed(0).padStart(6)} ${result.latency.p50.toFixed(0).padStart(9)} ${result.latency.p99.toFixed(0).padStart(8)} ${String(errors).padStart(8)}`,
  )
}
// autocannon stops without waiting for its last requests: let them finish before the database goes away.
await new Promise((resolve) => setTimeout(resolve, 1500))
await new Promise((resolve) => server.close(resolve))
await database.close()
