// The account pages that make a member eligible, in the browser against the real member API and
// Auth emulator: a campaign's reasons lead to the page that fixes each one and back again — the
// profile (birth date), the phone (a code by SMS, read from the local outbox) and social accounts.
import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { expectNoAxeViolations, gotoHydrated, launchBrowser, newContext, screenshotFromTop, textOnPage } from './support/browser'
import { createMember, markEmailVerified, signInWithAddress, type TestMember } from './support/members'
import { latestSms } from './support/suite'

const ADULTS_ONLY = 'lumen-vitamin-c-serum'
const MOBILE = '01512 3456789'
const MOBILE_E164 = '+4915123456789'

let browser: Browser
let context: BrowserContext
let page: Page
let member: TestMember

beforeAll(async () => {
  member = await createMember('Avery Account')
  // Codes by text message go only to members with a verified e-mail address.
  await markEmailVerified(member)
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
  await signInWithAddress(page, member)
})
afterAll(async () => {
  await browser?.close()
})

describe('becoming eligible', () => {
  it('adds a birth date from the campaign that asks for one, and comes back able to apply', async () => {
    await gotoHydrated(page, `/en/ready-to-test/${ADULTS_ONLY}`)
    await textOnPage(page, 'This test is for members aged 18 or older: add your birth date.').waitFor()
    await page.getByRole('link', { name: 'Edit your profile' }).click()
    await page.waitForURL((url) => url.pathname === '/en/member/profile' && url.searchParams.get('redirect') === `/en/ready-to-test/${ADULTS_ONLY}`)
    await page.getByLabel('First name').waitFor()
    await expectNoAxeViolations(page)

    // Too young: an inline message, and nothing typed is lost.
    await page.getByLabel('First name').fill('Avery')
    await page.getByLabel('Last name').fill('Account')
    await page.getByLabel('Date of birth').fill('2015-06-01')
    await page.getByRole('button', { name: 'Save my profile' }).click()
    await textOnPage(page, 'Enter a real date of birth: members must be at least 16.').waitFor()
    expect(await page.getByLabel('First name').inputValue()).toBe('Avery')
    expect(await page.getByLabel('Date of birth').getAttribute('aria-invalid')).toBe('true')

    await page.getByLabel('Date of birth').fill('1990-05-17')
    await page.getByLabel('Gender (optional)').selectOption('prefer-not-to-say')
    await page.getByRole('button', { name: 'Save my profile' }).click()
    await page.waitForURL(`**/en/ready-to-test/${ADULTS_ONLY}`)
    await page.getByRole('heading', { name: 'Apply for this test' }).waitFor()
    expect(await textOnPage(page, 'add your birth date').count()).toBe(0)

    // The profile keeps what was saved.
    await gotoHydrated(page, '/en/member/profile')
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('1990-05-17')
    expect(await page.getByLabel('Gender (optional)').inputValue()).toBe('prefer-not-to-say')
    await screenshotFromTop(page, 'account-profile')
  })

  it('applies to the verified-purchase test it became eligible for, and confirms the purchase intent', async () => {
    await gotoHydrated(page, `/en/ready-to-test/${ADULTS_ONLY}`)
    await page.getByRole('group', { name: 'What is your skin type?' }).getByLabel('Combination').check()
    // Nothing is shipped in a verified-purchase test: the member buys the product.
    await textOnPage(page, 'In this verified-purchase test you buy the product yourself').waitFor()
    await page.getByRole('button', { name: 'Apply for this test' }).click()
    await page.getByRole('heading', { name: 'You are selected!' }).waitFor()

    const campaign = (await (await fetch(`${inject('suiteUrl')}/suite/api/public/campaigns/${ADULTS_ONLY}`)).json()) as { data: { id: string } }
    await gotoHydrated(page, `/en/member/campaigns/${campaign.data.id}`)
    const confirm = page.getByRole('button', { name: 'Confirm purchase intent' })
    await confirm.waitFor()
    await expectNoAxeViolations(page)
    await confirm.click()
    await textOnPage(page, 'Purchase intent confirmed').first().waitFor()
    await confirm.waitFor({ state: 'detached' })
    await textOnPage(page, 'Purchase confirmed').first().waitFor()
    expect(await textOnPage(page, 'You can withdraw until you submit your review.').isVisible()).toBe(true)
    // The next step is the review, once the product is bought and tried.
    await page.getByRole('link', { name: 'Write my review' }).first().waitFor()
    await screenshotFromTop(page, 'account-purchase-intent')
  })

  it('verifies a mobile number with the code from the text message', async () => {
    await gotoHydrated(page, '/en/upcoming-tests')
    await textOnPage(page, 'Verify your phone number to take part.').first().waitFor()
    await page.getByRole('link', { name: 'Verify your phone' }).first().click()
    await page.waitForURL((url) => url.pathname === '/en/member/phone' && url.searchParams.get('redirect') === '/en/upcoming-tests')
    await textOnPage(page, 'You have no verified phone number yet.', { exact: false }).waitFor()
    await expectNoAxeViolations(page)

    // A landline cannot receive the code.
    await page.getByLabel('Mobile number').fill('030 1234567')
    await page.getByRole('button', { name: 'Send me a code' }).click()
    await textOnPage(page, 'We send the code by text message: enter a mobile number.').waitFor()
    expect(await page.getByLabel('Mobile number').inputValue()).toBe('030 1234567')

    await page.getByLabel('Mobile number').fill(MOBILE)
    await page.getByRole('button', { name: 'Send me a code' }).click()
    await page.waitForURL((url) => url.pathname === '/en/user/verify-phone' && url.searchParams.get('phone') === MOBILE_E164)
    const code = /\b(\d{6})\b/.exec(await latestSms(MOBILE_E164))?.[1]
    expect(code).toMatch(/^\d{6}$/)
    await page.getByLabel('Code').waitFor()
    await expectNoAxeViolations(page)

    const wrong = code === '123456' ? '654321' : '123456'
    await page.getByLabel('Code').fill(wrong)
    await page.getByRole('button', { name: 'Confirm my number' }).click()
    await textOnPage(page, 'That code is not right. Check the text message and try again.').waitFor()

    await page.getByLabel('Code').fill(code!)
    await page.getByRole('button', { name: 'Confirm my number' }).click()
    // The toast (3 s) shows before the next page has loaded: both are watched for from the click on.
    await Promise.all([page.waitForURL('**/en/upcoming-tests'), textOnPage(page, 'Phone verified').first().waitFor()])
    const fieldday = page.getByRole('article').filter({ hasText: 'Electrolyte' })
    await fieldday.getByText('You meet the rules: apply once applications open.').waitFor()
    expect(await fieldday.getByText('Verify your phone number to take part.').count()).toBe(0)

    // The refreshed session still serves member pages from the server.
    await gotoHydrated(page, '/en/member/phone')
    await textOnPage(page, `Your verified number is ${MOBILE_E164}.`, { exact: false }).waitFor()
  })

  it('connects a social account with an inline error for a bad value, then removes it after confirming', async () => {
    await gotoHydrated(page, '/en/member/social-accounts')
    await page.getByRole('heading', { name: 'No account connected yet' }).waitFor()
    await expectNoAxeViolations(page)

    await page.getByLabel('Platform').selectOption('instagram')
    await page.getByLabel('User name').fill('@avery.tests')
    await page.getByLabel('Followers').fill('-5')
    await page.getByRole('button', { name: 'Save account' }).click()
    await textOnPage(page, 'Enter how many followers you have, as a whole number (0 or more).').waitFor()
    expect(await page.getByLabel('User name').inputValue()).toBe('@avery.tests')

    await page.getByLabel('Followers').fill('1520')
    await page.getByRole('button', { name: 'Save account' }).click()
    const connected = page.getByRole('region', { name: 'Connected accounts' })
    await connected.getByText('@avery.tests').waitFor()
    await connected.getByText('1,520 followers', { exact: false }).waitFor()
    await expectNoAxeViolations(page)
    await screenshotFromTop(page, 'account-social')

    await connected.getByRole('button', { name: 'Remove Instagram' }).click()
    const dialog = page.getByRole('dialog', { name: 'Remove your Instagram account?' })
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click()
    await page.getByRole('heading', { name: 'No account connected yet' }).waitFor()
  })
})

describe('choices and invitations', () => {
  it('chooses which messages arrive by e-mail and text message, and finds them kept', async () => {
    await gotoHydrated(page, '/en/member/notifications')
    const newsletter = page.getByRole('group', { name: 'Newsletter' })
    const reminders = page.getByRole('group', { name: 'Reminders' })
    await newsletter.waitFor()
    await expectNoAxeViolations(page)
    expect(await page.getByRole('button', { name: 'Save my choices' }).isDisabled()).toBe(true)

    // The number was verified above, so text messages can be chosen.
    const newsletterByEmail = newsletter.getByLabel('E-mail')
    const wasOn = await newsletterByEmail.isChecked()
    await newsletterByEmail.setChecked(!wasOn)
    await reminders.getByLabel('Text message').setChecked(true)
    await page.getByRole('button', { name: 'Save my choices' }).click()
    await textOnPage(page, 'Notifications saved').first().waitFor()

    await page.reload({ waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    expect(await page.getByRole('group', { name: 'Newsletter' }).getByLabel('E-mail').isChecked()).toBe(!wasOn)
    expect(await page.getByRole('group', { name: 'Reminders' }).getByLabel('Text message').isChecked()).toBe(true)
    await screenshotFromTop(page, 'account-notifications')
  })

  it('invites a friend with the link, who registers with the code filled in and shows up as joined', async () => {
    await gotoHydrated(page, '/en/member/referrals')
    // The server writes the page whole: its link and button are in the HTML, and no part was left
    // for the browser to render after the server failed on it (React's <!--$!--> mark).
    const served = await (await page.request.get('/en/member/referrals', { headers: { accept: 'text/html' } })).text()
    expect(served).toContain('Copy the link')
    expect(served).not.toContain('<!--$!-->')
    const code = (await page.getByTestId('referral-code').textContent())!.trim()
    await page.getByRole('heading', { name: 'No friends yet' }).waitFor()
    const link = await page.getByLabel('Invitation link').inputValue()
    expect(link).toBe(`${new URL(page.url()).origin}/en/user/register?ref=${code}`)
    await expectNoAxeViolations(page)

    const friendContext = await newContext(browser)
    try {
      const friend = await friendContext.newPage()
      await friend.goto(link)
      await friend.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      expect(await friend.getByLabel('Referral code (optional)').inputValue()).toBe(code)
      await friend.getByLabel('First name').fill('Frankie')
      await friend.getByLabel('Last name').fill('Friend')
      await friend.getByLabel('Display name').fill('Frankie F.')
      await friend.getByLabel('E-mail address').fill(`friend-${Date.now()}@example.com`)
      await friend.getByLabel('Password', { exact: true }).fill('tested4you')
      await friend.getByLabel(/I accept the terms of use/).check()
      await friend.getByRole('button', { name: 'Create my account' }).click()
      await friend.waitForURL('**/en/member/verifications/EmailVerification')
    } finally {
      await friendContext.close()
    }

    await page.reload({ waitUntil: 'load' })
    await textOnPage(page, 'Friend 1').waitFor()
    expect(await textOnPage(page, 'Waiting for their first test').isVisible()).toBe(true)
    expect(await page.getByTestId('referral-summary').textContent()).toBe('1 joined, 0 finished their first test, 0 points earned.')
    await expectNoAxeViolations(page)
    await screenshotFromTop(page, 'account-referrals')
  })

  it('downloads everything held about them as JSON and as PDF, and reads the printable summary', async () => {
    await gotoHydrated(page, '/en/member/download-data')
    await expectNoAxeViolations(page)

    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as JSON' }).click()])
    expect(jsonDownload.suggestedFilename()).toMatch(/^testers-circle-data-\d{4}-\d{2}-\d{2}\.json$/)
    const exported = JSON.parse(readFileSync((await jsonDownload.path())!, 'utf8')) as {
      member: { email: string; birthDate: string }
      participations: unknown[]
    }
    expect(exported.member).toMatchObject({ email: member.email, birthDate: '1990-05-17' })
    expect(exported.participations).toHaveLength(1)

    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as PDF' }).click()])
    expect(pdfDownload.suggestedFilename()).toMatch(/^testers-circle-data-\d{4}-\d{2}-\d{2}\.pdf$/)
    const pdf = readFileSync((await pdfDownload.path())!)
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pdf.length).toBeGreaterThan(1000)

    await page.getByRole('link', { name: 'Open a printable summary' }).click()
    await page.getByRole('heading', { name: 'My data at Testers Circle', level: 1 }).waitFor()
    expect(await textOnPage(page, member.email).isVisible()).toBe(true)
    expect(await page.getByRole('cell', { name: /vitamin C/i }).count()).toBe(1)
    // The PDF layout: no site header or footer around it.
    expect(await page.getByRole('banner').count()).toBe(0)
    await expectNoAxeViolations(page)
    await screenshotFromTop(page, 'account-data-summary')
  })
})
