// Benchmark of the member API, by hand: `node scripts/bench/suite.mjs` (or `npm run bench:suite`).
// Starts a throwaway Firebase Auth emulator, then runs suite/bench/suite.ts, which prints requests
// per second and p99 latency for member_info, participations and public reviews at 50 connections.
// BENCH_SECONDS, BENCH_CONNECTIONS and BENCH_DATABASE_URL (PostgreSQL) are passed through.
import { resolve } from 'node:path'
import { startAuthEmulator } from '../lib/auth-emulator.mjs'
import { run } from '../lib/processes.mjs'

const root = resolve(import.meta.dirname, '../..')
const emulator = await startAuthEmulator({ port: 0, hubPort: 0, loggingPort: 0, workDir: resolve(root, `.data/bench-emulator-${process.pid}`) })
let code = 1
try {
  code = await run(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), resolve(root, 'suite/bench/suite.ts')], {
    env: { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, GCLOUD_PROJECT: emulator.projectId },
  })
} finally {
  await emulator.stop()
}
process.exit(code)
