// Messages to members: their topics, the signed unsubscribe link's endpoints, and what staff see
// of the messages sent to a member.
import * as v from 'valibot'
import { Timestamp } from './common'

/** How a message reaches the member: e-mail or text message. */
export const MESSAGE_CHANNELS = ['email', 'sms'] as const
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number]

/** The settings topics a member turns on or off per channel (NotificationSettings' keys). */
export const SETTINGS_TOPICS = ['newCampaigns', 'shipmentUpdates', 'reminders', 'newsletter'] as const
export type SettingsTopic = (typeof SETTINGS_TOPICS)[number]
/** A message's topic: one of the settings, or transactional (always sent, no unsubscribe). */
export const MESSAGE_TOPICS = ['transactional', ...SETTINGS_TOPICS] as const
export type MessageTopic = (typeof MESSAGE_TOPICS)[number]

/** The signed token of an unsubscribe link, as it travels in the link's query. */
const UnsubscribeToken = v.pipe(v.string(), v.minLength(16), v.maxLength(400), v.regex(/^[A-Za-z0-9_.-]+$/, 'must be a token from a message'))

/** GET and POST suite/api/unsubscribe?token=… (no sign-in: the token is the authority). */
export const UnsubscribeQuerySchema = v.strictObject({ token: UnsubscribeToken })
/** RFC 8058: a mail client's one-click POST carries `List-Unsubscribe=One-Click` as a form body; the portal forwards it as JSON. */
export const UnsubscribeBodySchema = v.strictObject({ oneClick: v.optional(v.literal(true)) })
export const UnsubscribeSchema = v.strictObject({
  channel: v.picklist(MESSAGE_CHANNELS),
  topic: v.picklist(SETTINGS_TOPICS),
  /** Whether the member's setting is off now (after a POST, always true). */
  unsubscribed: v.boolean(),
})
export type Unsubscribe = v.InferOutput<typeof UnsubscribeSchema>

/**
 * Delivery state of a message: sent; waiting (queued, held for the morning, or between retries);
 * failed after the last try; withheld (the member turned the topic off or deleted the account before it left).
 */
export const MESSAGE_STATUSES = ['sent', 'waiting', 'failed', 'withheld'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]
export const SentMessageSchema = v.strictObject({
  id: v.string(),
  channel: v.picklist(MESSAGE_CHANNELS),
  topic: v.picklist(MESSAGE_TOPICS),
  /** The template's name (e.g. `shipment-shipped`). */
  template: v.nullable(v.string()),
  /** The subject line only (a text message has none): bodies carry one-time codes and links and are never shown. */
  subject: v.nullable(v.string()),
  status: v.picklist(MESSAGE_STATUSES),
  createdAt: Timestamp,
  /** When it left, or when it is due to (held texts, retries). */
  sentAt: v.nullable(Timestamp),
  dueAt: v.nullable(Timestamp),
  attempts: v.number(),
})
export type SentMessage = v.InferOutput<typeof SentMessageSchema>

// ---- The newsletter: an issue written and sent by staff to the members who opted in (e-mail only)

export const NewsletterInputSchema = v.strictObject({
  subject: v.pipe(v.string(), v.trim(), v.minLength(3, 'at least 3 characters'), v.maxLength(150, 'at most 150 characters')),
  /** Paragraphs separated by a blank line; lines starting with "- " are a list. Sent as text, never as HTML. */
  body: v.pipe(v.string(), v.trim(), v.minLength(20, 'at least 20 characters'), v.maxLength(20_000, 'at most 20000 characters')),
})
export type NewsletterInput = v.InferOutput<typeof NewsletterInputSchema>

export const OpsNewsletterSchema = v.strictObject({
  id: v.string(),
  subject: v.string(),
  createdAt: Timestamp,
  createdBy: v.nullable(v.string()),
  /** Members it went to so far. */
  sent: v.number(),
  /** Set once every opted-in member was sent it. */
  finishedAt: v.nullable(Timestamp),
})
export type OpsNewsletter = v.InferOutput<typeof OpsNewsletterSchema>
export const OpsNewsletterListSchema = v.strictObject({ items: v.array(OpsNewsletterSchema) })
