import { randomInt } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { inject } from 'vitest'
import { generate } from 'otplib'
import { TOTP_PERIOD_SECONDS } from '../../../contract/second-factor'
import { gotoHydrated, textOnPage, waitForOrExplain } from './browser'
import { operatorCommand, suiteNow } from './suite'

export type TestMember = { email: string; password: string; displayName: string; uid: string }

/** A new Firebase user in the emulator (the member record is created on first use by the member API). */
export async function createMember(displayName = 'Sam Sample'): Promise<TestMember> {
  const email = `member-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const password = 'tested4you'
  const response = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
  })
  const body = (await response.json()) as { localId?: string }
  if (!body.localId) throw new Error(`The emulator did not create ${email}: ${JSON.stringify(body)}`)
  return { email, password, displayName, uid: body.localId }
}

/**
 * Marks the member's e-mail address verified, as the link in the verification e-mail would (the
 * emulator's admin call): for tests about something else that need a verified member, such as
 * codes by text message. Call it before signing in, so the session's token says verified.
 * `verified: false` takes it back, as for an account whose address was never confirmed.
 */
export async function markEmailVerified(member: Pick<TestMember, 'uid' | 'email'>, verified = true): Promise<void> {
  const response = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/projects/demo-portal/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: member.uid, emailVerified: verified }),
  })
  if (!response.ok) throw new Error(`The emulator did not verify ${member.email}: ${response.status} ${await response.text()}`)
}

/**
 * A new user whose e-mail address is confirmed: the only kind a staff role or a brand can be given
 * to, and the only kind the console and the brand pages open for.
 */
export async function createConfirmedMember(displayName?: string): Promise<TestMember> {
  const member = await createMember(displayName)
  await markEmailVerified(member)
  return member
}

/** The setup key of each account's authenticator app that a test gave it (giveAuthenticator), by e-mail. */
const authenticatorKeys = new Map<string, string>()
export const authenticatorKeyOf = (email: string) => authenticatorKeys.get(email)

/**
 * Gives the account an authenticator app with a key of the test's own (local mode's command), as
 * someone who enrolled one on the two-step sign-in page would have. Staff and brand users need one
 * before their pages answer.
 */
export async function giveAuthenticator(account: Pick<TestMember, 'email'>): Promise<string> {
  const key = Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[byte % 32]).join('')
  await operatorCommand({ command: 'second-factor-enrol', email: account.email, key })
  authenticatorKeys.set(account.email, key)
  return key
}

/** The code the account's authenticator shows at this moment of the member API's clock, or `periods` later. */
export async function authenticatorCode(key: string, periods = 0): Promise<string> {
  return generate({ secret: key, epoch: Math.floor(suiteNow().getTime() / 1000) + periods * TOTP_PERIOD_SECONDS })
}

/**
 * Passes the two-step page as a person with their authenticator app would: the code shown now; when
 * that code was used already (a sign-in moments before), the next one, which the member API takes
 * a period early.
 */
export async function passSecondFactor(page: Page, key: string): Promise<void> {
  const field = page.getByLabel('Code from your authenticator app')
  const used = textOnPage(page, 'This code was used already')
  for (const periods of [0, 1]) {
    await field.fill(await authenticatorCode(key, periods))
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.endsWith('/second-factor')).then(() => 'passed' as const),
      used.waitFor().then(() => 'used' as const),
    ])
    if (outcome === 'passed') return
  }
  throw new Error('Two codes in a row were used already: more sign-ins than the authenticator has codes for')
}

/** Staff and brand pages ask a session for its second factor first. */
const asksForSecondFactor = (path: string) => /^\/[a-z]{2}\/(ops|brand)(\/|$|\?)/.test(path)

/**
 * Signs in through the login page, optionally with a page to return to. An account with an
 * authenticator (giveAuthenticator, or the demo staff's) that returns to a staff or brand page
 * passes its second factor on the way, as its person would.
 */
export async function signInThroughUi(page: Page, member: Pick<TestMember, 'email' | 'password'>, redirect?: string): Promise<void> {
  const key = authenticatorKeys.get(member.email)
  const target = key && redirect && asksForSecondFactor(redirect) ? `/en/second-factor?redirect=${encodeURIComponent(redirect)}` : redirect
  await gotoHydrated(page, target ? `/en/user/login?redirect=${encodeURIComponent(target)}` : '/en/user/login')
  await page.getByLabel('E-mail address').fill(member.email)
  await page.getByLabel('Password', { exact: true }).fill(member.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/en/user/login'))
  if (key && target !== redirect) {
    await page.waitForURL((url) => url.pathname.endsWith('/second-factor'))
    await passSecondFactor(page, key)
  }
}

/**
 * Waits for `done` after an action that needs a recent sign-in (within five minutes). On a slow
 * machine the sign-in a test file made at its start may be older by then: the page asks to confirm
 * with the password first, as it would ask a person, and the test answers as they would.
 */
export async function untilDoneConfirmingIfAsked(page: Page, member: Pick<TestMember, 'password'>, done: Locator): Promise<void> {
  const reauth = page.getByRole('dialog', { name: "Confirm it's you" })
  await done.or(reauth).first().waitFor()
  if (await reauth.isVisible()) {
    await reauth.getByLabel('Password', { exact: true }).fill(member.password)
    await reauth.getByRole('button', { name: 'Continue' }).click()
  }
  await done.first().waitFor()
}

/**
 * A street and house number no other test member has: each lives in a household of their own, as
 * testers do (a campaign gives one place per household). Random, not counted from the clock: test
 * files start in parallel workers within the same milliseconds.
 */
export const uniqueStreet = () => `Torstraße ${randomInt(1, 1_000_000_000)}`

/** Fills the address form the page shows (Berlin unless told otherwise) and saves it; the caller waits for what follows. */
export async function fillAndSaveAddress(page: Page, address: { name: string; street?: string; postalCode?: string }): Promise<void> {
  await waitForOrExplain(page, page.getByLabel('Full name'), 'address-form')
  await page.getByLabel('Full name').fill(address.name)
  await page.getByLabel('Street and house number').fill(address.street ?? uniqueStreet())
  await page.getByLabel('Postal code').fill(address.postalCode ?? '10119')
  await page.getByLabel('Town or city').fill('Berlin')
  await page.getByLabel('Country').selectOption('DE')
  await page.getByRole('button', { name: 'Save my address' }).click()
}

/** Signs the member in on the address page and saves an address: member pages ask for one first. */
export async function signInWithAddress(page: Page, member: TestMember, street?: string): Promise<void> {
  await signInThroughUi(page, member, '/en/member/address')
  await fillAndSaveAddress(page, { name: member.displayName, street })
  await textOnPage(page, 'Address saved').first().waitFor()
}

/** The demo member seeded by the member API (local mode only). */
export const DEMO_MEMBER = { email: 'demo@testerscircle.example', password: 'demo-tester-2026' }
/** Local mode's staff account: every console role, no member record of its own, an authenticator with a published key (suite/seed/catalogue.ts). */
export const DEMO_STAFF = { email: 'staff@testerscircle.example', password: 'demo-staff-2026' }
authenticatorKeys.set(DEMO_STAFF.email, 'DEMOSTAFFTESTERSCIRCLELOCALONLYA')

/** Registers through the form, as a new member does, and waits for the "verify your e-mail" page. */
export async function registerThroughUi(
  page: Page,
  who: { firstName: string; lastName: string; displayName: string; email: string; password: string },
): Promise<void> {
  await gotoHydrated(page, '/en/user/register')
  await page.getByLabel('First name').fill(who.firstName)
  await page.getByLabel('Last name').fill(who.lastName)
  await page.getByLabel('Display name').fill(who.displayName)
  await page.getByLabel('E-mail address').fill(who.email)
  await page.getByLabel('Password', { exact: true }).fill(who.password)
  await page.getByLabel(/I accept the terms of use/).check()
  await page.getByRole('button', { name: 'Create my account' }).click()
  await page.waitForURL('**/en/member/verifications/EmailVerification')
}
