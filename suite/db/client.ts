// Opens the database: PGlite (embedded, a directory or in memory) by default, PostgreSQL through
// postgres.js when a URL is given. Both are migrated before use.
import { fileURLToPath } from 'node:url'
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { memberApiPool, PoolUse } from './postgres-pool'
import { DEFAULT_LONG_STATEMENT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS, LONG_WORK_CONNECTIONS } from './statement-limits'
import * as schema from './schema'
import { tracedPglite } from './traced-statements'
import { suiteTracer } from '../tracing'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx

/**
 * A query of a hot path built once per database (a drizzle prepared query, its values given as
 * placeholders when it runs), instead of building its SQL text on every request. Runs on the database
 * itself, never inside a transaction.
 */
export function preparedPerDatabase<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>()
  return (db) => {
    let query = built.get(db)
    if (query === undefined) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}

/** What a prepared query runs with: each `sql.placeholder` name's value. */
export type Placeholders = Record<string, unknown>

/**
 * A statement of a hot path whose SQL text is built once per database (drizzle builds a statement's
 * text anew each time it runs, checking every part of it: tens of microseconds for a small select, a
 * hundred for a page's), run with its `sql.placeholder` values. Inside a transaction it is built on
 * the transaction's connection each time, as a prepared query belongs to the database's pool.
 */
export function preparedQuery<R>(build: (ex: Executor) => { prepare(name: string): { execute(values?: Placeholders): Promise<R> } }) {
  const onDatabase = preparedPerDatabase((db) => build(db).prepare(''))
  return (ex: Executor, values: Placeholders): Promise<R> => (ex instanceof PgTransaction ? build(ex).prepare('') : onDatabase(ex)).execute(values)
}

/**
 * As preparedQuery, for a statement with a few shapes (optional filters, a choice of order): each
 * shape, named by `key`, is built once per database when first asked for.
 */
export function preparedQueries<K extends string, R>(
  build: (ex: Executor, key: K) => { prepare(name: string): { execute(values?: Placeholders): Promise<R> } },
) {
  const shapes = preparedPerDatabase(() => new Map<K, { execute(values?: Placeholders): Promise<R> }>())
  return (ex: Executor, key: K, values: Placeholders): Promise<R> => {
    if (ex instanceof PgTransaction) return build(ex, key).prepare('').execute(values)
    const built = shapes(ex)
    let query = built.get(key)
    if (!query) {
      query = build(ex, key).prepare('')
      built.set(key, query)
    }
    return query.execute(values)
  }
}

/**
 * A prepared statement's rows as the driver gives them (postgres.js and PGlite alike: an object per
 * row keyed by the statement's column names, json already parsed), without Drizzle mapping each
 * value through its field's decoder. Only for a statement whose every column is an `sql` expression
 * named with `.as(…)` (there is nothing to decode): on a hot read that mapping cost more CPU than
 * everything else the member API does with the rows.
 */
export function unmappedRows<R>(prepared: { execute(values?: Placeholders): Promise<R[]> }, values: Placeholders): Promise<R[]> {
  // Both drivers' prepared queries have `all`, the same statement without the mapping; Drizzle's
  // types do not declare it (the public reviews' tests fail if an upgrade takes it away).
  return (prepared as unknown as { all(values: Placeholders): Promise<R[]> }).all(values)
}

/** Where the background jobs keep their queue (suite/jobs): the same database, by its own connection or the one PGlite instance. */
export type JobStore = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string }

export interface Database {
  db: Db
  /**
   * The same database for work allowed to run longer (exports, background jobs): its own small pool
   * whose statements may run the long limit. PGlite has one connection and no limit: `db` itself.
   */
  long: Db
  /** The replica's connection when DATABASE_REPLICA_URL names one (reads that may lag go there: db/replica.ts). */
  replica: Db | null
  kind: 'pglite' | 'postgres'
  jobStore: JobStore
  /** How much of each connection pool is taken (the calls', the long work's, the replica's); none for PGlite's one connection. */
  pools: PoolUse[]
  /** Throws when the database does not answer. */
  ping(): Promise<void>
  close(): Promise<void>
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string | 'memory' }
  | {
      kind: 'postgres'
      url: string
      maxConnections?: number
      /** statement_timeout of the calls' connections (DEFAULT_STATEMENT_TIMEOUT_MS). */
      statementTimeoutMs?: number
      /** statement_timeout of the long work's connections (DEFAULT_LONG_STATEMENT_TIMEOUT_MS). */
      longStatementTimeoutMs?: number
      /** Told every statement drizzle sends, with its values (the query-plan tests read them). */
      onQuery?: (query: string, params: unknown[]) => void
      /** A streaming replica of the database, for reads that may lag a little (never migrated: it follows the primary). */
      replicaUrl?: string
      /**
       * Seconds a connection to the replica may take before the read goes to the primary (2: a replica
       * that is down costs a read little). A test that must see its reads on the replica allows more.
       */
      replicaConnectTimeoutSeconds?: number
    }

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    // PGlite is one connection: it queues queries behind an open transaction, so transactions
    // are serialized (and row locks are trivially held); every query inside one must use `tx`.
    if (options.dataDir !== 'memory') mkdirSync(options.dataDir, { recursive: true })
    const client = options.dataDir === 'memory' ? new PGlite() : new PGlite(options.dataDir)
    // Its statements spanned when tracing is on (traced-statements.ts); otherwise PGlite itself.
    const db = drizzlePglite(suiteTracer() ? tracedPglite(client) : client, { schema })
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
    return {
      db: db as unknown as Db,
      long: db as unknown as Db,
      replica: null,
      kind: 'pglite',
      jobStore: { kind: 'pglite', client },
      pools: [],
      ping: async () => {
        await client.query('select 1')
      },
      close: () => client.close(),
    }
  }

  // Several suite processes may start at once: one migrates while the others wait on the lock.
  const lockClient = postgres(options.url, { max: 1, onnotice: () => {} })
  try {
    // max: 1, so the session lock and the migration share one connection.
    await lockClient`select pg_advisory_lock(727274)`
    await migratePostgres(drizzlePostgres(lockClient, { schema }), { migrationsFolder: MIGRATIONS_FOLDER })
    await lockClient`select pg_advisory_unlock(727274)`
  } finally {
    await lockClient.end()
  }
  // JIT compilation off for the member API's sessions: its statements are short, and the planner's
  // guess of 100 rows per call of a jsonb function (a campaign's screener answers) made it compile
  // one statement for 150 ms that runs in 9.
  const connection = { jit: 'off', statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS }
  const client = postgres(options.url, { max: options.maxConnections ?? 10, onnotice: () => {}, connection })
  const onQuery = options.onQuery
  const logger = onQuery && { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } }
  const callsUse = new PoolUse('calls', options.maxConnections ?? 10)
  const db = drizzlePostgres(memberApiPool(client, callsUse), { schema, ...logger })
  const longClient = postgres(options.url, {
    max: LONG_WORK_CONNECTIONS,
    onnotice: () => {},
    connection: { ...connection, statement_timeout: options.longStatementTimeoutMs ?? DEFAULT_LONG_STATEMENT_TIMEOUT_MS },
  })
  const longUse = new PoolUse('long', LONG_WORK_CONNECTIONS)
  const long = drizzlePostgres(memberApiPool(longClient, longUse), { schema, ...logger })
  // The replica's pool: a short connect timeout, so a replica that is down costs a read little before it goes to the primary.
  const replicaClient = options.replicaUrl
    ? postgres(options.replicaUrl, {
        max: options.maxConnections ?? 10,
        connect_timeout: options.replicaConnectTimeoutSeconds ?? 2,
        onnotice: () => {},
        connection,
      })
    : null
  const replicaUse = replicaClient ? new PoolUse('replica', options.maxConnections ?? 10) : null
  const replica = replicaClient && replicaUse ? drizzlePostgres(memberApiPool(replicaClient, replicaUse), { schema }) : null
  return {
    db: db as unknown as Db,
    long: long as unknown as Db,
    replica: replica as unknown as Db | null,
    kind: 'postgres',
    jobStore: { kind: 'postgres', url: options.url },
    pools: replicaUse ? [callsUse, longUse, replicaUse] : [callsUse, longUse],
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), longClient.end({ timeout: 5 }), replicaClient?.end({ timeout: 5 })])
    },
  }
}
