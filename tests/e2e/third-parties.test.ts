// The support chat and analytics, on a portal of their own with both configured. The browser never
// reaches the real services: their script addresses are answered by small stand-ins of ours that
// record what the page asked of them, and any other request to their hosts is counted.
import { jwtVerify } from 'jose'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoHydrated, newContext, textOnPage } from './support/browser'
import { createMember, markEmailVerified, signInThroughUi } from './support/members'
import { ownPortalAndBrowser } from './support/portal'
import { contextWithStandIns as withStandIns } from './support/stand-ins'

const INTERCOM_APP_ID = 'tcportal1'
const GA_ID = 'G-TEST1234'
/** The member API's chat-token secret in local mode (suite/config.ts). */
const LOCAL_CHAT_SECRET = 'local-mode-secret-not-for-production-use-000'

/** Stand-in for Intercom's widget: works through the loader's queue, then records every call. */
const INTERCOM_STAND_IN = `(() => {
  const calls = (window.__intercomCalls = window.__intercomCalls || [])
  const queued = (window.Intercom && window.Intercom.q) || []
  window.Intercom = (...args) => calls.push(args)
  for (const args of queued) calls.push(args)
})()`
/** Stand-in for gtag.js: notes that it ran and what the data layer held by then. */
const GTAG_STAND_IN = `window.__gtagRan = (window.__gtagRan || 0) + 1`

const own = ownPortalAndBrowser('portal-third-parties', () => ({ INTERCOM_APP_ID, GA_MEASUREMENT_ID: GA_ID }))

const INTERCOM_SCRIPT = /^https:\/\/widget\.intercom\.io\/widget\//
const GTAG_SCRIPT = /^https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=/

/** A browser context whose requests to the chat's and analytics' hosts go to the stand-ins (or are refused and noted). */
async function contextWithStandIns() {
  const { context, seen } = await withStandIns(own.browser, own.baseURL, {
    hosts: /intercom|google-analytics|googletagmanager|analytics\.google/,
    standIns: [
      { script: INTERCOM_SCRIPT, body: INTERCOM_STAND_IN },
      { script: GTAG_SCRIPT, body: GTAG_STAND_IN },
    ],
  })
  const count = (script: RegExp) => seen.scripts.filter((url) => script.test(url)).length
  return { context, seen: { intercomScripts: () => count(INTERCOM_SCRIPT), gtagScripts: () => count(GTAG_SCRIPT), otherRequests: seen.refused } }
}

const chatCalls = (page: Page) => page.evaluate(() => (window as unknown as { __intercomCalls?: unknown[][] }).__intercomCalls ?? [])
const dataLayer = (page: Page) => page.evaluate(() => ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((entry) => Array.from(entry)))

/** Waits until the chat has been asked something more than `count` calls so far, and returns every call. */
async function chatCallsAfter(page: Page, count: number): Promise<unknown[][]> {
  await page.waitForFunction((n) => ((window as unknown as { __intercomCalls?: unknown[] }).__intercomCalls ?? []).length > n, count)
  return chatCalls(page)
}

const VISITOR_BOOT = ['boot', { app_id: INTERCOM_APP_ID, api_base: 'https://api-iam.eu.intercom.io' }]

describe('the support chat', () => {
  it('starts anonymous for a visitor, identified for a member, and afresh and anonymous after signing out', async () => {
    const member = await createMember('Clara Chat')
    await markEmailVerified(member)
    const { context, seen } = await contextWithStandIns()
    try {
      const page = await context.newPage()
      await gotoHydrated(page, '/en/contact')
      // Offered on the contact page where it is configured.
      await textOnPage(page, 'start a chat with our support team', { exact: false }).waitFor()
      expect(await chatCallsAfter(page, 0)).toEqual([VISITOR_BOOT])
      await page.getByRole('button', { name: 'Start a chat' }).click()
      expect((await chatCalls(page)).at(-1)).toEqual(['show'])

      await signInThroughUi(page, member, '/en/member/missions')
      const signedIn = await page.waitForFunction(() => {
        const calls = (window as unknown as { __intercomCalls?: Array<[string, Record<string, unknown>?]> }).__intercomCalls ?? []
        const last = calls.at(-1)
        return last?.[0] === 'boot' && last[1]?.intercom_user_jwt ? calls : null
      })
      const calls = (await signedIn.jsonValue()) as Array<[string, Record<string, unknown>?]>
      const boot = calls.at(-1)![1]!
      // The visitor's conversation was ended first, if this page had one.
      if (calls.length > 1) expect(calls.at(-2)).toEqual(['shutdown'])
      expect(boot).toMatchObject({ app_id: INTERCOM_APP_ID, api_base: 'https://api-iam.eu.intercom.io', name: 'Clara Chat' })
      expect(Math.abs((boot.created_at as number) - Date.now() / 1000)).toBeLessThan(600)
      const { payload } = await jwtVerify(boot.intercom_user_jwt as string, new TextEncoder().encode(LOCAL_CHAT_SECRET))
      expect(payload).toMatchObject({ user_id: member.uid, email: member.email })

      const before = calls.length
      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).first().click()
      const after = await chatCallsAfter(page, before + 1)
      expect(after.slice(before)).toEqual([['shutdown'], VISITOR_BOOT])

      // Once per page load: the contact page, and the sign-in page where the rest happened.
      expect(seen.intercomScripts()).toBe(2)
      expect(seen.otherRequests).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('without the services configured (the run’s own portal)', () => {
  it('loads no chat and no analytics, and the contact page offers the other ways instead of a chat', async () => {
    const context = await newContext(own.browser)
    const thirdParty: string[] = []
    context.on('request', (request) => {
      if (/intercom|google-analytics|googletagmanager/.test(request.url())) thirdParty.push(request.url())
    })
    try {
      const page = await context.newPage()
      await gotoHydrated(page, '/en/contact')
      await textOnPage(page, 'write to our support team by e-mail', { exact: false }).waitFor()
      expect(await page.getByRole('button', { name: 'Start a chat' }).count()).toBe(0)
      await page.waitForLoadState('networkidle')
      expect(await page.evaluate(() => 'Intercom' in window || 'dataLayer' in window)).toBe(false)
      expect(thirdParty).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('analytics', () => {
  it('sets the consent defaults first, loads nothing before consent, loads once allowed and stops when withdrawn', async () => {
    const { context, seen } = await contextWithStandIns()
    try {
      const page = await context.newPage()
      await gotoHydrated(page, '/en')
      await page.waitForFunction(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).length > 0)
      const denied = {
        analytics_storage: 'denied',
        functionality_storage: 'granted',
        security_storage: 'granted',
        personalization_storage: 'denied',
        ad_storage: 'denied',
      }
      expect(await dataLayer(page)).toEqual([['consent', 'default', denied]])
      await gotoHydrated(page, '/en/how-it-works')
      expect(seen.gtagScripts()).toBe(0)

      await page.locator('footer').getByRole('button', { name: 'Cookie settings' }).click()
      await page.getByRole('button', { name: 'Allow analytics' }).click()
      await page.waitForFunction(() => (window as unknown as { __gtagRan?: number }).__gtagRan === 1)
      const granted = await dataLayer(page)
      expect(granted[0]).toEqual(['consent', 'default', denied])
      expect(granted[1]).toEqual(['consent', 'update', { ...denied, analytics_storage: 'granted' }])
      expect(granted.some(([command, id]) => command === 'config' && id === GA_ID)).toBe(true)

      // The next visit starts it by itself, once.
      await gotoHydrated(page, '/en/reviews')
      await page.waitForFunction(() => (window as unknown as { __gtagRan?: number }).__gtagRan === 1)
      expect(seen.gtagScripts()).toBe(2)

      await page.locator('footer').getByRole('button', { name: 'Cookie settings' }).click()
      await page.getByRole('button', { name: 'Only necessary' }).click()
      await expect.poll(async () => (await dataLayer(page)).at(-1)).toEqual(['consent', 'update', denied])
      expect(await page.evaluate((id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`], GA_ID)).toBe(true)
      await gotoHydrated(page, '/en')
      await page.waitForFunction(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).length > 0)
      expect(seen.gtagScripts()).toBe(2)
      expect(seen.otherRequests).toEqual([])
    } finally {
      await context.close()
    }
  })
})
