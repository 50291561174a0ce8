// The member API's traces (off unless an OTLP endpoint is configured: contract/tracing.server.ts).
// One span per request, a child of the caller's span when the request carries W3C trace context
// (the portal's `traceparent`), and one span per database statement made while serving it
// (db/traced-statements.ts). Off, nothing here runs: no provider, no middleware, no span.
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { RunningTracer } from '../contract/tracer.server'
import type { TracingSettings } from '../contract/tracing.server'
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base'
import type { SuiteEnv } from './http/env'

let running: RunningTracer | null = null

/** The running tracer, or null when tracing is off. */
export function suiteTracer(): RunningTracer['tracer'] | null {
  return running?.tracer ?? null
}

/** Starts tracing for this process (server start-up, before the database opens). */
export async function startSuiteTracing(settings: TracingSettings, processor?: SpanProcessor): Promise<void> {
  const { startTracer } = await import('../contract/tracer.server')
  running = startTracer(settings, processor)
}

/** Sends the spans still waiting and stops tracing. */
export async function stopSuiteTracing(): Promise<void> {
  const stopping = running
  running = null
  await stopping?.shutdown()
}

/**
 * The request's span, the parent of everything done while serving it: named by method and route
 * pattern (never the path itself, whose ids would make every span name unique), with its status
 * and request id. The request id goes on the request's log lines with the trace id (`traceId`), so
 * a log line leads to its trace and a trace to its log lines. Null when tracing is off.
 */
export function requestTracing(): MiddlewareHandler<SuiteEnv> | null {
  const tracer = suiteTracer()
  if (!tracer) return null
  return async (c, next) => {
    const parent = propagation.extract(ROOT_CONTEXT, c.req.raw.headers, {
      keys: (headers) => [...headers.keys()],
      get: (headers, key) => headers.get(key) ?? undefined,
    })
    const span = tracer.startSpan(
      c.req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': c.req.method, 'url.path': c.req.path, 'request.id': c.get('requestId') } },
      parent,
    )
    c.set('traceId', span.spanContext().traceId)
    try {
      await context.with(trace.setSpan(parent, span), next)
    } finally {
      const route = routePath(c, -1)
      if (route && route !== '*' && route !== '/*') {
        span.updateName(`${c.req.method} ${route}`)
        span.setAttribute('http.route', route)
      }
      span.setAttribute('http.response.status_code', c.res.status)
      if (c.res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
      span.end()
    }
  }
}
