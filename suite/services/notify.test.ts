// notifyMember: settings per topic and channel, texts only to verified numbers and never at night,
// nothing to a deleted member, the one-click unsubscribe exactly on messages a member can turn off;
// the signed unsubscribe links (valid, forged, altered, expired); the relay's re-check at send time.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { UNSUBSCRIBE_PATH } from '../../contract/paths'
import type { NotificationSettings } from '../../contract/members'
import { addresses, members, outbox } from '../db/schema'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { notifyMember } from './notify'
import { createOutboxRelay } from './outbox-relay'
import { memberTimeZones, textMayLeaveAt } from './quiet-hours'
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe'
import pino from 'pino'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

const ALL_ON = { newCampaigns: true, shipmentUpdates: true, reminders: true, newsletter: true }
const ALL_OFF = { newCampaigns: false, shipmentUpdates: false, reminders: false, newsletter: false }

async function member(
  options: { email?: NotificationSettings['email']; sms?: NotificationSettings['sms']; phoneVerified?: boolean; country?: string; region?: string } = {},
) {
  const now = h.clock.now()
  const id = randomUUID()
  await h.deps.db.insert(members).values({
    id,
    uid: `uid-${id}`,
    email: `m-${id}@example.test`,
    emailVerified: true,
    phone: `+49151${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    phoneVerified: options.phoneVerified ?? true,
    firstName: 'Mia',
    referralCode: id.slice(0, 8).toUpperCase(),
    notificationSettings: { email: options.email ?? ALL_ON, sms: options.sms ?? ALL_ON },
    createdAt: now,
    updatedAt: now,
  })
  await h.deps.db.insert(addresses).values({
    memberId: id,
    name: 'Mia',
    line1: 'Weg 1',
    postalCode: '10115',
    city: 'Berlin',
    region: options.region ?? null,
    country: options.country ?? 'DE',
    updatedAt: now,
  })
  return id
}

const rowsFor = (memberId: string) => h.deps.db.select().from(outbox).where(eq(outbox.memberId, memberId))
const shipped = {
  template: 'shipment-shipped' as const,
  params: { campaignTitle: 'Quiet Kettle', carrier: 'DHL', trackingNumber: 'JD0001', trackingUrl: null },
}
const selected = { template: 'selected' as const, params: { firstName: 'Mia', campaignTitle: 'Quiet Kettle', campaignId: randomUUID() } }

beforeEach(() => {
  // Midday in Berlin: texts leave at once unless a test moves the clock.
  h.clock.set(new Date('2026-03-10T11:00:00Z'))
})

describe('notifyMember', () => {
  it('sends a topic by e-mail and text as the member chose, with the unsubscribe headers and links on the e-mail', async () => {
    const id = await member()
    expect(await notifyMember(h.deps.db, h.deps, id, shipped)).toEqual({ email: true, sms: true })
    const rows = await rowsFor(id)
    const mail = rows.find((r) => r.channel === 'email')!
    const text = rows.find((r) => r.channel === 'sms')!
    expect(mail).toMatchObject({ topic: 'shipmentUpdates', template: 'shipment-shipped', subject: 'Your test product is on its way' })
    expect(mail.body).toContain('Carrier: DHL')
    expect(mail.body).toContain('Tracking number: JD0001')
    expect(mail.body).toContain('http://localhost:3000/en/member/notifications')
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const oneClick = /^<(http:\/\/localhost:3000\/unsubscribe\?token=([^>]+))>$/.exec(mail.headers['List-Unsubscribe'] ?? '')
    expect(oneClick).not.toBeNull()
    const claim = verifyUnsubscribe(h.deps.settings.messages.linkSecret, decodeURIComponent(oneClick![2]!), h.clock.now())
    expect(claim).toMatchObject({ memberId: id, channel: 'email', topic: 'shipmentUpdates' })
    expect(mail.body).toContain(`http://localhost:3000/en/unsubscribe?token=${oneClick![2]}`)
    // The HTML part: the same words, escaped, table-based, no images.
    expect(mail.html).toContain('<table role="presentation"')
    expect(mail.html).toContain('Your product for &quot;Quiet Kettle&quot; has shipped.')
    expect(mail.html).not.toMatch(/<img|<script|<link /)
    expect(text).toMatchObject({ topic: 'shipmentUpdates', html: null, headers: {} })
    expect(text.body).toBe('Testers Circle: your product for "Quiet Kettle" ships with DHL, tracking JD0001.')
  })

  it('respects each switch per channel: only e-mail, only text, neither', async () => {
    const emailOnly = await member({ sms: { ...ALL_ON, shipmentUpdates: false } })
    const textOnly = await member({ email: { ...ALL_ON, shipmentUpdates: false } })
    const neither = await member({ email: ALL_OFF, sms: ALL_OFF })
    expect(await notifyMember(h.deps.db, h.deps, emailOnly, shipped)).toEqual({ email: true, sms: false })
    expect(await notifyMember(h.deps.db, h.deps, textOnly, shipped)).toEqual({ email: false, sms: true })
    expect(await notifyMember(h.deps.db, h.deps, neither, shipped)).toEqual({ email: false, sms: false })
    expect((await rowsFor(emailOnly)).map((r) => r.channel)).toEqual(['email'])
    expect((await rowsFor(textOnly)).map((r) => r.channel)).toEqual(['sms'])
    expect(await rowsFor(neither)).toEqual([])
  })

  it('sends transactional messages by e-mail whatever the settings, without an unsubscribe', async () => {
    const id = await member({ email: ALL_OFF, sms: ALL_OFF })
    expect(await notifyMember(h.deps.db, h.deps, id, selected)).toEqual({ email: true, sms: false })
    const [mail] = await rowsFor(id)
    expect(mail).toMatchObject({ channel: 'email', topic: 'transactional', subject: "You're in: Quiet Kettle", headers: {} })
    expect(mail!.body).not.toContain('unsubscribe')
    expect(mail!.html).not.toContain('unsubscribe')
  })

  it('texts only a verified number', async () => {
    const id = await member({ phoneVerified: false })
    expect(await notifyMember(h.deps.db, h.deps, id, shipped)).toEqual({ email: true, sms: false })
  })

  it('sends nothing to a deleted member', async () => {
    const id = await member()
    await h.deps.db.update(members).set({ pseudonymizedAt: h.clock.now() }).where(eq(members.id, id))
    expect(await notifyMember(h.deps.db, h.deps, id, selected)).toEqual({ email: false, sms: false })
    expect(await rowsFor(id)).toEqual([])
  })

  it('holds a text at night in the member’s time zone until 08:00 there; the e-mail goes at once', async () => {
    // 23:30 in Berlin (UTC+1 in March before the change).
    h.clock.set(new Date('2026-03-10T22:30:00Z'))
    const id = await member()
    await notifyMember(h.deps.db, h.deps, id, shipped)
    const rows = await rowsFor(id)
    expect(rows.find((r) => r.channel === 'email')!.nextAttemptAt).toEqual(h.clock.now())
    expect(rows.find((r) => r.channel === 'sms')!.nextAttemptAt).toEqual(new Date('2026-03-11T07:00:00Z'))
  })

  it('reads the zone from the state in the United States, and waits for daytime everywhere when the state is unknown', () => {
    expect(memberTimeZones({ country: 'US', region: 'ca' })).toEqual(['America/Los_Angeles'])
    // 15:00 UTC is 07:00 in Los Angeles: held until 08:00 there (16:00 UTC).
    expect(textMayLeaveAt(new Date('2026-01-15T15:00:00Z'), memberTimeZones({ country: 'US', region: 'CA' }))).toEqual(new Date('2026-01-15T16:00:00Z'))
    // 14:00 UTC is 09:00 in New York but 04:00 in Honolulu.
    const unknown = textMayLeaveAt(new Date('2026-01-15T14:00:00Z'), memberTimeZones({ country: 'US', region: 'Somewhere' }))
    expect(unknown).toEqual(new Date('2026-01-15T18:00:00Z'))
    expect(textMayLeaveAt(new Date('2026-01-15T12:00:00Z'), memberTimeZones({ country: 'DE', region: null }))).toEqual(new Date('2026-01-15T12:00:00Z'))
  })
})

describe('the relay re-checks at send time', () => {
  it('withholds a waiting message whose topic the member turned off, and one to a member who deleted the account', async () => {
    const turnedOff = await member()
    const deleted = await member()
    await notifyMember(h.deps.db, h.deps, turnedOff, shipped)
    await notifyMember(h.deps.db, h.deps, deleted, selected)
    await h.deps.db
      .update(members)
      .set({ notificationSettings: { email: ALL_OFF, sms: ALL_OFF } })
      .where(eq(members.id, turnedOff))
    await h.deps.db.update(members).set({ pseudonymizedAt: h.clock.now() }).where(eq(members.id, deleted))
    const delivered: string[] = []
    const deliverer = { deliver: async (m: { to: string }) => void delivered.push(m.to) }
    const relay = createOutboxRelay({
      db: h.deps.db,
      clock: h.clock,
      logger: pino({ level: 'silent' }),
      mode: 'local',
      deliverers: { email: deliverer, sms: deliverer },
      batchSize: 200,
    })
    while ((await relay.runOnce()) > 0);
    const rows = [...(await rowsFor(turnedOff)), ...(await rowsFor(deleted))]
    expect(rows).toHaveLength(3)
    for (const row of rows) expect(row).toMatchObject({ sentAt: null, withheldAt: h.clock.now() })
    expect(delivered.filter((to) => rows.some((r) => r.recipient === to))).toEqual([])
  })
})

describe('unsubscribe links', () => {
  const token = (memberId: string, overrides: Partial<{ channel: 'email' | 'sms'; expiresAt: Date; secret: string }> = {}) =>
    signUnsubscribe(overrides.secret ?? h.deps.settings.messages.linkSecret, {
      memberId,
      channel: overrides.channel ?? 'email',
      topic: 'shipmentUpdates',
      expiresAt: overrides.expiresAt ?? new Date(h.clock.now().getTime() + 86_400_000),
    })
  const settingsOf = async (id: string) => (await h.deps.db.select().from(members).where(eq(members.id, id)))[0]!.notificationSettings

  it('shows what it will do, then turns that one switch off, signed out; a second use changes nothing more', async () => {
    const id = await member()
    const t = token(id)
    expect(expectOk(await call(h.app, 'GET', UNSUBSCRIBE_PATH, { query: { token: t } }), ENDPOINTS.unsubscribeCheck.data)).toEqual({
      channel: 'email',
      topic: 'shipmentUpdates',
      unsubscribed: false,
    })
    expect((await settingsOf(id)).email.shipmentUpdates).toBe(true)
    for (let i = 0; i < 2; i++) {
      expect(
        expectOk(await call(h.app, 'POST', UNSUBSCRIBE_PATH, { query: { token: t }, body: { oneClick: true } }), ENDPOINTS.unsubscribe.data),
      ).toMatchObject({
        unsubscribed: true,
      })
      expect(await settingsOf(id)).toEqual({ email: { ...ALL_ON, shipmentUpdates: false }, sms: ALL_ON })
    }
  })

  it('refuses a forged, an altered and an expired link and changes nothing', async () => {
    const id = await member()
    const other = await member()
    const good = token(id)
    const forged = token(id, { secret: 'someone-elses-secret-someone-elses-secret' })
    const altered = good.replace(id, other)
    const toSms = good.replace('.email.', '.sms.')
    const expired = token(id, { expiresAt: new Date(h.clock.now().getTime() - 1000) })
    for (const bad of [forged, altered, toSms, expired, `${good}x`]) {
      expectError(await call(h.app, 'POST', UNSUBSCRIBE_PATH, { query: { token: bad }, body: {} }), 'BAD_REQUEST', 400)
      expectError(await call(h.app, 'GET', UNSUBSCRIBE_PATH, { query: { token: bad } }), 'BAD_REQUEST', 400)
    }
    expect(await settingsOf(id)).toEqual({ email: ALL_ON, sms: ALL_ON })
    expect(await settingsOf(other)).toEqual({ email: ALL_ON, sms: ALL_ON })
  })
})
