// Property: whatever body, query or path parameters arrive at any route, the suite answers with
// the envelope and never with a 5xx.
import fc from 'fast-check'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorEnvelopeSchema } from '../contract/envelope'
import { ParticipationSchema } from '../contract/participations'
import { ADDRESS_PATH, PROCESS_SIGNUP_PATH } from '../contract/paths'
import { seedDemoData } from './seed/seed'
import { createCampaign, GOOD_ADDRESS } from './test/fixtures'
import { call, createHarness, expectOk, type Harness } from './test/harness'
import { createTestMember, type TestMember } from './test/members'

let h: Harness
let member: TestMember
const knownIds: string[] = []

beforeAll(async () => {
  ;[h, member] = await Promise.all([createHarness(), createTestMember()])
  await seedDemoData(h.deps, { demoMember: false })
  await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: GOOD_ADDRESS })
  const c = await createCampaign(h.deps.db, h.clock.now())
  const p = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: c.campaignId } }), ParticipationSchema, 201)
  knownIds.push(c.campaignId, c.productId, c.flightId, p.id)
}, 180_000)
afterAll(() => h?.close())

/** Field names the contract uses, so random objects sometimes get past the first checks. */
const FIELD_NAMES = [
  'email',
  'phone',
  'country',
  'code',
  'confirm',
  'campaignId',
  'flightId',
  'answers',
  'participationId',
  'rating',
  'title',
  'body',
  'receivedForFree',
  'photos',
  'platform',
  'url',
  'postId',
  'reach',
  'likes',
  'comments',
  'shares',
  'rewardId',
  'requestId',
  'action',
  'firstName',
  'lastName',
  'displayName',
  'birthDate',
  'referralCode',
  'languages',
  'preferences',
  'payout',
  'name',
  'line1',
  'line2',
  'postalCode',
  'city',
  'region',
  'handle',
  'followers',
  'reason',
  'comment',
  'id',
  'type',
  'application',
  'module',
  'user_auth',
  'severity',
  'tags',
  'event_at',
  'log',
  'command',
  'what',
  'page',
  'pageSize',
  'phase',
  'category',
  'status',
  '__proto__',
  'constructor',
]

describe('random input never causes a 5xx', () => {
  it('holds for every route', async () => {
    const routes = h.app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => ({ method: r.method, path: r.path }))
      .filter((r, i, all) => all.findIndex((x) => x.method === r.method && x.path === r.path) === i)
    expect(routes.length).toBeGreaterThan(40)

    const id = fc.oneof(fc.constantFrom(...knownIds), fc.uuid(), fc.string({ maxLength: 40 }))
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...knownIds), fc.constant(true), fc.integer())
    const body = fc.oneof(
      fc.constant(undefined),
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 6 }),
      fc.string({ maxLength: 200 }),
    )
    const query = fc.option(fc.dictionary(fc.constantFrom(...FIELD_NAMES, 'x'), fc.string({ maxLength: 30 }), { maxKeys: 3 }), { nil: undefined })

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), id, id, body, query, fc.boolean(), async (route, id1, id2, payload, q, signedIn) => {
        let filled = 0
        const path = route.path
          .slice(1)
          .split('/')
          .map((seg) => (seg.startsWith(':') ? encodeURIComponent(filled++ === 0 ? id1 : id2) : seg))
          .join('/')
        const result = await call(h.app, route.method, path, {
          ...(signedIn ? { token: member.bearer } : {}),
          ...(payload !== undefined && route.method !== 'GET' ? { body: typeof payload === 'string' ? payload : payload } : {}),
          ...(q ? { query: q } : {}),
        })
        if (result.status >= 500) throw new Error(`${route.method} ${path} → ${result.status} ${JSON.stringify(result.json)}`)
        if (result.status >= 400) expect(v.is(ErrorEnvelopeSchema, result.json)).toBe(true)
      }),
      { numRuns: 1500 },
    )
  }, 270_000)
})
