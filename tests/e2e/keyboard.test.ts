// The portal by keyboard alone, as a person who uses no mouse: key presses and typing only (no
// clicks, no fills). After each step: focus is where it should be, its indicator is drawn at 3:1 or
// more, nothing covers it (the sticky header included), and axe finds nothing. A visitor goes to
// the reviews and back through them with Shift+Tab; a member signs in, saves an address, applies
// to a campaign with screener questions, and writes a review. The operator's steps (ship, deliver)
// go through the member API's local operator endpoint, as in journey.test.ts.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { axeViolations, expectNoAxeViolations, gotoHydrated, launchBrowser, newContext } from './support/browser'
import { expectActiveElementVisible, expectFocusVisible, hasFocus, pressUntilFocused, waitForFocus } from './support/keyboard'
import { createMember, uniqueStreet, type TestMember } from './support/members'
import { callSuite, type Json, operatorCommand } from './support/suite'

let browser: Browser
let page: Page
let member: TestMember
let idToken = ''
const test = { campaignId: '', productId: '', participationId: '' }

/** A member-API call as the test's member (or anonymous, `bearer` false). */
const suiteCall = (method: 'GET' | 'POST', path: string, body?: unknown, bearer = true) =>
  callSuite(method, path, { body, token: bearer ? idToken : undefined })

/** The member's e-mail address counts as verified, as after following the e-mail's link (the emulator's admin call). */
async function markEmailVerified(uid: string) {
  const response = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/projects/demo-portal/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  })
  if (!response.ok) throw new Error(`The emulator did not verify ${uid}: ${await response.text()}`)
}

/** The member's ID token, for the test's own reads of the member API (the member never needs it). */
async function signInForToken() {
  const response = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password, returnSecureToken: true }),
  })
  idToken = ((await response.json()) as { idToken: string }).idToken
}

/** Tabs to the field labelled `label`, checks that focus shows on it, and types `text` into it. */
async function tabToAndType(label: string, text: string) {
  const field = page.getByLabel(label, { exact: true })
  await pressUntilFocused(page, 'Tab', field, 40)
  await expectFocusVisible(page, field)
  await page.keyboard.type(text)
}

/** Tabs to a checkbox or radio, ticks it with Space, and checks it is ticked with focus seen on it. */
async function tabToAndTick(box: Locator, maxPresses: number) {
  await pressUntilFocused(page, 'Tab', box, maxPresses)
  await page.keyboard.press('Space')
  expect(await box.isChecked()).toBe(true)
  await expectFocusVisible(page, box)
}

/** Tabs to a form's submit button, presses Enter, and checks focus moves to the answer's heading. */
async function submitAndFocusAnswer(button: Locator, answer: Locator, maxPresses: number) {
  await pressUntilFocused(page, 'Tab', button, maxPresses)
  await expectFocusVisible(page, button)
  await expectNoAxeViolations(page)
  await page.keyboard.press('Enter')
  await answer.waitFor()
  await waitForFocus(answer)
  await expectFocusVisible(page, answer)
  await expectNoAxeViolations(page)
}

beforeAll(async () => {
  browser = await launchBrowser()
  page = await (await newContext(browser)).newPage()
  member = await createMember('Kim Keyboard')
  await markEmailVerified(member.uid)
})
afterAll(async () => {
  await browser?.close()
})

describe('a visitor by keyboard', () => {
  it('goes from the home page to the reviews, and back and forth through them without losing sight of focus', async () => {
    await gotoHydrated(page, '/en')
    const reviewsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews' })
    await pressUntilFocused(page, 'Tab', reviewsLink, 20)
    await expectFocusVisible(page, reviewsLink)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/en/reviews')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await expectNoAxeViolations(page)

    // Forwards through every review's link, then back with Shift+Tab. Chromium centres a link it
    // scrolls to; browsers that align it with the top of the window would put it under the sticky
    // header without the scroll padding (the in-page link below shows that case in Chromium too).
    const reviewLinks = page.locator('main a[href^="/en/reviews/"]')
    const count = await reviewLinks.count()
    expect(count).toBeGreaterThan(3)
    for (let i = 0; i < count; i++) {
      await pressUntilFocused(page, 'Tab', reviewLinks.nth(i), 10)
      await expectFocusVisible(page, reviewLinks.nth(i))
    }
    for (let i = count - 2; i >= 0; i--) {
      await pressUntilFocused(page, 'Shift+Tab', reviewLinks.nth(i), 10)
      await expectFocusVisible(page, reviewLinks.nth(i))
    }
    // Into the dark header, where the ring turns white to stay visible on navy.
    await page.keyboard.press('Shift+Tab')
    await expectActiveElementVisible(page)
    await pressUntilFocused(page, 'Shift+Tab', reviewsLink, 20)
    await expectFocusVisible(page, reviewsLink)

    // And the footer's links, on navy too.
    const footerReviews = page.locator('footer').getByRole('link', { name: 'Reviews' })
    await pressUntilFocused(page, 'Tab', footerReviews, 120)
    await expectFocusVisible(page, footerReviews)
  })

  it('follows a link within the page: the chapter it leads to starts below the sticky header, and Tab carries on from there in sight', async () => {
    await gotoHydrated(page, '/en/how-it-works')
    const toChapter = page.getByRole('navigation', { name: 'On this page' }).locator('a[href="#selection"]')
    await pressUntilFocused(page, 'Tab', toChapter, 30)
    await expectFocusVisible(page, toChapter)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/en/how-it-works#selection')
    // A jump within the page puts its target at the top of the window, where the header is.
    const [headingTop, headerBottom] = await page
      .locator('#selection-title')
      .evaluate((heading) => [heading.getBoundingClientRect().top, document.querySelector('header')!.getBoundingClientRect().bottom])
    expect(headingTop, 'the chapter heading starts below the sticky header').toBeGreaterThanOrEqual(headerBottom!)
    await page.keyboard.press('Tab')
    await expectActiveElementVisible(page)
    await expectNoAxeViolations(page)
  })
})

describe('a visitor by keyboard on a phone', () => {
  it('opens the menu, and the menu closes when focus moves on into the page or on Escape', async () => {
    const phone = await (await newContext(browser, { viewport: { width: 390, height: 844 } })).newPage()
    try {
      await gotoHydrated(phone, '/en/how-it-works')
      const toggle = phone.getByRole('button', { name: 'Open menu' })
      await pressUntilFocused(phone, 'Tab', toggle, 10)
      await expectFocusVisible(phone, toggle)
      await phone.keyboard.press('Enter')
      const menu = phone.locator('#mobile-menu')
      await menu.waitFor()
      // Escape: closed, focus back on its button.
      await phone.keyboard.press('Tab')
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true)
      await phone.keyboard.press('Escape')
      await menu.waitFor({ state: 'detached' })
      await waitForFocus(phone.getByRole('button', { name: 'Open menu' }))
      // Tabbing through the open menu and on into the page closes it: the header is its usual
      // height again, and what has focus is below it.
      await phone.keyboard.press('Enter')
      await menu.waitFor()
      await pressUntilFocused(phone, 'Tab', phone.locator('main a, main button').first(), 20)
      await menu.waitFor({ state: 'detached' })
      await expectActiveElementVisible(phone)
      expect(await axeViolations(phone)).toEqual([])
    } finally {
      await phone.context().close()
    }
  })
})

describe('a member by keyboard', () => {
  it('signs in', async () => {
    await gotoHydrated(page, '/en/user/login')
    await tabToAndType('E-mail address', member.email)
    await tabToAndType('Password', member.password)
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true })
    await pressUntilFocused(page, 'Tab', signIn, 5)
    await expectFocusVisible(page, signIn)
    await expectNoAxeViolations(page)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => !url.pathname.startsWith('/en/user/login'))
    await signInForToken()
  })

  it('saves an address, with focus kept on the button while saving and after, and the result said in the polite live region', async () => {
    await gotoHydrated(page, '/en/member/address')
    await tabToAndType('Full name', 'Kim Keyboard')
    await tabToAndType('Street and house number', uniqueStreet())
    await tabToAndType('Postal code', '10115')
    await tabToAndType('Town or city', 'Berlin')
    // A closed select chooses by typing the option's name.
    await tabToAndType('Country', 'Germany')
    expect(await page.getByLabel('Country', { exact: true }).inputValue()).toBe('DE')
    const save = page.getByRole('button', { name: 'Save my address' })
    await pressUntilFocused(page, 'Tab', save, 5)
    await expectFocusVisible(page, save)
    await expectNoAxeViolations(page)

    await page.keyboard.press('Enter')
    // While saving (the button is busy) and once saved, focus stays on the button.
    await page.locator('[data-testid="live-polite"]', { hasText: 'Address saved' }).waitFor({ state: 'attached' })
    expect(await page.getByTestId('live-polite').textContent()).toBe('Address saved We will send your test products here.')
    // The visible toast is not a second announcement (read while it shows: it leaves after 3 s).
    expect(await page.getByTestId('toast').first().getAttribute('role')).toBeNull()
    const saved = page.getByRole('button', { name: 'Save changes' })
    await saved.waitFor()
    expect(await hasFocus(saved)).toBe(true)
    await expectFocusVisible(page, saved)
    // The next Tab goes on from the button, not from the top of the page or into the footer.
    await page.keyboard.press('Shift+Tab')
    await waitForFocus(page.getByLabel('Country', { exact: true }))
    await expectNoAxeViolations(page)
  })

  it('saves the address from a page that sent them there, and keeps their place on the page they go back to', async () => {
    await gotoHydrated(page, '/en/member/address?redirect=%2Fen%2Fmember%2Fcampaigns')
    // Tabbing into a filled field selects its text: typing replaces it.
    await tabToAndType('Town or city', 'Potsdam')
    const save = page.getByRole('button', { name: 'Save changes' })
    await pressUntilFocused(page, 'Tab', save, 5)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/en/member/campaigns')
    // The pressed button went with its page: focus is on the new page's main content, and the next
    // Tab goes into it, not back to the top of the page.
    await waitForFocus(page.locator('main#main'))
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)
    await expectActiveElementVisible(page)
    await expectNoAxeViolations(page)
  })

  it('applies to a campaign with screener questions', async () => {
    await gotoHydrated(page, '/en/ready-to-test/kettle-kiln-cold-brew')
    // A group of radios takes one Tab; the arrow keys choose within it.
    const black = page.getByRole('group', { name: 'How do you usually take your coffee?' }).getByLabel('Black')
    await tabToAndTick(black, 60)
    const firstCups = page.getByRole('group', { name: 'How many cups do you drink on a typical day?' }).getByLabel('0–1')
    await pressUntilFocused(page, 'Tab', firstCups, 5)
    await page.keyboard.press('ArrowDown')
    const cups = page.getByRole('group', { name: 'How many cups do you drink on a typical day?' }).getByLabel('2–3')
    expect(await cups.isChecked()).toBe(true)
    await expectFocusVisible(page, cups)
    const confirm = page.getByLabel('Yes, send the product to this address.')
    await tabToAndTick(confirm, 10)
    // Focus moves to the answer.
    await submitAndFocusAnswer(page.getByRole('button', { name: 'Apply for this test' }), page.getByRole('heading', { name: 'You are selected!' }), 5)

    const open = await suiteCall('GET', 'suite/api/public/campaigns/kettle-kiln-cold-brew', undefined, false)
    const signups = (await suiteCall('GET', `suite/api/campaigns/${open.id as string}/participations`)) as { items: Array<{ id: string }> }
    Object.assign(test, { campaignId: open.id as string, productId: (open.product as Json).id as string, participationId: signups.items[0]!.id })
  })

  it('writes and submits a review, and focus moves to the answer', async () => {
    await operatorCommand({ command: 'ship', id: test.participationId, carrier: 'DHL', tracking: 'KB014600009912' })
    await operatorCommand({ command: 'deliver', id: test.participationId })
    await gotoHydrated(page, `/en/products/${test.productId}/reviews/${test.campaignId}`)
    await page.getByRole('heading', { name: 'Your review', level: 2 }).waitFor()

    // The stars are radios hidden inside their labels: the label draws the ring.
    const firstStar = page.getByRole('radio', { name: '1 star, Poor' })
    await pressUntilFocused(page, 'Tab', firstStar, 60)
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
    const fourStars = page.getByRole('radio', { name: '4 stars, Very good' })
    expect(await fourStars.isChecked()).toBe(true)
    await expectFocusVisible(page, fourStars, { ringOn: page.locator('label', { has: fourStars }) })

    await tabToAndType('Title', 'Smooth, strong and quick')
    await tabToAndType('Your experience', 'Mixed one to three with oat milk it tastes like a café iced latte, with notes of cocoa.')
    const disclosure = page.getByLabel('I received this product for free and my review is my honest opinion.')
    await tabToAndTick(disclosure, 10)
    await submitAndFocusAnswer(
      page.getByRole('button', { name: 'Submit my review' }),
      page.getByRole('heading', { name: 'Thank you! Your review is waiting for moderation' }),
      10,
    )
  })
})
