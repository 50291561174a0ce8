// The member API's transactions on a busy pool: every connection busy, statements pipelined behind
// each other, transactions starting among them. Each transaction must run on a connection of its
// own, no other statement may run inside it, and none may be left open.
import postgres, { type Sql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../test/postgres'
import { memberApiPool, PoolUse, TRANSACTION_ATTEMPTS } from './postgres-pool'

describe.skipIf(!process.env.TEST_DATABASE_URL)('transactions on a busy pool', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database?.close()
  })

  /**
   * Three connections, at most two statements pipelined on one: all three are kept busy, then six
   * plain statements and five transactions start at once, twenty times over. A plain statement marks
   * the transaction it runs in (a local setting), so a transaction that finds the mark shares its
   * connection's transaction with it; each transaction must keep one transaction id of its own.
   */
  async function busyPool(sql: Sql) {
    const problems: string[] = []
    for (let round = 0; round < 20; round++) {
      const sleepers = [0, 1, 2].map(() => sql`select pg_sleep(0.05)`.execute())
      await new Promise((resolve) => setTimeout(resolve, 5))
      const plain = Array.from({ length: 6 }, () => sql`select set_config('application_name', 'plain', true)`)
      const ids: string[] = []
      const transactions = Array.from({ length: 5 }, (_, i) =>
        sql.begin(async (tx) => {
          const [first] = await tx`select pg_current_xact_id()::text as id, current_setting('application_name') as name`
          await new Promise((resolve) => setTimeout(resolve, 2))
          const [again] = await tx`select pg_current_xact_id()::text as id, current_setting('application_name') as name`
          if (first?.name === 'plain' || again?.name === 'plain') problems.push(`a plain statement ran inside transaction ${round}-${i}`)
          if (first?.id !== again?.id) problems.push(`transaction ${round}-${i} spread over two transactions`)
          ids.push(String(first?.id))
        }),
      )
      const settled = await Promise.allSettled([...sleepers, ...plain, ...transactions])
      for (const outcome of settled) if (outcome.status === 'rejected') problems.push(String((outcome.reason as Error).message))
      if (new Set(ids).size !== ids.length) problems.push(`round ${round}: two transactions shared one (${ids.join(', ')})`)
      const [open] = await sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`
      if (open?.n !== 0) problems.push(`round ${round}: ${String(open?.n)} connections left inside a transaction`)
    }
    return problems
  }

  it('runs each transaction alone on a connection of its own, however busy the pool', async () => {
    // max_pipeline is a postgres.js option its types leave out.
    const pool = postgres(database.url, { max: 3, onnotice: () => {}, ...({ max_pipeline: 2 } as object) })
    try {
      expect(await busyPool(memberApiPool(pool))).toEqual([])
    } finally {
      await pool.end({ timeout: 1 })
    }
  })

  it('runs a transaction again when PostgreSQL ends it for a deadlock, so both changes are made', async () => {
    const pool = postgres(database.url, { max: 2, onnotice: () => {} })
    const use = new PoolUse('calls', 2)
    const sql = memberApiPool(pool, use)
    try {
      await sql`create table deadlock_check (id int primary key, n int not null)`
      await sql`insert into deadlock_check values (1, 0), (2, 0)`
      // Each takes one row, then, once the other holds its own, the other's: a deadlock on the first
      // attempts. The bodies are run again from the start; the second time nothing holds them up.
      let bothHold: () => void = () => {}
      const held = new Promise<void>((resolve) => {
        let count = 0
        bothHold = () => (++count === 2 ? resolve() : undefined)
      })
      const attempts = { a: 0, b: 0 }
      const change = (name: 'a' | 'b', first: number, second: number) =>
        sql.begin(async (tx) => {
          attempts[name]++
          await tx`update deadlock_check set n = n + 1 where id = ${first}`
          if (attempts[name] === 1) {
            bothHold()
            await held
          }
          await tx`update deadlock_check set n = n + 10 where id = ${second}`
        })
      await Promise.all([change('a', 1, 2), change('b', 2, 1)])
      expect((await sql`select n from deadlock_check order by id`).map((row) => row.n)).toEqual([11, 11])
      expect(attempts.a + attempts.b).toBe(3)
      expect(use.retried).toBe(1)
    } finally {
      await pool.end({ timeout: 1 })
    }
  })

  it('gives up on a deadlock after its last attempt, and says so', async () => {
    const pool = postgres(database.url, { max: 1, onnotice: () => {} })
    const sql = memberApiPool(pool)
    let attempts = 0
    try {
      const deadlock = Object.assign(new postgres.PostgresError({ message: 'deadlock detected', code: '40P01' } as never), { code: '40P01' })
      await expect(
        sql.begin(async (tx) => {
          attempts++
          await tx`select 1`
          throw new Error('Failed query', { cause: deadlock })
        }),
      ).rejects.toThrow('Failed query')
      expect(attempts).toBe(TRANSACTION_ATTEMPTS)
    } finally {
      await pool.end({ timeout: 1 })
    }
  })

  it('rolls back on an error and gives the connection back for the next statement', async () => {
    const pool = postgres(database.url, { max: 1, onnotice: () => {} })
    const sql = memberApiPool(pool)
    try {
      await sql`create table pool_check (n int primary key)`
      await expect(
        sql.begin(async (tx) => {
          await tx`insert into pool_check values (1)`
          await tx`insert into pool_check values (1)`
        }),
      ).rejects.toThrow(/duplicate key/)
      await sql.begin(async (tx) => {
        await tx`insert into pool_check values (2)`
        await tx.savepoint(async (inner) => {
          await inner`insert into pool_check values (3)`
        })
        await tx
          .savepoint(async (inner) => {
            await inner`insert into pool_check values (4)`
            throw new Error('undo 4')
          })
          .catch(() => undefined)
      })
      expect((await sql`select n from pool_check order by n`).map((row) => row.n)).toEqual([2, 3])
    } finally {
      await pool.end({ timeout: 1 })
    }
  })
})
