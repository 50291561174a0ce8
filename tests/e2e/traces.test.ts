// One member page as one trace: a portal and a member API of their own send their spans to a small
// OTLP/HTTP receiver of this test's (JSON, as the exporter posts it), and the spans of one signed-in
// page render form one tree: the portal's render at its root, its calls to the member API under it,
// the member API's handling of each call under the call, and its database statements under that.
// The member API's log lines of the page's calls name the trace.
import { createServer, type Server } from 'node:http'
import { readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import type { BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freePort } from '../../scripts/lib/auth-emulator.mjs'
import { waitForHttp } from '../../scripts/lib/processes.mjs'
import { startSuite } from '../../scripts/lib/suite.mjs'
import { newContext } from './support/browser'
import { createMember, signInThroughUi } from './support/members'
import { ownPortalAndBrowser } from './support/portal'
import { serverLog } from './support/server-logs'

/** A span as this test reads it from the OTLP JSON. */
type ReceivedSpan = {
  service: string
  traceId: string
  spanId: string
  parentSpanId: string | null
  name: string
  /** OTLP's numbers: 2 server, 3 client. */
  kind: number
  attributes: Record<string, unknown>
}
type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number }
type OtlpAttribute = { key: string; value: OtlpValue }
type OtlpExport = {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] }
    scopeSpans?: Array<{ spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: OtlpAttribute[] }> }>
  }>
}
const SERVER = 2
const CLIENT = 3

const root = resolve(import.meta.dirname, '../..')
const dataDir = resolve(root, `.data/e2e-traces-${process.pid}`)
const received: ReceivedSpan[] = []
let receiver: Server
let suite: ReturnType<typeof startSuite>
/** What the portal is started with, once the receiver and the member API are up. */
let portalEnv: Record<string, string> = {}

/** Trace and span ids are hex in OTLP JSON; an exporter writing base64 instead is read too. */
const hex = (id: string) => (/^[0-9a-f]+$/.test(id) ? id : Buffer.from(id, 'base64').toString('hex'))
const valueOf = (value: OtlpValue) => value.stringValue ?? (value.intValue === undefined ? (value.boolValue ?? value.doubleValue) : Number(value.intValue))
const attributesOf = (list: OtlpAttribute[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]))

function receive(body: OtlpExport) {
  for (const resourceSpans of body.resourceSpans ?? []) {
    const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'])
    for (const scope of resourceSpans.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        received.push({
          service,
          traceId: hex(span.traceId),
          spanId: hex(span.spanId),
          parentSpanId: span.parentSpanId ? hex(span.parentSpanId) : null,
          name: span.name,
          kind: span.kind,
          attributes: attributesOf(span.attributes),
        })
      }
    }
  }
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces' && String(req.headers['content-type']).startsWith('application/json')) {
        receive(JSON.parse(body) as OtlpExport)
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      } else {
        res.writeHead(415).end()
      }
    })
  })
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done))
  const address = receiver.address()
  if (!address || typeof address === 'string') throw new Error('the receiver has no port')
  // Both programs send here; a short batch delay, so spans arrive while the test waits for them.
  const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${address.port}`, OTEL_BSP_SCHEDULE_DELAY: '200' }

  rmSync(dataDir, { recursive: true, force: true })
  const suitePort = await freePort()
  suite = startSuite({
    port: suitePort,
    authEmulatorHost: inject('authEmulatorHost'),
    dataDir,
    quiet: true,
    logFile: serverLog('suite-traces'),
    // The request lines are what names the trace in the log.
    env: { ...tracing, LOG_LEVEL: 'info' },
  })
  const suiteUrl = `http://127.0.0.1:${suitePort}`
  await waitForHttp(`${suiteUrl}/readyz`, { isAlive: suite.isAlive, timeoutMs: 120_000 })
  portalEnv = { SUITE_URL: suiteUrl, ...tracing }
})

afterAll(async () => {
  await suite?.stop()
  receiver?.closeAllConnections()
  await new Promise((done) => receiver?.close(done))
  rmSync(dataDir, { recursive: true, force: true })
})

// Started after the receiver and the member API (the hooks above), and stopped before them.
const own = ownPortalAndBrowser('portal-traces', () => portalEnv)

const PAGE = '/en/member/missions'
const isRender = (span: ReceivedSpan) =>
  span.service === 'portal' && span.kind === SERVER && span.attributes['url.path'] === PAGE && span.attributes['portal.handler'] === 'router'
const isStatement = (span: ReceivedSpan) => span.attributes['db.system.name'] === 'postgresql'

/** The trace's spans once it is whole: a render, its calls, the member API's handling of each and statements, every parent among them. */
function wholeTrace(traceId: string): ReceivedSpan[] | null {
  const spans = received.filter((span) => span.traceId === traceId)
  const ids = new Set(spans.map((span) => span.spanId))
  const calls = spans.filter((span) => span.service === 'portal' && span.kind === CLIENT).length
  const whole =
    calls > 0 &&
    // Each call handled, and so exported, by the member API (its span ends after its statements').
    spans.filter((span) => span.service === 'member-api' && span.kind === SERVER).length === calls &&
    spans.some(isStatement) &&
    spans.every((span) => span.parentSpanId === null || ids.has(span.parentSpanId))
  return whole ? spans : null
}

describe('traces', () => {
  it('follow one signed-in member page from the portal through the member API into the database, as one tree', async () => {
    const member = await createMember('Tracy Trace')
    const context: BrowserContext = await newContext(own.browser, { baseURL: own.baseURL })
    try {
      const page = await context.newPage()
      await signInThroughUi(page, member, PAGE)
      await page.getByRole('heading', { level: 1, name: 'Missions' }).waitFor()

      // The page rendered by the server for the signed-in member.
      const rendersBefore = received.filter(isRender).length
      const response = await page.goto(PAGE)
      expect(response?.status()).toBe(200)
      await page.getByRole('heading', { level: 1, name: 'Missions' }).waitFor()
      await expect.poll(() => received.filter(isRender).length, { timeout: 30_000 }).toBeGreaterThan(rendersBefore)
      const render = received.filter(isRender).at(-1)!
      await expect.poll(() => wholeTrace(render.traceId) !== null, { timeout: 30_000 }).toBe(true)
      const spans = wholeTrace(render.traceId)!
      const byId = new Map(spans.map((span) => [span.spanId, span]))
      const parentOf = (span: ReceivedSpan) => (span.parentSpanId === null ? undefined : byId.get(span.parentSpanId))

      // One root, the portal's render; every other span links up to it.
      expect(spans.filter((span) => span.parentSpanId === null)).toEqual([render])
      for (const span of spans) {
        let at: ReceivedSpan | undefined = span
        for (let depth = 0; at && at !== render; depth++) {
          expect(depth, `${span.name} does not link up to the render`).toBeLessThan(10)
          at = parentOf(at)
        }
        expect(at, span.name).toBe(render)
      }

      // The portal's calls hang from the render; the member API's handling of each from its call.
      const calls = spans.filter((span) => span.service === 'portal' && span.kind === CLIENT)
      for (const call of calls) expect(parentOf(call)).toBe(render)
      const handled = spans.filter((span) => span.service === 'member-api' && span.kind === SERVER)
      for (const request of handled) {
        const call = parentOf(request)
        expect(call?.kind, request.name).toBe(CLIENT)
        expect(call?.service).toBe('portal')
        // Named by the route the call asked for.
        expect(request.name).toBe(`GET /${String(call?.attributes['http.route'])}`)
      }

      // The statements hang from the member API's handling, with their text and never their values.
      const statements = spans.filter(isStatement)
      for (const statement of statements) {
        expect(parentOf(statement)?.service).toBe('member-api')
        expect(parentOf(statement)?.kind).toBe(SERVER)
        expect(statement.attributes['db.query.text']).toEqual(expect.any(String))
        expect(JSON.stringify(statement.attributes)).not.toContain(member.uid)
        expect(JSON.stringify(statement.attributes)).not.toContain(member.email)
      }
      expect(statements.some((statement) => String(statement.attributes['db.query.text']).includes('$1'))).toBe(true)

      // The member API's log line of each call names the trace beside its request id.
      await expect
        .poll(
          () =>
            readFileSync(serverLog('suite-traces'), 'utf8')
              .split('\n')
              .filter((line) => line.includes(`traceId=${render.traceId}`)).length,
          {
            timeout: 30_000,
          },
        )
        .toBeGreaterThanOrEqual(handled.length)
    } finally {
      await context.close()
    }
  })
})
