// The member API's traces: a request carrying the portal's trace context (`traceparent`) is a span
// of that trace, each database statement made while serving it is a child span holding the
// statement's text and never its values, and the request's log line names the trace.
import { SpanKind, trace } from '@opentelemetry/api'
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../contract/endpoints'
import { fillPath } from '../contract/paths'
import { call, createHarness, type Harness } from './test/harness'
import { tracePendingQuery } from './db/traced-statements'
import { requestTracing, startSuiteTracing, stopSuiteTracing } from './tracing'

const exporter = new InMemorySpanExporter()
const logLines: Array<Record<string, unknown>> = []
let h: Harness

beforeAll(async () => {
  // Before the database opens and the app is built, as the server starts them.
  await startSuiteTracing({ url: 'http://127.0.0.1:1/v1/traces', serviceName: 'member-api' }, new SimpleSpanProcessor(exporter))
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) })
  h = await createHarness({ logger })
})

afterAll(async () => {
  await h?.close()
  await stopSuiteTracing()
})

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736'
const PORTAL_SPAN_ID = '00f067aa0ba902b7'

const serverSpans = () => exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER)

/** The spans of one trace, once the request's own span has ended (it ends last). */
async function spansOf(traceId: string): Promise<ReadableSpan[]> {
  await expect.poll(() => serverSpans().some((span) => span.spanContext().traceId === traceId)).toBe(true)
  return exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId)
}

describe('traces of the member API', () => {
  it("join the caller's trace: the request's span, and its statements under it without their values", async () => {
    const slug = 'nobody-has-this-slug-4711'
    const result = await call(h.app, 'GET', fillPath(ENDPOINTS.publicCampaign.path, { idOrSlug: slug }), {
      headers: { traceparent: `00-${TRACE_ID}-${PORTAL_SPAN_ID}-01` },
    })
    expect(result.status).toBe(404)

    const spans = await spansOf(TRACE_ID)
    const requests = spans.filter((span) => span.name.startsWith('GET '))
    expect(requests).toHaveLength(1)
    const request = requests[0] as ReadableSpan
    expect(request.name).toBe(`GET /${ENDPOINTS.publicCampaign.path}`)
    expect(request.parentSpanContext?.spanId).toBe(PORTAL_SPAN_ID)
    expect(request.attributes['http.response.status_code']).toBe(404)
    expect(request.attributes['request.id']).toEqual(expect.any(String))

    const statements = spans.filter((span) => span.attributes['db.system.name'] === 'postgresql')
    expect(statements.length).toBeGreaterThan(0)
    for (const statement of statements) {
      expect(statement.parentSpanContext?.spanId).toBe(request.spanContext().spanId)
      const text = String(statement.attributes['db.query.text'])
      expect(statement.name).toBe(/^\s*(\w+)/.exec(text)?.[1]?.toLowerCase())
      // The slug was a value of the statement: only its placeholder is in the span.
      expect(JSON.stringify(statement.attributes)).not.toContain(slug)
    }
    expect(statements.some((span) => String(span.attributes['db.query.text']).includes('$1'))).toBe(true)

    // The request's log line has its request id and the trace's id.
    const line = logLines.find((entry) => entry.msg === 'request' && entry.requestId === request.attributes['request.id'])
    expect(line).toMatchObject({ traceId: TRACE_ID, status: 404 })
  })

  it('start a trace of their own for a request without trace context', async () => {
    exporter.reset()
    const result = await call(h.app, 'GET', ENDPOINTS.readyz.path)
    expect(result.status).toBe(200)
    await expect.poll(() => serverSpans()).toHaveLength(1)
    expect(serverSpans()[0]?.parentSpanContext).toBeUndefined()
  })

  it('trace the statements of a transaction under the span they run in, and no statement outside one', async () => {
    exporter.reset()
    await h.database.db.query.members.findFirst()
    expect(exporter.getFinishedSpans()).toHaveLength(0)

    const outer = await trace.getTracer('test').startActiveSpan('outer', async (span) => {
      await h.database.db.transaction(async (tx) => {
        await tx.query.members.findFirst()
        await tx.query.campaigns.findFirst()
      })
      span.end()
      return span.spanContext()
    })
    const statements = exporter.getFinishedSpans().filter((span) => span.attributes['db.system.name'] === 'postgresql')
    expect(statements.map((span) => span.name)).toEqual(['select', 'select'])
    for (const statement of statements) expect(statement.parentSpanContext?.spanId).toBe(outer.spanId)
  })

  it('once off, add no middleware and leave statements as they are', async () => {
    await stopSuiteTracing()
    exporter.reset()
    expect(requestTracing()).toBeNull()
    const pending = Promise.resolve([])
    expect(tracePendingQuery('select 1', pending)).toBe(pending)
    expect(Object.hasOwn(pending, 'then')).toBe(false)
    await h.database.db.query.members.findFirst()
    expect(exporter.getFinishedSpans()).toHaveLength(0)
  })
})
