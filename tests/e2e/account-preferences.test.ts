// The languages and preferences pages, in the browser against the real member API: reached from
// "My account", refusals shown under their fields with nothing typed lost, saved values kept on
// reload, and a campaign that asks for a pet becoming open to the member once they add one.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolations, gotoHydrated, launchBrowser, newContext, screenshotFromTop, textOnPage } from './support/browser'
import { createMember, signInWithAddress, type TestMember } from './support/members'

/** The open campaign of the demo data that only households with a dog or a cat can apply to. */
const PETS_CAMPAIGN = 'whisker-wag-lick-mat'

let browser: Browser
let context: BrowserContext
let page: Page
let member: TestMember

/** The checkbox of one choice inside a group of choices (a fieldset named by its legend). */
const choice = (group: string, name: string) => page.getByRole('group', { name: group }).getByRole('checkbox', { name, exact: true })

beforeAll(async () => {
  member = await createMember('Pat Preferences')
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
  await signInWithAddress(page, member)
})
afterAll(async () => {
  await browser?.close()
})

describe('languages', () => {
  it('is reached from My account, asks for at least one language, and keeps the ones saved', async () => {
    await gotoHydrated(page, '/en/member/campaigns')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My account' }).click()
    await page.waitForURL('**/en/member/profile')
    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Languages' }).click()
    await page.waitForURL('**/en/member/languages')
    await page.getByRole('heading', { name: 'Languages', level: 1 }).waitFor()
    expect(await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Languages' }).getAttribute('aria-current')).toBe('page')
    await expectNoAxeViolations(page)

    // A new member has none: saving none is refused under the list, and the focus goes to it.
    const group = 'Languages you read and write reviews in'
    expect(await choice(group, 'English').isChecked()).toBe(false)
    await page.getByRole('button', { name: 'Save my languages' }).click()
    await textOnPage(page, 'Choose at least one language.').waitFor()
    expect(await page.getByRole('group', { name: group }).getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('checkbox')
    expect(page.url()).toMatch(/\/en\/member\/languages$/)
    await expectNoAxeViolations(page)

    // Choosing one clears nothing else; two are saved and still chosen after a reload.
    await choice(group, 'German').check()
    await choice(group, 'French').check()
    await page.getByRole('button', { name: 'Save my languages' }).click()
    await textOnPage(page, 'Languages saved').first().waitFor()
    expect(await textOnPage(page, 'Choose at least one language.').count()).toBe(0)

    await gotoHydrated(page, '/en/member/languages')
    expect(await choice(group, 'German').isChecked()).toBe(true)
    expect(await choice(group, 'French').isChecked()).toBe(true)
    expect(await choice(group, 'English').isChecked()).toBe(false)
    await screenshotFromTop(page, 'account-languages')
  })
})

describe('preferences', () => {
  it('is reached from My account, refuses an impossible number of children without losing the rest, and keeps what was saved', async () => {
    await gotoHydrated(page, '/en/member/campaigns')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My account' }).click()
    await page.waitForURL('**/en/member/profile')
    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Preferences' }).click()
    await page.waitForURL('**/en/member/preferences')
    await page.getByRole('heading', { name: 'Preferences', level: 1 }).waitFor()
    await expectNoAxeViolations(page)

    const children = page.getByLabel('Children in your household')
    expect(await children.inputValue()).toBe('0')
    await children.fill('25')
    await choice('Pets', 'Fish').check()
    await choice('Products you would like to test', 'Kitchen').check()
    await choice('Products you would like to test', 'Outdoors').check()
    await page.getByRole('button', { name: 'Save my preferences' }).click()
    await textOnPage(page, 'Enter the number of children in your household, from 0 to 20.').waitFor()
    expect(await children.getAttribute('aria-invalid')).toBe('true')
    // The form moves focus in the frame after it has drawn the errors.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('children')
    expect(await children.inputValue()).toBe('25')
    expect(await choice('Pets', 'Fish').isChecked()).toBe(true)
    expect(await choice('Products you would like to test', 'Kitchen').isChecked()).toBe(true)
    expect(await choice('Products you would like to test', 'Outdoors').isChecked()).toBe(true)
    await expectNoAxeViolations(page)

    await children.fill('2')
    await page.getByRole('button', { name: 'Save my preferences' }).click()
    await textOnPage(page, 'Preferences saved').first().waitFor()

    await gotoHydrated(page, '/en/member/preferences')
    expect(await page.getByLabel('Children in your household').inputValue()).toBe('2')
    expect(await choice('Pets', 'Fish').isChecked()).toBe(true)
    expect(await choice('Pets', 'Dog').isChecked()).toBe(false)
    expect(await choice('Products you would like to test', 'Kitchen').isChecked()).toBe(true)
    expect(await choice('Products you would like to test', 'Beauty').isChecked()).toBe(false)
    await screenshotFromTop(page, 'account-preferences')
  })

  it('opens a campaign for pet owners once the member adds their dog, from the reason on the campaign and back', async () => {
    await gotoHydrated(page, `/en/ready-to-test/${PETS_CAMPAIGN}`)
    await textOnPage(page, 'You cannot apply yet:').waitFor()
    // The reason names the pets the test asks for, and the rules say so to everyone.
    await textOnPage(page, 'This test is for households with one of these pets: Dog or Cat.', { exact: false }).waitFor()
    await textOnPage(page, 'Households with one of these pets: Dog or Cat.', { exact: true }).waitFor()
    await page.getByRole('link', { name: 'Update your preferences' }).click()
    await page.waitForURL((url) => url.pathname === '/en/member/preferences' && url.searchParams.get('redirect') === `/en/ready-to-test/${PETS_CAMPAIGN}`)
    // What was saved before is there: only the dog is added.
    expect(await page.getByLabel('Children in your household').inputValue()).toBe('2')
    expect(await choice('Pets', 'Fish').isChecked()).toBe(true)
    await choice('Pets', 'Dog').check()
    await page.getByRole('button', { name: 'Save my preferences' }).click()

    await page.waitForURL(`**/en/ready-to-test/${PETS_CAMPAIGN}`)
    await textOnPage(page, 'You meet the rules of this test.').waitFor()
    await page.getByRole('heading', { name: 'Apply for this test' }).waitFor()
    expect(await textOnPage(page, 'You cannot apply yet:').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Update your preferences' }).count()).toBe(0)
  })
})
