// Two-step sign-in in the browser: a member adds a passkey with Chromium's virtual authenticator
// (the DevTools protocol's WebAuthn domain), signs in again and passes with it; their pages ask for
// it first; a recovery code works once.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, expectNoAxeViolationsAtEveryWidth, gotoHydrated, launchBrowser, newContext, textOnPage } from './support/browser'
import { createMember, signInThroughUi, type TestMember } from './support/members'

let browser: Browser
let context: BrowserContext
let page: Page
let cdp: CDPSession
let member: TestMember
let recoveryCodes: string[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  // A passkey belongs to a host name, never to an IP address: local mode names it localhost.
  context = await newContext(browser, { baseURL: baseUrl().replace('127.0.0.1', 'localhost') })
  page = await context.newPage()
  cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  member = await createMember('Pat Passkey')
})
afterAll(async () => {
  await browser?.close()
})

async function signOut() {
  await gotoHydrated(page, '/en/how-it-works')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor()
}

describe('two-step sign-in for a member', () => {
  it('adds a passkey, and shows the recovery codes once', async () => {
    await signInThroughUi(page, member, '/en/second-factor')
    await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor()
    expect(await page.title()).toBe('Two-step sign-in | Testers Circle')
    await expectNoAxeViolationsAtEveryWidth(page)
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByRole('heading', { level: 1, name: 'Your recovery codes' }).waitFor()
    recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()
    expect(recoveryCodes).toHaveLength(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
    await page.getByRole('button', { name: 'I have saved my codes' }).click()
    await textOnPage(page, 'Two-step sign-in is on for your account, and this browser has passed it.').waitFor()
    await page.getByRole('listitem').filter({ hasText: 'Passkey' }).getByRole('button', { name: 'Remove Passkey' }).waitFor()
  })

  it('asks for it after the next sign-in before any of their pages, and passes with the passkey', async () => {
    await signOut()
    await signInThroughUi(page, member, '/en/member/missions')
    await page.waitForURL('**/en/second-factor?redirect=**')
    await page.getByRole('button', { name: 'Use a passkey' }).waitFor()
    await expectNoAxeViolationsAtEveryWidth(page)
    await page.getByRole('button', { name: 'Use a passkey' }).click()
    // Passed: back to where they were going (the address page first, as for any member without one).
    await page.waitForURL((url) => !url.pathname.endsWith('/second-factor'))
    expect(new URL(page.url()).pathname).toMatch(/^\/en\/member\//)
  })

  it('takes a recovery code once', async () => {
    const [code] = recoveryCodes
    for (const attempt of ['first', 'second'] as const) {
      await signOut()
      await signInThroughUi(page, member, '/en/second-factor')
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
      await page.getByLabel('Recovery code', { exact: true }).fill(code!)
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      if (attempt === 'first') {
        await textOnPage(page, 'Two-step sign-in is on for your account, and this browser has passed it.').waitFor()
        await textOnPage(page, '9 of your recovery codes are left.').waitFor()
      } else {
        await textOnPage(page, /This code is not right\. 4 more tries/).waitFor()
        expect(await page.getByLabel('Recovery code', { exact: true }).inputValue()).toBe(code)
      }
    }
  })
})
