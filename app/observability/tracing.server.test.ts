// The portal's traces: a request's span is the root of its trace (a browser's `traceparent` is not
// followed), each call to the member API is a child span whose W3C trace context goes with the call
// (`traceparent`), and without tracing no header goes and no hook is set.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SpanKind } from '@opentelemetry/api'
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Endpoint } from '#contract/endpoints'
import { callEndpoint } from '~/upstream/suite-client.server'
import { balanceSchema, testMember } from '~/upstream/test-entries'
import { portalTracing } from './tracing-hooks'
import { startPortalTracing } from './tracing.server'

const read = { method: 'GET', path: 'members/:id/balance', auth: 'member', data: balanceSchema } as const satisfies Endpoint

let server: Server
let baseUrl: string
/** The `traceparent` of each call the stand-in member API received (null: none). */
const received: Array<string | null> = []

beforeAll(async () => {
  server = createServer((req, res) => {
    const header = req.headers.traceparent
    received.push(typeof header === 'string' ? header : null)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ status: 'OK', data: { balance: 25 } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const settings = { url: 'http://127.0.0.1:1/v1/traces', serviceName: 'portal' }

describe('portal traces', () => {
  it('are off until started: no hooks, and the calls carry no trace context', async () => {
    expect(portalTracing()).toBeUndefined()
    received.length = 0
    expect(await callEndpoint(read, { params: { id: 'm1' }, member: testMember, baseUrl })).toEqual({ ok: true, data: { balance: 25 } })
    expect(received).toEqual([null])
  })

  it("make a page's request the root, its calls its children, and send each call's context to the member API", async () => {
    const exporter = new InMemorySpanExporter()
    const running = startPortalTracing(settings, new SimpleSpanProcessor(exporter))
    try {
      const hooks = portalTracing()
      expect(hooks).toBeDefined()
      received.length = 0
      // A traceparent from outside names nothing of ours: the page's span starts its own trace.
      const page = new Request('http://127.0.0.1/en/member/missions', { headers: { traceparent: '00-11111111111111111111111111111111-2222222222222222-01' } })
      const result = await hooks!.request(page, 'router', async () => {
        for (const id of ['m1', 'm2']) await callEndpoint(read, { params: { id }, member: testMember, baseUrl })
        return { response: new Response('page', { status: 200 }) }
      })
      expect(result.response.status).toBe(200)

      const spans = exporter.getFinishedSpans()
      const root = spans.find((span) => span.kind === SpanKind.SERVER)
      const calls = spans.filter((span) => span.kind === SpanKind.CLIENT)
      expect(root?.name).toBe('GET page')
      expect(root?.parentSpanContext).toBeUndefined()
      expect(root?.attributes).toMatchObject({ 'url.path': '/en/member/missions', 'http.response.status_code': 200 })
      const traceId = root!.spanContext().traceId
      expect(traceId).not.toBe('11111111111111111111111111111111')
      expect(calls.map((span) => span.name)).toEqual(['GET members/:id/balance', 'GET members/:id/balance'])
      for (const [i, span] of calls.entries()) {
        expect(span.spanContext().traceId).toBe(traceId)
        expect(span.parentSpanContext?.spanId).toBe(root!.spanContext().spanId)
        expect(span.attributes['http.response.status_code']).toBe(200)
        // The member API's span becomes a child of the call's span.
        expect(received[i]).toBe(`00-${traceId}-${span.spanContext().spanId}-01`)
      }
    } finally {
      await running.shutdown()
    }
    expect(portalTracing()).toBeUndefined()
  })
})
