// The suite serves exactly the contract's endpoint table, with the credentials and queries it states.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CampaignEligibilityListSchema, CampaignPageSchema, ReviewPageSchema } from '../contract/campaigns'
import {
  API_MEMBER_PATH,
  CAMPAIGN_ELIGIBILITY_PATH,
  DOWNLOAD_PROFILE_PDF_PATH,
  fillPath,
  PUBLIC_CAMPAIGNS_PATH,
  PUBLIC_REVIEWS_PATH,
  SOCIAL_PROFILES_PATH,
} from '../contract/paths'
import { RECENT_SIGN_IN_SECONDS } from '../contract/auth'
import { ENDPOINTS } from '../contract/endpoints'
import { createSuiteApp } from './app'
import { systemClock, type SuiteDeps } from './deps'
import pino from 'pino'
import { createCampaign } from './test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from './test/harness'
import { createTestMember, type TestMember } from './test/members'
import { createTestBrandViewer, createTestStaff } from './test/staff'

const deps = {
  clock: systemClock,
  // As local mode builds it: a clock the dev clock route can move, so that route is served too.
  adjustClock: () => {},
  logger: pino({ level: 'silent' }),
  settings: {
    mode: 'local',
    otpPepper: 'x'.repeat(32),
    secondFactorKey: 'x'.repeat(32),
    intercomSecret: 'x'.repeat(32),
    messages: { linkSecret: 'x'.repeat(32), portalUrl: 'http://localhost:3000' },
    trustedProxies: [],
    retentionDays: 30,
    smsLimits: { countries: ['DE'], perHour: 200, perClientPerHour: 10 },
  },
} as unknown as SuiteDeps

describe('endpoint table', () => {
  it('lists exactly the routes the suite serves', () => {
    const served = new Set(
      createSuiteApp(deps)
        .routes.filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path}`),
    )
    const listed = new Set(Object.values(ENDPOINTS).map((e) => `${e.method} /${e.path}`))
    expect([...listed].filter((x) => !served.has(x))).toEqual([])
    expect([...served].filter((x) => !listed.has(x))).toEqual([])
  })
})

/** A contract path with its parameters filled: random ids (a real image name for the image route). */
function samplePath(path: string): string {
  return fillPath(
    path,
    Object.fromEntries(
      path
        .split('/')
        .filter((s) => s.startsWith(':'))
        .map((s) => [s.slice(1), s === ':name' ? 'skillet.svg' : crypto.randomUUID()]),
    ),
  )
}

let h: Harness
let member: TestMember
/** Holds every role: staff endpoints read their query and body only after the capability check. */
let admin: TestMember
/** A brand's user: brand endpoints read their query and body only after the brand is settled. */
let brandViewer: TestMember
beforeAll(async () => {
  ;[h, member] = await Promise.all([createHarness(), createTestMember()])
  admin = await createTestStaff(h.deps.db, ['admin'])
  brandViewer = await createTestBrandViewer(h.deps.db, 'Endpoint table brand')
})
afterAll(() => h?.close())

describe('credentials', () => {
  const bearerEndpoints = Object.entries(ENDPOINTS).filter(([, e]) => e.auth === 'member' || e.auth === 'identity' || e.auth === 'staff' || e.auth === 'brand')
  const optionalEndpoints = Object.entries(ENDPOINTS).filter(([, e]) => e.auth === 'optional')

  it('covers the Bearer endpoints of the table', () => {
    expect(bearerEndpoints.length).toBeGreaterThan(40)
  })

  describe.each(bearerEndpoints)('%s (Bearer)', (_name, endpoint) => {
    it.each([
      ['no Authorization header', undefined],
      ['a garbage token', 'Bearer garbage'],
      ['a token that is not a Bearer one', 'Basic dXNlcjpwYXNz'],
    ])('answers 401 with %s', async (_what, authorization) => {
      const result = await call(h.app, endpoint.method, samplePath(endpoint.path), authorization ? { headers: { authorization } } : {})
      expectError(result, 'UNAUTHENTICATED', 401)
    })
  })

  it.each(optionalEndpoints)('%s (optional Bearer) works signed out but refuses a garbage token', async (_name, endpoint) => {
    expect((await call(h.app, endpoint.method, samplePath(endpoint.path))).status).not.toBe(401)
    expectError(await call(h.app, endpoint.method, samplePath(endpoint.path), { token: 'garbage' }), 'UNAUTHENTICATED', 401)
  })
})

describe('recent sign-in', () => {
  const recentEndpoints = Object.entries(ENDPOINTS).filter(([, e]) => 'recentSignIn' in e && e.recentSignIn)

  it('is asked of the changes that could take an account over, before their body is read', async () => {
    expect(recentEndpoints.map(([name]) => name).sort()).toEqual([
      'confirmTotp',
      'opsGrantRole',
      'opsInviteBrandUser',
      'opsResetSecondFactor',
      'opsRevokeRole',
      'opsSendNewsletter',
      'passkeyRegistrationOptions',
      'pseudonymize',
      'registerPasskey',
      'removeSecondFactor',
      'replaceRecoveryCodes',
      'startTotp',
      'updateEmail',
      'updatePhone',
    ])
    h.clock.advance(RECENT_SIGN_IN_SECONDS * 1000 + 1000)
    try {
      for (const [, endpoint] of recentEndpoints) {
        const token = endpoint.auth === 'staff' ? admin.bearer : member.bearer
        expectError(await call(h.app, endpoint.method, samplePath(endpoint.path), { token, body: { not: 'valid' } }), 'REAUTH_REQUIRED', 401)
      }
    } finally {
      h.clock.set(new Date())
    }
  })
})

describe('bot protection', () => {
  const protectedEndpoints = Object.entries(ENDPOINTS).filter(([, e]) => 'bot' in e && e.bot)

  it('refuses a protected action without its token, after the credential and before the query or body are read', async () => {
    expect(protectedEndpoints.length).toBe(5)
    for (const [name, endpoint] of protectedEndpoints) {
      const token = endpoint.auth === 'none' ? {} : { token: member.bearer }
      const refused = await call(h.app, endpoint.method, samplePath(endpoint.path), {
        ...token,
        body: { not: 'valid' },
        query: { not: 'valid' },
        botToken: null,
      })
      expect(expectError(refused, 'BOT_CHECK_FAILED', 400).fields, name).toBeUndefined()
      expectError(await call(h.app, endpoint.method, samplePath(endpoint.path), { ...token, botToken: 'not-the-local-token' }), 'BOT_CHECK_FAILED', 400)
      if (endpoint.auth !== 'none') expectError(await call(h.app, endpoint.method, samplePath(endpoint.path), { botToken: null }), 'UNAUTHENTICATED', 401)
    }
  })
})

describe('query strings', () => {
  it('every route refuses a query parameter its endpoint does not declare: 400 with the field named', async () => {
    const refused: string[] = []
    // With the dev clock route as local mode serves it (the harness moves its own TestClock instead).
    const app = createSuiteApp({ ...h.deps, adjustClock: () => {} })
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const result = await call(app, endpoint.method, samplePath(endpoint.path), {
        ...(endpoint.auth === 'staff'
          ? { token: admin.bearer }
          : endpoint.auth === 'brand'
            ? { token: brandViewer.bearer }
            : endpoint.auth !== 'none'
              ? { token: member.bearer }
              : {}),
        query: { unknownParameter: '1' },
      })
      const error = expectError(result, 'BAD_REQUEST', 400)
      expect(Object.keys(error.fields ?? {}), `${name}: ${JSON.stringify(error)}`).toContain('unknownParameter')
      refused.push(name)
    }
    expect(refused).toHaveLength(Object.keys(ENDPOINTS).length)
    // A GET route without a query schema names the parameter it refuses.
    const member_ = expectError(await call(h.app, 'GET', API_MEMBER_PATH, { token: member.bearer, query: { include: 'everything' } }), 'BAD_REQUEST', 400)
    expect(member_.fields).toEqual({ include: ['is not a query parameter of this endpoint'] })
  })

  it('accepts the query parameters the portal sends', async () => {
    const { campaignId } = await createCampaign(h.deps.db, h.clock.now())
    expectOk(
      await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { campaignId, category: 'kitchen', minRating: '4', page: '1', pageSize: '12' } }),
      ReviewPageSchema,
    )
    expectOk(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { phase: 'open', category: 'kitchen', page: '1', pageSize: '12' } }), CampaignPageSchema)
    expectOk(await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: member.bearer, query: { campaignId } }), CampaignEligibilityListSchema)
    expectError(await call(h.app, 'DELETE', SOCIAL_PROFILES_PATH, { token: member.bearer, query: { platform: 'instagram' } }), 'NOT_FOUND', 404)
    expect((await call(h.app, 'GET', DOWNLOAD_PROFILE_PDF_PATH, { token: member.bearer })).status).toBe(200)
    // A declared parameter given twice is refused rather than picked.
    expectError(await call(h.app, 'GET', `${PUBLIC_REVIEWS_PATH}?page=1&page=2`), 'BAD_REQUEST', 400)
  })
})
