// Bot protection of the protected actions, against a stand-in of the provider's siteverify: a good
// score passes; a low score, another action, a failed verification and a missing token are refused
// with BOT_CHECK_FAILED and change nothing; a provider that does not answer refuses with UNAVAILABLE.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LOCAL_BOT_TOKEN, BotCheckPassedSchema, type BotAction } from '../../contract/bot-protection'
import { ENDPOINTS } from '../../contract/endpoints'
import { MemberSchema } from '../../contract/members'
import { OtpSentSchema } from '../../contract/otp'
import { ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, EMAIL_OTP_SEND_PATH, MEMBERS_PATH, PROCESS_SIGNUP_PATH, SIGNIN_LINK_CHECK_PATH } from '../../contract/paths'
import { members, participations, rateLimits } from '../db/schema'
import { createSuiteApp } from '../app'
import { localBotCheck, recaptchaBotCheck } from '../services/bot-check'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, openTestDatabase, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { countSentTo } from '../test/outbox'

const SECRET = 'test-recaptcha-secret-0123456789abcdef0123'

type Answer = { success: boolean; score?: number; action?: string; 'error-codes'?: string[] }

/** The provider's siteverify as tests script it: each token's answer, and every verification asked. */
const provider = {
  answers: new Map<string, Answer | 'hang' | 'error'>(),
  asked: [] as Array<Record<string, string>>,
  server: null as Server | null,
  url: '',
}

/** A token the stand-in answers as the provider would for a token made for `action` with `score`. */
function tokenFor(action: BotAction | string, score: number): string {
  const token = `token-${crypto.randomUUID()}`
  provider.answers.set(token, { success: true, score, action })
  return token
}

/** The provider as the suite is told of it; `timeoutMs` is how long an answer is waited for. */
const recaptchaFor = (timeoutMs: number) => recaptchaBotCheck({ secret: SECRET, verifyUrl: provider.url, minScore: 0.5, timeoutMs })

let h: Harness
let ada: TestMember
beforeAll(async () => {
  provider.server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body))
      provider.asked.push(form)
      const answer = provider.answers.get(form.response ?? '') ?? { success: false, 'error-codes': ['invalid-input-response'] }
      if (answer === 'hang') return
      if (answer === 'error') {
        res.writeHead(502).end('bad gateway')
        return
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ challenge_ts: new Date().toISOString(), hostname: 'portal.test', ...answer }))
    })
  })
  await new Promise<void>((resolve) => provider.server!.listen(0, '127.0.0.1', resolve))
  provider.url = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}/recaptcha/api/siteverify`
  ;[h, ada] = await Promise.all([
    // A generous wait for the stand-in's answers, which every case but the hanging provider's expects to
    // arrive, however busy the machine; that case has an app of its own that waits briefly.
    openTestDatabase().then((database) => createHarness({ database, botCheck: recaptchaFor(5000) })),
    createTestMember(),
  ])
  // Saving the address is not protected: any token (here none) will do.
  expectOk(await call(h.app, 'PUT', ADDRESS_PATH, { token: ada.bearer, body: GOOD_ADDRESS, botToken: null }), v.unknown())
})
afterAll(async () => {
  provider.server?.closeAllConnections()
  await new Promise((resolve) => provider.server?.close(resolve))
  await h?.close()
})
beforeEach(() => {
  provider.asked.length = 0
})

async function participationsOf(member: TestMember) {
  const [row] = await h.deps.db.select({ id: members.id }).from(members).where(eq(members.uid, member.uid))
  return row ? h.deps.db.select().from(participations).where(eq(participations.memberId, row.id)) : []
}

describe('campaign sign-up', () => {
  it('passes with a good score for its action; the provider is asked with the secret, the token and the browser’s address', async () => {
    const { campaignId } = await createCampaign(h.deps.db, h.clock.now())
    const token = tokenFor('campaign_signup', 0.9)
    const joined = expectOk(
      await call(h.app, 'POST', PROCESS_SIGNUP_PATH, {
        token: ada.bearer,
        body: { campaignId },
        botToken: token,
        headers: { 'x-forwarded-for': '203.0.113.7' },
      }),
      ParticipationSchema,
      201,
    )
    expect(joined.campaignId).toBe(campaignId)
    expect(provider.asked).toEqual([{ secret: SECRET, response: token, remoteip: '203.0.113.7' }])
  })

  it.each([
    ['a low score', () => tokenFor('campaign_signup', 0.3)],
    ['a token made for another action', () => tokenFor('register', 0.9)],
    ['a verification the provider fails (expired, reused, forged)', () => `unknown-${crypto.randomUUID()}`],
    ['the local test token', () => LOCAL_BOT_TOKEN],
  ])('is refused with %s: BOT_CHECK_FAILED, and no participation is made', async (_what, token) => {
    const { campaignId } = await createCampaign(h.deps.db, h.clock.now())
    const before = await participationsOf(ada)
    const refused = expectError(
      await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId }, botToken: token() }),
      'BOT_CHECK_FAILED',
      400,
    )
    expect(refused.message).toMatch(/could not confirm that this request comes from a person/)
    expect(provider.asked).toHaveLength(1)
    expect(await participationsOf(ada)).toEqual(before)
  })

  it('is refused without a token, and the provider is not asked', async () => {
    const { campaignId } = await createCampaign(h.deps.db, h.clock.now())
    const before = await participationsOf(ada)
    expectError(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId }, botToken: null }), 'BOT_CHECK_FAILED', 400)
    expectError(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId }, botToken: '  ' }), 'BOT_CHECK_FAILED', 400)
    expect(provider.asked).toEqual([])
    expect(await participationsOf(ada)).toEqual(before)
  })

  it('is refused as UNAVAILABLE when the provider does not answer in time or answers with an error; nothing is made', async () => {
    const { campaignId } = await createCampaign(h.deps.db, h.clock.now())
    const before = await participationsOf(ada)
    // A provider that never answers, asked by a suite that waits 300 ms for it.
    const impatient = createSuiteApp({ ...h.deps, botCheck: recaptchaFor(300) })
    for (const [app, answer] of [
      [impatient, 'hang'],
      [h.app, 'error'],
    ] as const) {
      const token = `token-${crypto.randomUUID()}`
      provider.answers.set(token, answer)
      expectError(await call(app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId }, botToken: token }), 'UNAVAILABLE', 503)
    }
    expect(await participationsOf(ada)).toEqual(before)
  })

  it('checks the credential first: a signed-out call is a 401 and the provider is not asked', async () => {
    expectError(
      await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { body: { campaignId: crypto.randomUUID() }, botToken: tokenFor('campaign_signup', 0.9) }),
      'UNAUTHENTICATED',
      401,
    )
    expect(provider.asked).toEqual([])
  })
})

describe('one-time codes', () => {
  it('a low score sends no code and counts nothing against the limits; a good score sends one', async () => {
    const target = `bot-check-${crypto.randomUUID()}@example.test`
    const limitRows = () => h.deps.db.select().from(rateLimits)
    const before = await limitRows()
    expectError(
      await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: ada.bearer, body: { email: target }, botToken: tokenFor('otp_send', 0.1) }),
      'BOT_CHECK_FAILED',
      400,
    )
    expect(await countSentTo(h.app, target)).toBe(0)
    expect(await limitRows()).toEqual(before)
    expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: ada.bearer, body: { email: target }, botToken: tokenFor('otp_send', 0.7) }), OtpSentSchema)
    expect(await countSentTo(h.app, target)).toBe(1)
  })
})

describe('registration', () => {
  it('a refused check leaves the member unregistered and the referral unrecorded; a good score registers', async () => {
    const bob = await createTestMember()
    const { referralCode } = expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: ada.bearer }), MemberSchema)
    const body = { firstName: 'Bob', lastName: 'Byte', referralCode }
    expectError(await call(h.app, 'POST', MEMBERS_PATH, { token: bob.bearer, body, botToken: tokenFor('register', 0.2) }), 'BOT_CHECK_FAILED', 400)
    const [refused] = await h.deps.db.select().from(members).where(eq(members.uid, bob.uid))
    expect(refused).toMatchObject({ registeredAt: null, referredById: null })
    expect(refused?.firstName).not.toBe('Bob')
    const registered = expectOk(await call(h.app, 'POST', MEMBERS_PATH, { token: bob.bearer, body, botToken: tokenFor('register', 0.8) }), MemberSchema, 201)
    expect(registered.firstName).toBe('Bob')
  })
})

describe('the sign-in link request', () => {
  it('passes signed out with a good score for its action, and is refused otherwise', async () => {
    expect(expectOk(await call(h.app, 'POST', SIGNIN_LINK_CHECK_PATH, { botToken: tokenFor('signin_link', 0.6) }), BotCheckPassedSchema)).toEqual({
      passed: true,
    })
    expectError(await call(h.app, 'POST', SIGNIN_LINK_CHECK_PATH, { botToken: tokenFor('signin_link', 0.4) }), 'BOT_CHECK_FAILED', 400)
    expectError(await call(h.app, 'POST', SIGNIN_LINK_CHECK_PATH, { botToken: tokenFor('otp_send', 0.9) }), 'BOT_CHECK_FAILED', 400)
    expectError(await call(h.app, 'POST', SIGNIN_LINK_CHECK_PATH, { botToken: null }), 'BOT_CHECK_FAILED', 400)
  })
})

describe('local mode', () => {
  it('accepts the local test token and refuses any other, or none', async () => {
    const local = createSuiteApp({ ...h.deps, botCheck: localBotCheck })
    expect(expectOk(await call(local, 'POST', SIGNIN_LINK_CHECK_PATH, { botToken: LOCAL_BOT_TOKEN }), BotCheckPassedSchema)).toEqual({ passed: true })
    expectError(await call(local, 'POST', SIGNIN_LINK_CHECK_PATH, { botToken: tokenFor('signin_link', 1) }), 'BOT_CHECK_FAILED', 400)
    expectError(await call(local, 'POST', SIGNIN_LINK_CHECK_PATH, { botToken: null }), 'BOT_CHECK_FAILED', 400)
    expect(provider.asked).toEqual([])
  })
})

describe('the endpoint table', () => {
  it('protects registration, sign-in links, campaign sign-ups and one-time code sends, each under its action', () => {
    const protectedEntries = Object.entries(ENDPOINTS).flatMap(([name, entry]) => ('bot' in entry ? [[name, entry.bot]] : []))
    expect(Object.fromEntries(protectedEntries)).toEqual({
      createMember: 'register',
      signInLinkCheck: 'signin_link',
      emailOtpSend: 'otp_send',
      phoneOtpSend: 'otp_send',
      processSignup: 'campaign_signup',
    })
  })
})
