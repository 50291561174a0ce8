import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ParticipationSchema } from '../../contract/participations'
import {
  ADDRESS_PATH,
  CAMPAIGN_PARTICIPATION_PATH,
  DEV_CLOCK_PATH,
  DEV_OPS_PATH,
  DEV_OUTBOX_PATH,
  POINTS_PATH,
  PROCESS_SIGNUP_PATH,
  fillPath,
} from '../../contract/paths'
import { PointsResultSchema } from '../../contract/rewards'
import { DevClockResultSchema } from '../../contract/dev-clock'
import { createSuiteApp } from '../app'
import { offsetClock } from '../deps'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import * as v from 'valibot'

let h: Harness
let ada: TestMember
beforeAll(async () => {
  ;[h, ada] = await Promise.all([createHarness(), createTestMember()])
  await call(h.app, 'PUT', ADDRESS_PATH, { token: ada.bearer, body: GOOD_ADDRESS })
})
afterAll(() => h?.close())

describe('operator commands (local dev endpoint used by the ops CLI)', () => {
  it('ships and delivers, and refuses transitions out of order', async () => {
    const c = await createCampaign(h.deps.db, h.clock.now())
    const p = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId: c.campaignId } }), ParticipationSchema, 201)
    expectError(await call(h.app, 'POST', DEV_OPS_PATH, { body: { command: 'deliver', id: p.id } }), 'CONFLICT', 409)
    expectOk(await call(h.app, 'POST', DEV_OPS_PATH, { body: { command: 'ship', id: p.id, carrier: 'DHL', tracking: 'JD1' } }), v.unknown())
    expectOk(await call(h.app, 'POST', DEV_OPS_PATH, { body: { command: 'deliver', id: p.id } }), v.unknown())
    const after = expectOk(
      await call(h.app, 'GET', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: c.campaignId, pid: p.id }), { token: ada.bearer }),
      ParticipationSchema,
    )
    expect(after).toMatchObject({ status: 'delivered', shipment: { status: 'delivered', carrier: 'DHL', trackingNumber: 'JD1' } })
    expectError(await call(h.app, 'POST', DEV_OPS_PATH, { body: { command: 'explode' } }), 'BAD_REQUEST', 400)
    const pending = expectOk(await call(h.app, 'POST', DEV_OPS_PATH, { body: { command: 'list', what: 'pending-shipments' } }), v.array(v.unknown()))
    expect(pending).toEqual([])
  })

  it('grants goodwill points by e-mail, each command once, and refuses an unknown member', async () => {
    const granted = expectOk(
      await call(h.app, 'POST', DEV_OPS_PATH, { body: { command: 'grant-points', email: ada.email.toUpperCase(), points: 500, reason: 'Late parcel' } }),
      v.object({ granted: v.number(), balance: v.number() }),
    )
    const again = expectOk(
      await call(h.app, 'POST', DEV_OPS_PATH, { body: { command: 'grant-points', email: ada.email, points: 500, reason: 'Late parcel' } }),
      v.object({ balance: v.number() }),
    )
    expect(again.balance - granted.balance).toBe(500)
    const points = expectOk(await call(h.app, 'GET', POINTS_PATH, { token: ada.bearer }), PointsResultSchema)
    expect(points.balance).toBe(again.balance)
    expect(points.entries.filter((e) => e.reason === 'Late parcel')).toHaveLength(2)
    expectError(
      await call(h.app, 'POST', DEV_OPS_PATH, { body: { command: 'grant-points', email: 'nobody@example.test', points: 5, reason: 'Why not' } }),
      'NOT_FOUND',
      404,
    )
    expectError(
      await call(h.app, 'POST', DEV_OPS_PATH, { body: { command: 'grant-points', email: ada.email, points: -5, reason: 'Take back' } }),
      'BAD_REQUEST',
      400,
    )
  })

  it('does not exist in production', async () => {
    const production = createSuiteApp({ ...h.deps, settings: { ...h.deps.settings, mode: 'production' } })
    expectError(await call(production, 'GET', DEV_OUTBOX_PATH), 'NOT_FOUND', 404)
    expectError(await call(production, 'POST', DEV_OPS_PATH, { body: { command: 'list', what: 'waitlisted' } }), 'NOT_FOUND', 404)
  })
})

describe('dev clock (local mode, for browser tests that age a sign-in)', () => {
  it('moves the suite clock by the offset and back, refusing offsets that are not whole seconds within a day', async () => {
    const clock = offsetClock()
    const app = createSuiteApp({ ...h.deps, clock, adjustClock: (ms) => clock.setOffset(ms) })
    const moved = expectOk(await call(app, 'POST', DEV_CLOCK_PATH, { body: { offsetSeconds: 301 } }), DevClockResultSchema)
    expect(moved.offsetSeconds).toBe(301)
    expect(Date.parse(moved.now) - Date.now()).toBeGreaterThan(299_000)
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(299_000)
    for (const body of [
      { offsetSeconds: 1.5 },
      { offsetSeconds: 86_401 },
      { offsetSeconds: -86_401 },
      { offsetSeconds: '301' },
      { offsetSeconds: 0, extra: 1 },
      {},
    ]) {
      expectError(await call(app, 'POST', DEV_CLOCK_PATH, { body }), 'BAD_REQUEST', 400)
    }
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(299_000)
    expectOk(await call(app, 'POST', DEV_CLOCK_PATH, { body: { offsetSeconds: 0 } }), DevClockResultSchema)
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(5_000)
  })

  it('exists only when the clock can be moved, and never in production', async () => {
    expectError(await call(h.app, 'POST', DEV_CLOCK_PATH, { body: { offsetSeconds: 301 } }), 'NOT_FOUND', 404)
    const production = createSuiteApp({ ...h.deps, settings: { ...h.deps.settings, mode: 'production' }, adjustClock: () => {} })
    expectError(await call(production, 'POST', DEV_CLOCK_PATH, { body: { offsetSeconds: 301 } }), 'NOT_FOUND', 404)
  })
})
