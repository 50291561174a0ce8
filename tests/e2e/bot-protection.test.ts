// Bot protection (reCAPTCHA v3) on a portal of its own with a site key. The browser never reaches
// Google: the script's address is answered by a small stand-in of ours that records what the page
// asked of it and hands out the local test token, which the shared member API (local mode) accepts.
// The member API's verification with the provider (scores, actions) is tested in
// suite/routes/bot-check.test.ts against a stand-in of siteverify.
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { LOCAL_BOT_TOKEN } from '../../contract/bot-protection'
import { gotoHydrated, textOnPage } from './support/browser'
import { createMember, registerThroughUi, signInWithAddress } from './support/members'
import { ownPortalAndBrowser } from './support/portal'
import { contextWithStandIns } from './support/stand-ins'
import { callSuite, emailsTo } from './support/suite'

/** A site key of the right shape; nothing checks it but our stand-in. */
const SITE_KEY = `6LeBotProtectionStandIn${'0'.repeat(17)}`
const SCRIPT = /^https:\/\/www\.google\.com\/recaptcha\/api\.js/
const REFUSED = 'we could not confirm that this request comes from a person. please try again.'

/**
 * Stand-in for reCAPTCHA v3's api.js: records every call, and makes tokens of the local test token
 * (or of `window.__nextBotToken`, when a test sets it).
 */
const RECAPTCHA_STAND_IN = `(() => {
  const calls = (window.__recaptchaCalls = window.__recaptchaCalls || [])
  window.grecaptcha = {
    ready: (callback) => { calls.push(['ready']); setTimeout(callback, 0) },
    execute: (siteKey, options) => {
      calls.push(['execute', siteKey, options])
      return Promise.resolve(window.__nextBotToken || ${JSON.stringify(LOCAL_BOT_TOKEN)})
    },
  }
})()`

const own = ownPortalAndBrowser('portal-bot-protection', () => ({ RECAPTCHA_SITE_KEY: SITE_KEY }))

/** A browser context whose reCAPTCHA requests go to the stand-in (anything else of Google's is refused and noted). */
async function contextWithStandIn() {
  const { context, seen } = await contextWithStandIns(own.browser, own.baseURL, {
    hosts: /^https:\/\/(www\.google\.com|www\.gstatic\.com|recaptcha\.google\.com)\//,
    standIns: [{ script: SCRIPT, body: RECAPTCHA_STAND_IN }],
  })
  const serverFunctionBodies: string[] = []
  context.on('request', (request) => {
    if (request.url().includes('/_serverFn/') && request.method() === 'POST') serverFunctionBodies.push(request.postData() ?? '')
  })
  return { context, seen: { scripts: seen.scripts, otherRequests: seen.refused, serverFunctionBodies } }
}

const recaptchaCalls = (page: Page) => page.evaluate(() => (window as unknown as { __recaptchaCalls?: unknown[][] }).__recaptchaCalls ?? [])
const executed = async (page: Page) => (await recaptchaCalls(page)).filter((call) => call[0] === 'execute')

/** The ID token of a member (the emulator's sign-in), for the test's own reads of the member API. */
async function idTokenOf(email: string, password: string): Promise<string> {
  const response = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  return ((await response.json()) as { idToken: string }).idToken
}

describe('the provider’s script', () => {
  it('is loaded once per visit, at start-up once the page is interactive, never again on later navigations', async () => {
    const { context, seen } = await contextWithStandIn()
    try {
      const page = await context.newPage()
      // Not with the first-load JavaScript: after the page, from its own file.
      await gotoHydrated(page, '/en/how-it-works')
      await expect.poll(() => seen.scripts.length).toBe(1)
      expect(seen.scripts[0]).toBe(`https://www.google.com/recaptcha/api.js?render=${SITE_KEY}`)
      await page.waitForFunction(() => (window as unknown as { __recaptchaCalls?: unknown[][] }).__recaptchaCalls?.some((call) => call[0] === 'ready'))

      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first().click()
      await page.waitForURL('**/en/user/login')
      // Registration, back to sign-in, a public page and sign-in again: all in the same visit.
      await page.getByRole('link', { name: 'Join for free' }).first().click()
      await page.waitForURL('**/en/user/register')
      await page.getByRole('button', { name: 'Create my account' }).waitFor()
      await page.getByRole('link', { name: 'Sign in', exact: true }).last().click()
      await page.waitForURL('**/en/user/login')
      await page.getByRole('link', { name: 'Testers Circle home' }).first().click()
      await page.waitForURL((url) => url.pathname === '/en')
      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first().click()
      await page.waitForURL('**/en/user/login')
      await page.waitForLoadState('networkidle')
      expect(seen.scripts).toHaveLength(1)
      expect(await page.locator('script[src^="https://www.google.com/recaptcha/"]').count()).toBe(1)
      // Nothing was asked of it yet: tokens are made for actions, not for page views.
      expect(await executed(page)).toEqual([])
      expect(seen.otherRequests).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('a protected action', () => {
  it('asks for a sign-in link with a token for signin_link, checked by the member API before Firebase is asked', async () => {
    const { context, seen } = await contextWithStandIn()
    try {
      const page = await context.newPage()
      await gotoHydrated(page, '/en/user/login')
      await page.getByRole('button', { name: 'E-mail me a sign-in link instead' }).click()
      await page.getByLabel('E-mail address').fill(`link-${Date.now()}@example.com`)
      await page.getByRole('button', { name: 'Send the sign-in link' }).click()
      await textOnPage(page, 'If an account uses this address, we have sent it a sign-in link.', { exact: false }).waitFor()
      expect(await executed(page)).toEqual([['execute', SITE_KEY, { action: 'signin_link' }]])
      expect(seen.serverFunctionBodies.filter((body) => body.includes(LOCAL_BOT_TOKEN))).toHaveLength(1)
      expect(seen.scripts).toHaveLength(1)
    } finally {
      await context.close()
    }
  })

  it('sends a one-time code with its token; a token the member API refuses is worded for the member and sends nothing', async () => {
    const member = await createMember('Bo Botcheck')
    const next = `bot-check-${member.email}`
    const { context, seen } = await contextWithStandIn()
    try {
      const page = await context.newPage()
      await signInWithAddress(page, member)
      await gotoHydrated(page, '/en/member/email')
      await page.getByLabel('New e-mail address').fill(next)

      // The member API's local adapter takes only the local test token: this one is refused.
      await page.evaluate(() => ((window as unknown as { __nextBotToken?: string }).__nextBotToken = 'not-the-local-test-token'))
      await page.getByRole('button', { name: 'Send me a code' }).click()
      await textOnPage(page, new RegExp(REFUSED, 'i')).waitFor()
      expect(await emailsTo(next)).toEqual([])
      expect(await page.getByLabel('New e-mail address').inputValue()).toBe(next)

      await page.evaluate(() => delete (window as unknown as { __nextBotToken?: string }).__nextBotToken)
      const sent = seen.serverFunctionBodies.length
      await page.getByRole('button', { name: 'Send me a code' }).click()
      await textOnPage(page, 'We sent a 6-digit code to', { exact: false }).waitFor()
      expect(await emailsTo(next)).toHaveLength(1)
      expect(await executed(page)).toEqual([
        ['execute', SITE_KEY, { action: 'otp_send' }],
        ['execute', SITE_KEY, { action: 'otp_send' }],
      ])
      expect(seen.serverFunctionBodies.slice(sent).filter((body) => body.includes(LOCAL_BOT_TOKEN))).toHaveLength(1)
      expect(seen.otherRequests).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('registers with a token for register: the member record is made with the names given', async () => {
    const who = { firstName: 'Rita', lastName: 'Register', displayName: 'Rita R', email: `register-${Date.now()}@example.com`, password: 'tested4you' }
    const { context, seen } = await contextWithStandIn()
    try {
      const page = await context.newPage()
      await registerThroughUi(page, who)
      expect(await executed(page)).toEqual([['execute', SITE_KEY, { action: 'register' }]])
      expect(seen.serverFunctionBodies.filter((body) => body.includes(LOCAL_BOT_TOKEN))).toHaveLength(1)
      const record = await callSuite('GET', 'suite/api/members', { token: await idTokenOf(who.email, who.password) })
      expect(record).toMatchObject({ firstName: 'Rita', lastName: 'Register', displayName: 'Rita R' })
    } finally {
      await context.close()
    }
  })
})
