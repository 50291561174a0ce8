// postgres.js as the member API uses it: every statement prepared, and every transaction on a
// connection taken out of the pool before its BEGIN is sent.
import postgres, { type ReservedSql, type Sql } from 'postgres'
import { tracePendingQuery } from './traced-statements'

type Unsafe = (query: string, params?: unknown[] | object, options?: object) => unknown

/**
 * Every statement drizzle sends is a prepared one. Unprepared (drizzle's choice for a query without
 * a name), postgres.js runs a statement with parameters as two round trips, parse-and-describe and
 * then bind-and-execute, and PostgreSQL parses and plans it each time. Prepared, a connection parses
 * it once and then runs it in one round trip (postgres.js keeps a connection's statements for the
 * connection's life, 30 to 60 minutes).
 */
function preparedUnsafe(target: Sql | ReservedSql, value: Unsafe): Unsafe {
  // unsafe(query, params?, options?) or unsafe(query, options); spanned while a traced request is served (traced-statements.ts).
  return (query, params = [], options = {}) =>
    tracePendingQuery(
      query,
      (Array.isArray(params)
        ? value.call(target, query, params, { ...options, prepare: true })
        : value.call(target, query, [], { ...params, prepare: true })) as PromiseLike<unknown>,
    )
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
export function memberApiPool(pool: Sql): Sql {
  return new Proxy(pool, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (property === 'unsafe') return preparedUnsafe(target, value as Unsafe)
      if (property === 'begin') {
        return (...args: unknown[]) => {
          const body = args.pop() as (tx: Sql) => unknown
          return inTransaction(target, typeof args[0] === 'string' ? args[0] : '', body)
        }
      }
      return value
    },
  })
}

async function inTransaction(pool: Sql, options: string, body: (tx: Sql) => unknown): Promise<unknown> {
  const connection = await pool.reserve()
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
