import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatEventAt, LOG_ENTRIES_PER_MINUTE, LogAcceptedSchema } from '../../contract/logs'
import { HEALTHZ_PATH, LOGS_COLLECTOR_PATH, READYZ_PATH } from '../../contract/paths'
import { frontEndLogs } from '../db/schema'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h?.close())

const entry = () => ({
  id: crypto.randomUUID(),
  type: 'front-end',
  application: 'portal',
  module: 'http://localhost:3000/en/member/campaigns',
  user_auth: { type: 'member', roles: [], id: null },
  severity: 'ERROR',
  tags: ['uncaught'],
  event_at: formatEventAt(new Date()),
  log: 'TypeError: cannot read properties of undefined',
})

describe('logs collector', () => {
  it('stores entries from signed-out visitors', async () => {
    const sent = entry()
    expectOk(await call(h.app, 'POST', LOGS_COLLECTOR_PATH, { body: sent, headers: { 'x-forwarded-for': '203.0.113.1' } }), LogAcceptedSchema, 201)
    const rows = await h.deps.db.select().from(frontEndLogs)
    expect(rows.map((r) => r.entryId)).toContain(sent.id)
  })

  it('rejects bad entries and oversized bodies without storing them', async () => {
    const before = (await h.deps.db.select().from(frontEndLogs)).length
    expectError(
      await call(h.app, 'POST', LOGS_COLLECTOR_PATH, { body: { ...entry(), event_at: '2026-01-01T00:00:00Z' }, headers: { 'x-forwarded-for': '203.0.113.2' } }),
      'BAD_REQUEST',
      400,
    )
    expectError(
      await call(h.app, 'POST', LOGS_COLLECTOR_PATH, { body: { ...entry(), secret: 1 }, headers: { 'x-forwarded-for': '203.0.113.2' } }),
      'BAD_REQUEST',
      400,
    )
    expectError(
      await call(h.app, 'POST', LOGS_COLLECTOR_PATH, { body: { ...entry(), log: 'x'.repeat(20_000) }, headers: { 'x-forwarded-for': '203.0.113.2' } }),
      'PAYLOAD_TOO_LARGE',
      413,
    )
    expect((await h.deps.db.select().from(frontEndLogs)).length).toBe(before)
  })

  it('rate-limits each client per minute', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.7' }
    for (let i = 0; i < LOG_ENTRIES_PER_MINUTE; i++)
      expectOk(await call(h.app, 'POST', LOGS_COLLECTOR_PATH, { body: entry(), headers }), LogAcceptedSchema, 201)
    const limited = await call(h.app, 'POST', LOGS_COLLECTOR_PATH, { body: entry(), headers })
    expectError(limited, 'RATE_LIMITED', 429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expectOk(await call(h.app, 'POST', LOGS_COLLECTOR_PATH, { body: entry(), headers: { 'x-forwarded-for': '198.51.100.8' } }), LogAcceptedSchema, 201)
  })

  it('believes X-Forwarded-For from the portal only: anyone else counts under their own address', async () => {
    const direct = (forwardedFor: string) =>
      call(h.app, 'POST', LOGS_COLLECTOR_PATH, { body: entry(), peer: '192.0.2.77', headers: { 'x-forwarded-for': forwardedFor } })
    // A new made-up address on every call does not give a fresh allowance.
    for (let i = 0; i < LOG_ENTRIES_PER_MINUTE; i++) expectOk(await direct(`203.0.113.${i}`), LogAcceptedSchema, 201)
    expectError(await direct('203.0.113.250'), 'RATE_LIMITED', 429)
    // The portal's other clients are not affected.
    expectOk(await call(h.app, 'POST', LOGS_COLLECTOR_PATH, { body: entry(), headers: { 'x-forwarded-for': '198.51.100.9' } }), LogAcceptedSchema, 201)
  })
})

describe('probes and errors', () => {
  it('answers healthz and readyz', async () => {
    const health = await call(h.app, 'GET', HEALTHZ_PATH)
    expect(health.status).toBe(200)
    // The member API's own security headers.
    expect(health.headers.get('x-content-type-options')).toBe('nosniff')
    expect(health.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(health.headers.get('strict-transport-security')).toContain('max-age=')
    expect((await call(h.app, 'GET', READYZ_PATH)).json).toEqual({ status: 'OK', data: { database: 'up' } })
  })

  it('never leaks internals in a 500', async () => {
    const broken = await createHarness()
    await broken.close()
    const result = await call(broken.app, 'GET', 'suite/api/public/reviews')
    const error = expectError(result, 'INTERNAL', 500)
    expect(error.message).toMatch(/^Something went wrong on our side \(request [0-9a-f-]{36}\)$/)
    // Not ready: 503 with the code the contract pairs with it.
    expect(expectError(await call(broken.app, 'GET', READYZ_PATH), 'UNAVAILABLE', 503).message).toBe('The database is not reachable')
  })
})
