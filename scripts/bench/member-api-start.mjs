// The member API's start, from its TypeScript sources through tsx (the anchor: how production ran
// it before) and from its build with plain node (how production runs it now), in turns in the same
// run: the time from the process's spawn until /readyz answers 200, and its memory then (resident
// set, and its peak). Local mode on an embedded database migrated beforehand (PGlite), and on
// PostgreSQL too with BENCH_DATABASE_URL (a database of its own: the member API migrates it).
//
//   node scripts/bench/member-api-start.mjs            (BENCH_ROUNDS, 5 by default)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../lib/auth-emulator.mjs'
import { startNode } from '../lib/processes.mjs'
import { memberApiCommand } from '../lib/suite.mjs'
import { median } from './measure.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const dataDir = mkdtempSync(join(tmpdir(), 'member-api-start-'))

/** kB of the process's memory from /proc: resident now, and the peak. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
  return { rssKb: kb('VmRSS'), peakKb: kb('VmHWM') }
}

/** One start: ms until /readyz answers 200, and the memory at that moment. */
async function startOnce(from, database) {
  const port = await freePort()
  const env = {
    SUITE_MODE: 'local',
    SUITE_SEED: 'none',
    SUITE_HOST: '127.0.0.1',
    SUITE_PORT: String(port),
    SUITE_DATA_DIR: join(dataDir, 'pglite'),
    SUITE_PHOTO_DIR: join(dataDir, 'photos'),
    LOG_LEVEL: 'warn',
    ...(database === 'postgres' ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  }
  const args = memberApiCommand(from)
  const started = performance.now()
  const server = startNode(`member-api-${from}`, args, { env, quiet: true })
  try {
    for (;;) {
      if (!server.isAlive()) throw new Error(`the member API (${from}) stopped:\n${server.output()}`)
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.status === 200,
        () => false,
      )
      if (ready) break
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const ms = performance.now() - started
    return { ms, ...memory(server.child.pid) }
  } finally {
    await server.stop()
  }
}

try {
  const databases = ['pglite', ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : [])]
  // The build is made (or found current) before any timing; a first start migrates each database.
  memberApiCommand('build')
  for (const database of databases) await startOnce('build', database)
  for (const database of databases) {
    const runs = { sources: [], build: [] }
    for (let round = 0; round < ROUNDS; round++) {
      // In turns, the first of each round alternating, so a machine growing busier weighs on both.
      const order = round % 2 === 0 ? ['sources', 'build'] : ['build', 'sources']
      for (const from of order) runs[from].push(await startOnce(from, database))
    }
    console.log(`\nMember API start, ${database}, ${ROUNDS} starts each (median, then each start):`)
    const row = (from, label) => {
      const list = runs[from]
      const ms = median(list.map((run) => run.ms))
      const rss = median(list.map((run) => run.rssKb)) / 1024
      const peak = median(list.map((run) => run.peakKb)) / 1024
      console.log(
        `  ${label.padEnd(34)} ready in ${ms.toFixed(0).padStart(5)} ms, RSS ${rss.toFixed(0).padStart(4)} MB (peak ${peak.toFixed(0)} MB)   [${list.map((run) => `${run.ms.toFixed(0)} ms/${(run.rssKb / 1024).toFixed(0)} MB`).join(', ')}]`,
      )
      return { ms, rss }
    }
    const anchor = row('sources', 'sources through tsx (anchor)')
    const built = row('build', 'build, plain node')
    console.log(`  build / anchor: start ${((built.ms / anchor.ms) * 100).toFixed(0)} %, RSS ${((built.rss / anchor.rss) * 100).toFixed(0)} %`)
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
