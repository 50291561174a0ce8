// postgres.js as the member API uses it: every statement prepared, and every transaction on a
// connection taken out of the pool before its BEGIN is sent.
import postgres, { type ReservedSql, type Sql } from 'postgres'
import { tracePendingQuery } from './traced-statements'

type Unsafe = (query: string, params?: unknown[] | object, options?: object) => unknown

/**
 * How much of one pool is taken, for the metrics (suite/metrics.ts). postgres.js keeps its
 * connections' states to itself, so the pool's users are counted where they pass: statements sent
 * outside a transaction until answered, transactions holding a connection, and transactions waiting
 * for one. postgres.js gives a statement an idle connection first and pipelines it behind a busy one
 * only when none is idle, so a statement beyond the idle connections is one that waits.
 */
export class PoolUse {
  statements = 0
  reserved = 0
  reserving = 0
  /** Transactions run again after PostgreSQL ended them for a deadlock or a serialisation failure. */
  retried = 0
  constructor(
    readonly name: string,
    readonly max: number,
  ) {}
  /** Connections running a statement or held by a transaction. */
  get inUse(): number {
    return this.reserved + Math.min(this.statements, Math.max(0, this.max - this.reserved))
  }
  /** Statements and transactions that found no idle connection. */
  get waiting(): number {
    return this.reserving + Math.max(0, this.statements - Math.max(0, this.max - this.reserved))
  }
}

type CountedQuery = { handler: (query: CountedQuery) => unknown; resolve: (value: unknown) => unknown; reject: (error: unknown) => unknown }

/** Counts a statement from the moment it is handed to the pool until its answer (or failure). */
function counted(query: unknown, use: PoolUse): unknown {
  const q = query as CountedQuery
  const handler = q.handler
  q.handler = (sent) => {
    use.statements++
    let open = true
    const done = () => {
      if (open) use.statements--
      open = false
    }
    const { resolve, reject } = sent
    sent.resolve = (value) => (done(), resolve(value))
    sent.reject = (error) => (done(), reject(error))
    return handler(sent)
  }
  return query
}

/**
 * Every statement drizzle sends is a prepared one. Unprepared (drizzle's choice for a query without
 * a name), postgres.js runs a statement with parameters as two round trips, parse-and-describe and
 * then bind-and-execute, and PostgreSQL parses and plans it each time. Prepared, a connection parses
 * it once and then runs it in one round trip (postgres.js keeps a connection's statements for the
 * connection's life, 30 to 60 minutes).
 */
function preparedUnsafe(target: Sql | ReservedSql, value: Unsafe, use?: PoolUse): Unsafe {
  // unsafe(query, params?, options?) or unsafe(query, options); spanned while a traced request is served
  // (traced-statements.ts), and counted in the pool's use when it is the pool's (metrics).
  return (query, params = [], options = {}) => {
    const statement = Array.isArray(params)
      ? value.call(target, query, params, { ...options, prepare: true })
      : value.call(target, query, [], { ...params, prepare: true })
    return tracePendingQuery(query, (use ? counted(statement, use) : statement) as PromiseLike<unknown>)
  }
}

/**
 * The pool the member API queries through. Its transactions do not use postgres.js's sql.begin():
 * in postgres.js 3.4.9 that sends BEGIN on whichever connection is free or least busy and marks the
 * connection as the transaction's only after the statement's bytes were taken by the socket and the
 * connection's pipeline still had room. Under load either can fail: the BEGIN then runs on a
 * connection the pool still shares, postgres.js refuses the request (UNSAFE_TRANSACTION) and other
 * requests' statements pipelined on that connection run inside the open transaction
 * (porsager/postgres issues 823 and 1189; seen here as a 500 while 200 members wrote through two
 * member APIs). Here a transaction first takes an idle connection out of the pool (sql.reserve()),
 * then sends BEGIN, its statements and COMMIT or ROLLBACK on it alone, and gives it back.
 */
export function memberApiPool(pool: Sql, use?: PoolUse): Sql {
  return new Proxy(pool, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (property === 'unsafe') return preparedUnsafe(target, value as Unsafe, use)
      if (property === 'begin') {
        return (...args: unknown[]) => {
          const body = args.pop() as (tx: Sql) => unknown
          return inTransaction(target, typeof args[0] === 'string' ? args[0] : '', body, use)
        }
      }
      return value
    },
  })
}

/**
 * PostgreSQL ends one of two transactions that wait for each other's locks (deadlock detected) and
 * may end a transaction it cannot serialise; the work itself was sound, so it is run again from
 * BEGIN, at most this many times in all, after a short random pause so that the two do not meet
 * again in step. Only top-level transactions are run again (their bodies change nothing outside
 * the database but through it: messages go to the outbox in the same transaction).
 */
export const TRANSACTION_ATTEMPTS = 3
const RETRIED_CODES = new Set(['40P01', '40001'])

async function inTransaction(pool: Sql, options: string, body: (tx: Sql) => unknown, use?: PoolUse): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransactionOnce(pool, options, body, use)
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !RETRIED_CODES.has(postgresCode(error) ?? '')) throw error
      if (use) use.retried++
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 45))
    }
  }
}

/** The PostgreSQL error code of an error or of what caused it (drizzle wraps the driver's error as its cause). */
function postgresCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof postgres.PostgresError) return e.code
  }
  return undefined
}

async function inTransactionOnce(pool: Sql, options: string, body: (tx: Sql) => unknown, use?: PoolUse): Promise<unknown> {
  if (use) use.reserving++
  let connection: ReservedSql
  try {
    connection = await pool.reserve()
  } finally {
    if (use) use.reserving--
  }
  if (use) use.reserved++
  // A connection goes back to the pool only while it answers: a statement that failed without an
  // answer from PostgreSQL (the connection closed) leaves it to postgres.js, which reconnects it.
  let answering = true
  const failed = (error: unknown) => {
    answering = error instanceof postgres.PostgresError
    return error
  }
  try {
    await connection.unsafe(`begin ${options.replace(/[^a-z ]/gi, '')}`).catch((error: unknown) => Promise.reject(failed(error)))
    let result: unknown
    try {
      result = await body(transactionScope(connection))
    } catch (error) {
      await connection.unsafe('rollback').catch(failed)
      throw error
    }
    await connection.unsafe('commit').catch((error: unknown) => Promise.reject(failed(error)))
    return result
  } finally {
    if (use) use.reserved--
    if (answering) connection.release()
  }
}

/** What drizzle's transaction runs on: the reserved connection, statements prepared, savepoints for nested transactions. */
function transactionScope(connection: ReservedSql): Sql {
  let savepoints = 0
  const scope = new Proxy(connection, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (property === 'unsafe') return preparedUnsafe(target, value as Unsafe)
      if (property === 'savepoint') {
        return async (...args: unknown[]) => {
          const inner = args.pop() as (tx: Sql) => unknown
          const name = `s${savepoints++}`
          await target.unsafe(`savepoint ${name}`)
          try {
            const result = await inner(scope)
            await target.unsafe(`release savepoint ${name}`)
            return result
          } catch (error) {
            await target.unsafe(`rollback to savepoint ${name}`)
            throw error
          }
        }
      }
      if (property === 'begin') throw new Error('A transaction is already open on this connection: use a savepoint')
      return value
    },
  }) as unknown as Sql
  return scope
}
