// The one way to send a member a message: notifyMember renders the template and writes one outbox
// row per channel the member's settings allow, in the caller's transaction.
//
// - Transactional messages (selected, review decisions, account messages) go by e-mail always.
// - A topic's message goes on each channel the member turned that topic on for; by text only to a
//   verified number and only for templates with a text version (the newsletter has none), held
//   until the morning in the member's time zone (quiet-hours.ts).
// - A deleted (pseudonymised) member gets nothing.
// - Every non-transactional e-mail carries a signed one-click unsubscribe for its topic
//   (List-Unsubscribe + List-Unsubscribe-Post, RFC 8058) and links to the unsubscribe and settings pages.
// The relay reads the settings again when it sends (outbox-relay.ts), for a member who changes them
// while a message waits.
import { eq } from 'drizzle-orm'
import type { MessageChannel, SettingsTopic } from '../../contract/messages'
import type { Executor } from '../db/client'
import { addresses, members } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { say } from '../messages/i18n'
import { renderMessage } from '../messages/render'
import { TEMPLATES, type MessageLinks, type MessageOf } from '../messages/templates'
import { memberTimeZones, textMayLeaveAt } from './quiet-hours'
import { signUnsubscribe, UNSUBSCRIBE_TTL_DAYS } from './unsubscribe'

/** Messages are written in the portal's one language for now. */
const LOCALE = 'en'

export const messageLinks = (deps: SuiteDeps): MessageLinks => ({ portal: deps.settings.messages.portalUrl, locale: LOCALE })

/** The page that asks to confirm an unsubscribe (the body's link), and the address mail clients POST to (RFC 8058). */
export function unsubscribeUrls(deps: SuiteDeps, token: string) {
  const { portalUrl } = deps.settings.messages
  const query = `token=${encodeURIComponent(token)}`
  return { page: `${portalUrl}/${LOCALE}/unsubscribe?${query}`, oneClick: `${portalUrl}/unsubscribe?${query}` }
}

const REASONS: Record<SettingsTopic, () => string> = {
  newCampaigns: () =>
    say(/*i18n*/ { id: 'footer.reason.newCampaigns', message: 'You get this e-mail because you asked to hear about new tests you can take part in.' }),
  shipmentUpdates: () =>
    say(/*i18n*/ { id: 'footer.reason.shipmentUpdates', message: 'You get this e-mail because you asked for updates on your shipments and returns.' }),
  reminders: () => say(/*i18n*/ { id: 'footer.reason.reminders', message: 'You get this e-mail because you asked for reminders before a task is due.' }),
  newsletter: () => say(/*i18n*/ { id: 'footer.reason.newsletter', message: 'You get this e-mail because you subscribed to the Testers Circle newsletter.' }),
}

export interface Notified {
  email: boolean
  sms: boolean
}

export async function notifyMember(ex: Executor, deps: SuiteDeps, memberId: string, message: MessageOf): Promise<Notified> {
  const sent: Notified = { email: false, sms: false }
  const [member] = await ex
    .select({
      id: members.id,
      email: members.email,
      phone: members.phone,
      phoneVerified: members.phoneVerified,
      settings: members.notificationSettings,
      pseudonymizedAt: members.pseudonymizedAt,
      country: addresses.country,
      region: addresses.region,
    })
    .from(members)
    .leftJoin(addresses, eq(addresses.memberId, members.id))
    .where(eq(members.id, memberId))
  if (!member || member.pseudonymizedAt) return sent
  const topic = TEMPLATES[message.template].topic
  const links = messageLinks(deps)
  const now = deps.clock.now()
  const wants = (channel: MessageChannel) => topic === 'transactional' || member.settings[channel][topic]
  const common = { topic, template: message.template, memberId: member.id }

  if (member.email && wants('email')) {
    if (topic === 'transactional') {
      const rendered = renderMessage(message, links)
      await deps.outbox.enqueue(ex, { ...common, channel: 'email', to: member.email, subject: rendered.subject, body: rendered.text, html: rendered.html })
    } else {
      const token = signUnsubscribe(deps.settings.messages.linkSecret, {
        memberId: member.id,
        channel: 'email',
        topic,
        expiresAt: new Date(now.getTime() + UNSUBSCRIBE_TTL_DAYS * 86_400_000),
      })
      const urls = unsubscribeUrls(deps, token)
      const rendered = renderMessage(message, links, {
        reason: REASONS[topic](),
        settingsUrl: `${links.portal}/${links.locale}/member/notifications`,
        unsubscribeUrl: urls.page,
      })
      await deps.outbox.enqueue(ex, {
        ...common,
        channel: 'email',
        to: member.email,
        subject: rendered.subject,
        body: rendered.text,
        html: rendered.html,
        headers: { 'List-Unsubscribe': `<${urls.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      })
    }
    sent.email = true
  }

  // Texts: a topic the member turned on by text, to a number they confirmed, never at night.
  if (topic !== 'transactional' && member.phone && member.phoneVerified && wants('sms')) {
    const { sms } = renderMessage(message, links)
    if (sms) {
      const address = member.country ? { country: member.country, region: member.region } : null
      await deps.outbox.enqueue(ex, { ...common, channel: 'sms', to: member.phone, body: sms, notBefore: textMayLeaveAt(now, memberTimeZones(address)) })
      sent.sms = true
    }
  }
  return sent
}

/**
 * A transactional message to an address rather than to a member's current settings: a one-time code
 * to the address or number being confirmed, the notice to the address an e-mail change replaced, the
 * deletion receipt to a member who no longer exists.
 */
export async function sendToAddress(
  ex: Executor,
  deps: SuiteDeps,
  to: { channel: MessageChannel; address: string; memberId?: string },
  message: MessageOf,
  options: { eraseAfterDelivery?: boolean } = {},
): Promise<void> {
  const rendered = renderMessage(message, messageLinks(deps))
  const common = { topic: 'transactional' as const, template: message.template, ...(to.memberId ? { memberId: to.memberId } : {}), ...options }
  if (to.channel === 'sms') {
    if (!rendered.sms) throw new Error(`The ${message.template} message has no text version`)
    await deps.outbox.enqueue(ex, { ...common, channel: 'sms', to: to.address, body: rendered.sms })
  } else {
    await deps.outbox.enqueue(ex, { ...common, channel: 'email', to: to.address, subject: rendered.subject, body: rendered.text, html: rendered.html })
  }
}
