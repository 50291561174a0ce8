// The client's own transport (node:http, connections kept open) against a real HTTP server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Endpoint } from '#contract/endpoints'
import { DEVICE_HEADER } from '#contract/sightings'
import { FAILURES_TO_OPEN } from './circuit-breaker'
import { withRenderDeadline } from './render-deadline.server'
import { callEndpoint, refusedBeforeSending, streamFile, SUITE_TIMEOUT_MS } from './suite-client.server'
import { balanceSchema, testMember } from './test-entries'

const member = testMember
const schema = balanceSchema
const read = { method: 'GET', path: 'members/:id/balance', auth: 'member', data: schema } as const satisfies Endpoint
const change = {
  method: 'PATCH',
  path: 'members/:id/balance',
  auth: 'member',
  body: v.strictObject({ name: v.string() }),
  data: schema,
} as const satisfies Endpoint
const params = { id: 'm 1' }
const readPath = 'members/m%201/balance'

let server: Server
let baseUrl: string
const seen: Array<{ method: string; url: string; authorization?: string; body: string; sockets: number }> = []
let route: (req: IncomingMessage, res: ServerResponse) => void = () => {}
const sockets = new Set<unknown>()

beforeAll(async () => {
  server = createServer((req, res) => {
    sockets.add(req.socket)
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body, sockets: sockets.size })
      route(req, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

describe('callEndpoint over node:http', () => {
  it('sends method, credential and body, reads the answer, and reuses one connection for calls in a row', async () => {
    route = (_req, res) => json(res, 200, { status: 'OK', data: { balance: 25 } })
    seen.length = 0
    sockets.clear()
    expect(await callEndpoint(read, { params, member, baseUrl })).toEqual({ ok: true, data: { balance: 25 } })
    expect(await callEndpoint(change, { params, body: { name: 'Zoë' }, member, baseUrl })).toEqual({ ok: true, data: { balance: 25 } })
    expect(seen.map(({ method, url, authorization, body }) => ({ method, url, authorization, body }))).toEqual([
      { method: 'GET', url: `/${readPath}`, authorization: 'Bearer session-cookie-value', body: '' },
      { method: 'PATCH', url: `/${readPath}`, authorization: 'Bearer session-cookie-value', body: JSON.stringify({ name: 'Zoë' }) },
    ])
    expect(seen[1]?.sockets).toBe(1)
  })

  it('sends the bytes of an upload entry as they are, as application/octet-stream', async () => {
    const upload = { method: 'POST', path: 'members/:id/photos', auth: 'member', upload: 'image', data: schema } as const satisfies Endpoint
    let headers: IncomingMessage['headers'] = {}
    route = (req, res) => {
      headers = req.headers
      json(res, 201, { status: 'OK', data: { balance: 1 } })
    }
    seen.length = 0
    const bytes = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')
    expect(await callEndpoint(upload, { params, upload: bytes, member, baseUrl })).toEqual({ ok: true, data: { balance: 1 } })
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/members/m%201/photos',
      authorization: `Bearer ${member.credential}`,
      body: new TextDecoder().decode(bytes),
    })
    expect(headers).toMatchObject({ 'content-type': 'application/octet-stream', 'content-length': String(bytes.byteLength) })
  })

  it("forwards the browser's address and device id when given, and neither when not", async () => {
    let headers: IncomingMessage['headers'] = {}
    route = (req, res) => {
      headers = req.headers
      json(res, 200, { status: 'OK', data: { balance: 1 } })
    }
    const deviceId = '0123456789abcdef0123456789abcdef'
    await callEndpoint(read, { params, member, baseUrl, clientIp: '203.0.113.9', deviceId })
    expect(headers).toMatchObject({ 'x-forwarded-for': '203.0.113.9', [DEVICE_HEADER]: deviceId })
    await callEndpoint(read, { params, member, baseUrl })
    expect(headers).not.toHaveProperty('x-forwarded-for')
    expect(headers).not.toHaveProperty(DEVICE_HEADER)
  })

  it('maps an error answer through the catalogue, and an answer off its schema to a bad response', async () => {
    route = (_req, res) => json(res, 400, { status: 'BAD_REQUEST', message: 'no', fields: { zip: ['bad'] } })
    expect(await callEndpoint(read, { params, member, baseUrl })).toEqual({
      ok: false,
      failure: { kind: 'rejected', path: readPath, httpStatus: 400, message: 'no', fields: { zip: ['bad'] } },
    })
    // A refusal's reason comes along as data; one this portal does not know is left out, not guessed.
    route = (_req, res) => json(res, 409, { status: 'CONFLICT', message: 'taken', reason: { code: 'in-use' } })
    expect(await callEndpoint(read, { params, member, baseUrl })).toEqual({
      ok: false,
      failure: { kind: 'rejected', path: readPath, httpStatus: 409, message: 'taken', fields: null, reason: { code: 'in-use' } },
    })
    route = (_req, res) => json(res, 409, { status: 'CONFLICT', message: 'later', reason: { code: 'from-a-newer-api' } })
    expect(await callEndpoint(read, { params, member, baseUrl })).toEqual({
      ok: false,
      failure: { kind: 'rejected', path: readPath, httpStatus: 409, message: 'later', fields: null },
    })
    // A 429 that says why is a refusal with its reason; a 503 that says why keeps it as the failure's refusal.
    route = (_req, res) => json(res, 429, { status: 'RATE_LIMITED', message: 'slow down', reason: { code: 'too-many-uploads' } })
    expect(await callEndpoint(read, { params, member, baseUrl })).toEqual({
      ok: false,
      failure: { kind: 'rejected', path: readPath, httpStatus: 429, message: 'slow down', fields: null, reason: { code: 'too-many-uploads' } },
    })
    route = (_req, res) => json(res, 503, { status: 'UNAVAILABLE', message: 'busy', reason: { code: 'image-queue-full' } })
    expect(await callEndpoint(read, { params, member, baseUrl })).toEqual({
      ok: false,
      failure: { kind: 'unavailable', path: readPath, reason: 'server', httpStatus: 503, refusal: { code: 'image-queue-full' } },
    })
    route = (_req, res) => json(res, 503, { status: 'UNAVAILABLE', message: 'busy' })
    expect(await callEndpoint(read, { params, member, baseUrl })).toEqual({
      ok: false,
      failure: { kind: 'unavailable', path: readPath, reason: 'server', httpStatus: 503 },
    })
    route = (_req, res) => json(res, 200, { status: 'OK', data: { balance: 'lots' } })
    expect(await callEndpoint(read, { params, member, baseUrl })).toMatchObject({
      ok: false,
      failure: { kind: 'unavailable', reason: 'bad-response', httpStatus: 200 },
    })
  })

  it("gives a refusal made before sending exactly as the member API's own 400 arrives, marked as the entry says", async () => {
    const upload = { method: 'POST', path: 'ops/:id/images', auth: 'staff', upload: 'image', silent: true, data: schema } as const satisfies Endpoint
    const refusal: Pick<Parameters<typeof refusedBeforeSending>[1], 'fields' | 'reason'> = {
      fields: { image: ['too large'] },
      reason: { code: 'image-refused', problem: 'size' },
    }
    route = (_req, res) => json(res, 400, { status: 'BAD_REQUEST', ...refusal })
    seen.length = 0
    const answered = await callEndpoint(upload, { params, upload: new Uint8Array(1), member, baseUrl })
    expect(seen).toHaveLength(1)
    expect(answered).toEqual({
      ok: false,
      failure: { kind: 'rejected', path: 'ops/m%201/images', httpStatus: 400, message: null, ...refusal, silent: true, staff: true },
    })
    expect(refusedBeforeSending(upload, { ...refusal, params })).toEqual(answered)
    expect(seen).toHaveLength(1)
  })

  it('refuses a path parameter that would change the path (., .., empty) before sending anything', async () => {
    route = (_req, res) => json(res, 200, { status: 'OK', data: { balance: 25 } })
    seen.length = 0
    for (const id of ['.', '..', '']) {
      expect(await callEndpoint(read, { params: { id }, member, baseUrl })).toEqual({ ok: false, failure: { kind: 'not-found', path: read.path } })
      expect(await callEndpoint(change, { params: { id }, body: { name: 'Zoë' }, member, baseUrl })).toMatchObject({
        ok: false,
        failure: { kind: 'not-found' },
      })
    }
    expect(seen).toEqual([])
    // A dot within a value is no segment of its own, and is sent encoded as any other value.
    expect(await callEndpoint(read, { params: { id: '...' }, member, baseUrl })).toEqual({ ok: true, data: { balance: 25 } })
    expect(await callEndpoint(read, { params: { id: '../x' }, member, baseUrl })).toEqual({ ok: true, data: { balance: 25 } })
    expect(seen.map((s) => s.url)).toEqual(['/members/.../balance', '/members/..%2Fx/balance'])
  })

  it('gives up at the deadline when the member API hangs, headers sent or not', async () => {
    route = () => {}
    expect(await callEndpoint(read, { params, member, baseUrl, timeoutMs: 50 })).toMatchObject({
      ok: false,
      failure: { kind: 'unavailable', reason: 'timeout' },
    })
    route = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"status":"OK",')
    }
    expect(await callEndpoint(read, { params, member, baseUrl, timeoutMs: 50 })).toMatchObject({
      ok: false,
      failure: { kind: 'unavailable', reason: 'timeout' },
    })
  })

  it('shares one deadline among the calls of a render: a call after it fails at once without going out', async () => {
    route = () => {}
    seen.length = 0
    const started = Date.now()
    const {
      result: [first, second],
      degraded,
    } = await withRenderDeadline(200, async () => [
      await callEndpoint(read, { params, member, baseUrl }),
      await callEndpoint(read, { params, member, baseUrl }),
    ])
    // The render went without its data: its page is not one to share.
    expect(degraded).toBe(true)
    const took = Date.now() - started
    expect(first).toMatchObject({ ok: false, failure: { kind: 'unavailable', reason: 'timeout' } })
    expect(second).toMatchObject({ ok: false, failure: { kind: 'unavailable', reason: 'timeout' } })
    // Each call alone would have waited its own 10 s timeout.
    expect(took).toBeLessThan(SUITE_TIMEOUT_MS / 2)
    expect(seen).toHaveLength(1)
    // Outside a render a call has its own timeout again (and an answer keeps the breaker closed).
    route = (_req, res) => json(res, 200, { status: 'OK', data: { balance: 2 } })
    expect(await callEndpoint(read, { params, member, baseUrl })).toEqual({ ok: true, data: { balance: 2 } })
  })

  it('reports a refused connection as the network failing', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    expect(await callEndpoint(read, { params, member, baseUrl: `http://127.0.0.1:${port}` })).toMatchObject({
      ok: false,
      failure: { kind: 'unavailable', reason: 'network' },
    })
  })

  const answerBalance = (_req: IncomingMessage, res: ServerResponse) => json(res, 200, { status: 'OK', data: { balance: 7 } })
  const answered = { ok: true, data: { balance: 7 } }
  const networkFailure = { ok: false, failure: expect.objectContaining({ kind: 'unavailable', reason: 'network' }) as unknown }
  /**
   * A first read keeps a connection open, `lose` has the member API lose it, then `call` runs: what
   * it gave, and how many calls reached the member API meanwhile.
   */
  const afterLosingConnection = async <T>(lose: () => void, call: () => Promise<T>): Promise<{ result: T; arrived: number }> => {
    route = answerBalance
    expect(await callEndpoint(read, { params, member, baseUrl })).toEqual(answered)
    const before = seen.length
    lose()
    const result = await call()
    return { result, arrived: seen.length - before }
  }

  it('sends a read once more when the member API closed its kept-open connection as the read took it, and never a change', async () => {
    // The member API closes the connection (as its idle timeout does), and in the same turn, before
    // the client can hear of it, the next call takes it.
    const closeIdle = () => server.closeIdleConnections()
    const again = await afterLosingConnection(closeIdle, () => callEndpoint(read, { params, member, baseUrl }))
    expect(again).toEqual({ result: answered, arrived: 1 })
    const change_ = await afterLosingConnection(closeIdle, () => callEndpoint(change, { params, member, baseUrl, body: { name: 'x' } }))
    expect(change_).toEqual({ result: networkFailure, arrived: 0 })
  })

  it('sends a read once more when the member API dropped its connection before answering, and never a change', async () => {
    // The member API closes the connection just as a call arrives on it (its idle timeout running
    // out at that moment): the first call to arrive gets no answer, the next one does.
    const dropTheNextCall = () => {
      let dropped = false
      route = (req, res) => {
        if (dropped) return answerBalance(req, res)
        dropped = true
        req.socket.destroy()
      }
    }
    const again = await afterLosingConnection(dropTheNextCall, () => callEndpoint(read, { params, member, baseUrl }))
    expect(again).toEqual({ result: answered, arrived: 2 })
    const change_ = await afterLosingConnection(dropTheNextCall, () => callEndpoint(change, { params, member, baseUrl, body: { name: 'x' } }))
    expect(change_).toEqual({ result: networkFailure, arrived: 1 })
  })

  it('stops calling a member API that does not answer, and says so at once', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const down = `http://127.0.0.1:${port}`
    for (let i = 0; i < FAILURES_TO_OPEN; i++) {
      expect(await callEndpoint(read, { params, member, baseUrl: down })).toMatchObject({ failure: { reason: 'network' } })
    }
    expect(await callEndpoint(read, { params, member, baseUrl: down })).toMatchObject({ ok: false, failure: { kind: 'unavailable', reason: 'circuit-open' } })
    // Another member API (here: the test server) is not affected.
    route = (_req, res) => json(res, 200, { status: 'OK', data: { balance: 1 } })
    expect(await callEndpoint(read, { params, member, baseUrl })).toEqual({ ok: true, data: { balance: 1 } })
  })
})

describe('streamFile', () => {
  const file = {
    method: 'GET',
    path: 'exports/:id/rows.csv',
    auth: 'staff',
    capability: 'campaigns:edit',
    data: null,
    file: 'text/csv',
  } as const satisfies Endpoint

  it('passes a file on piece by piece as the member API writes it, with the credential', async () => {
    let finish: () => void = () => {}
    route = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' })
      res.write('a,b\r\n')
      // The rest comes only after the first piece was read: nothing waits for the whole file.
      finish = () => res.end('1,2\r\n')
    }
    seen.length = 0
    const streamed = await streamFile(file, { params: { id: 'c1' }, member, baseUrl })
    if (!streamed.ok) throw new Error(JSON.stringify(streamed.failure))
    const reader = streamed.body.getReader()
    const decoder = new TextDecoder()
    expect(decoder.decode((await reader.read()).value)).toBe('a,b\r\n')
    finish()
    let rest = ''
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += decoder.decode(next.value)
    expect(rest).toBe('1,2\r\n')
    expect(seen[0]).toMatchObject({ url: '/exports/c1/rows.csv', authorization: 'Bearer session-cookie-value' })
  })

  it('reports a refusal as callEndpoint does, and an answer of another type as a bad response', async () => {
    route = (_req, res) => json(res, 403, { status: 'FORBIDDEN', message: 'no' })
    expect(await streamFile(file, { params: { id: 'c1' }, member, baseUrl })).toMatchObject({ ok: false, failure: { kind: 'forbidden' } })
    route = (_req, res) => json(res, 200, { status: 'OK', data: {} })
    expect(await streamFile(file, { params: { id: 'c1' }, member, baseUrl })).toMatchObject({
      ok: false,
      failure: { kind: 'unavailable', reason: 'bad-response' },
    })
    expect(await streamFile(file, { params: { id: 'c1' }, member: null, baseUrl })).toMatchObject({ ok: false, failure: { kind: 'unauthenticated' } })
  })

  it('refuses a path parameter of . or .. before sending anything', async () => {
    route = (_req, res) => json(res, 200, { status: 'OK', data: {} })
    seen.length = 0
    for (const id of ['.', '..'])
      expect(await streamFile(file, { params: { id }, member, baseUrl })).toEqual({ ok: false, failure: { kind: 'not-found', path: file.path } })
    expect(seen).toEqual([])
  })

  it('reads a 429 that says why (an export limit) as a refusal with its reason, and one that does not as unavailable', async () => {
    const reason = { code: 'export-limit', limit: 'at-once', retryAfterSeconds: 30 }
    route = (_req, res) => json(res, 429, { status: 'RATE_LIMITED', message: 'At most 2 exports may run at once', reason })
    expect(await streamFile(file, { params: { id: 'c1' }, member, baseUrl })).toMatchObject({
      ok: false,
      failure: { kind: 'rejected', httpStatus: 429, reason },
    })
    route = (_req, res) => json(res, 429, { status: 'RATE_LIMITED', message: 'Too many' })
    expect(await streamFile(file, { params: { id: 'c1' }, member, baseUrl })).toMatchObject({
      ok: false,
      failure: { kind: 'unavailable', httpStatus: 429 },
    })
  })
})
