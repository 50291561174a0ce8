// The notifications page changes what a member receives: a member with a verified mobile number
// switches reminders off by text message and on by e-mail in the browser, and when their review is
// due in 3 days the reminder comes by e-mail only. The reminder is sent by the member API's own
// sweep (the operator command runs the same sweep the job queue runs every 15 minutes).
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolations, gotoHydrated, launchBrowser, newContext, textOnPage } from './support/browser'
import { asMember, idTokenOf } from './support/member-api'
import { uniqueStreet, createMember, markEmailVerified, signInThroughUi, type TestMember } from './support/members'
import { emailsTo, latestSms, operatorCommand, textsTo, type Json } from './support/suite'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

let browser: Browser
let page: Page
let member: TestMember
let token: string
/** A number of its own per run: a number verified by one member cannot be another's. */
const mobile = `+491512${String(Date.now()).slice(-7)}`

beforeAll(async () => {
  browser = await launchBrowser()
  member = await createMember('Remi Nder')
  await markEmailVerified(member)
  token = await idTokenOf(member)
  await asMember(token, 'PUT', 'logistics/v1/members/address', { name: 'Remi Nder', line1: uniqueStreet(), postalCode: '10119', city: 'Berlin', country: 'DE' })
  // The mobile number, verified with the code from the text message, as the verification page does.
  await asMember(token, 'POST', 'logistics/v1/members/phone_number/otp/send', { phone: mobile })
  const code = /\b(\d{6})\b/.exec(await latestSms(mobile))![1]
  await asMember(token, 'POST', 'logistics/v1/members/phone_number/otp/verify', { phone: mobile, code })
  await asMember(token, 'PUT', 'logistics/v1/members/phone_number', { phone: mobile })
  // Where the member starts: reminders by text message, none by e-mail.
  const settings = (await asMember(token, 'GET', 'logistics/v1/members/notifications')) as { email: Json; sms: Json }
  await asMember(token, 'PUT', 'logistics/v1/members/notifications', {
    email: { ...settings.email, reminders: false },
    sms: { ...settings.sms, reminders: true },
  })
  page = await (await newContext(browser)).newPage()
  await signInThroughUi(page, member, '/en/member/notifications')
})
afterAll(async () => {
  await browser?.close()
})

describe('reminders as the member chose them', () => {
  it('are switched off by text message and on by e-mail on the notifications page', async () => {
    await gotoHydrated(page, '/en/member/notifications')
    const reminders = page.getByRole('group', { name: 'Reminders' })
    await reminders.waitFor()
    expect(await reminders.getByLabel('Text message').isChecked()).toBe(true)
    expect(await reminders.getByLabel('E-mail').isChecked()).toBe(false)
    await reminders.getByLabel('Text message').setChecked(false)
    await reminders.getByLabel('E-mail').setChecked(true)
    // The newsletter goes by e-mail only: no text-message choice is offered for it.
    const newsletter = page.getByRole('group', { name: 'Newsletter' })
    expect(await newsletter.getByLabel('Text message').count()).toBe(0)
    expect(await newsletter.getByText('By e-mail only').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Save my choices' }).click()
    await textOnPage(page, 'Notifications saved').first().waitFor()
    await expectNoAxeViolations(page)
  })

  it('arrive by e-mail only when the review is due in 3 days', async () => {
    const [product] = (await operatorCommand({ command: 'list', what: 'products' })) as unknown as Array<{ productId: string }>
    const now = Date.now()
    const slug = `reminded-${now}`
    const campaign = (await operatorCommand({
      command: 'campaign-create',
      definition: {
        campaign: {
          title: `Reminded test ${now}`,
          slug,
          summary: 'A test whose review is due soon.',
          description: 'Try it and say what you think.',
          kind: 'free-product',
          selectionMode: 'first-come',
          productId: product!.productId,
          eligibility: {
            countries: ['DE'],
            minAge: null,
            phoneVerifiedRequired: false,
            socialProfileRequired: false,
            interests: [],
            pets: [],
            children: null,
            minTier: null,
          },
          screener: [],
          tasks: { questionnaire: false, purchaseIntent: false, review: true, social: false, socialPlatforms: [], impressions: false },
        },
        // Sign-up open now, the review due in two and a half days: the "due in 3 days" reminder is due.
        flights: [
          {
            name: 'Wave 1',
            signupOpensAt: new Date(now - HOUR).toISOString(),
            signupClosesAt: new Date(now + DAY).toISOString(),
            testingStartsAt: new Date(now + DAY).toISOString(),
            reviewDueAt: new Date(now + 2.5 * DAY).toISOString(),
            quota: 5,
          },
        ],
        publish: true,
      },
    })) as { id: string }
    const participation = await asMember(token, 'POST', 'logistics/v1/campaigns/process_signup', { campaignId: campaign.id, answers: [] })
    expect(participation.status).toBe('selected')
    await operatorCommand({ command: 'ship', id: participation.id as string, carrier: 'DHL', tracking: `JD${now}` })
    await operatorCommand({ command: 'deliver', id: participation.id as string })
    await operatorCommand({ command: 'send-reminders' })

    const reminder = (await emailsTo(member.email, 10)).find((m) => m.topic === 'reminders')
    expect(reminder).toMatchObject({ template: 'reminder-due', subject: 'Your review is due in 3 days' })
    expect(reminder!.body).toContain(`/en/member/campaigns/${campaign.id}`)
    expect((await textsTo(mobile, 10)).filter((m) => m.topic === 'reminders')).toEqual([])
  })
})
