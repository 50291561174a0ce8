// One span per database statement made while a traced request is served (suite/tracing.ts), for
// both drivers: postgres.js (through db/postgres-pool.ts) and PGlite. A span holds the statement's
// text as drizzle sends it, its values as placeholders ($1, $2…): the values themselves are never
// recorded, since they can hold a member's personal data. Statements outside a traced request
// (background jobs, the outbox relay, migrations) and every statement while tracing is off are
// sent as they are, with no span.
import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { suiteTracer } from '../tracing'

/** Longer statements are cut here: a span is not the place for a page of SQL. */
const MAX_TEXT = 4096

/** The span of one statement, or null when no traced request is being served. */
export function statementSpan(query: string): Span | null {
  const tracer = suiteTracer()
  if (!tracer) return null
  const active = context.active()
  if (!trace.getSpan(active)) return null
  // Named by its first word (select, insert, with…), as a low-cardinality name should be.
  const operation = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? 'statement'
  return tracer.startSpan(
    operation,
    {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': query.slice(0, MAX_TEXT) },
    },
    active,
  )
}

/**
 * Ends the span with the statement's outcome. A failure is marked by PostgreSQL's error code (or
 * the error's name) only: a driver's message may quote the values.
 */
export function endStatementSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : error instanceof Error ? error.name : 'error'
    span.setAttribute('error.type', code)
    span.setStatus({ code: SpanStatusCode.ERROR })
  }
  span.end()
}

/**
 * postgres.js's pending query, spanned: it runs when first awaited (its `then`), and the span ends
 * when it settles. The query object itself is returned, so drizzle's `.values()` on it still works.
 */
export function tracePendingQuery<Q extends PromiseLike<unknown>>(query: string, pending: Q): Q {
  const span = statementSpan(query)
  if (!span) return pending
  const then = pending.then
  let ended = false
  const end = (error?: unknown) => {
    if (ended) return
    ended = true
    endStatementSpan(span, error)
  }
  Object.defineProperty(pending, 'then', {
    configurable: true,
    writable: true,
    value: function (this: Q, onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) {
      return then.call(
        this,
        (value) => {
          end()
          return onFulfilled ? onFulfilled(value) : value
        },
        (reason: unknown) => {
          end(reason)
          if (onRejected) return onRejected(reason)
          throw reason
        },
      )
    },
  })
  return pending
}

/** A PGlite statement (a real promise), spanned. */
function tracedPgliteQuery(target: PGlite | Transaction): PGlite['query'] {
  return async (query, params, options) => {
    const span = statementSpan(query)
    if (!span) return target.query(query, params, options)
    try {
      const result = await target.query(query, params, options)
      endStatementSpan(span)
      return result as never
    } catch (error) {
      endStatementSpan(span, error)
      throw error
    }
  }
}

/**
 * PGlite as drizzle uses it (`query`, and `transaction` whose body queries the transaction), each
 * statement spanned. Everything else is PGlite's own, called on PGlite itself.
 */
export function tracedPglite(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return tracedPgliteQuery(target)
      if (property === 'transaction') {
        return <T>(body: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => body(new Proxy(tx, { get: (t, p) => (p === 'query' ? tracedPgliteQuery(t) : bind(t, p)) })))
      }
      return bind(target, property)
    },
  })
}

function bind(target: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(target, property)
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
}
