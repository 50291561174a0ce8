// The local outbox (e-mails and SMS the suite sent), GET suite/api/dev/outbox, local mode only.
import * as v from 'valibot'
import { Timestamp, queryInt } from './common'
import { MESSAGE_CHANNELS, MESSAGE_TOPICS } from './messages'

export { MESSAGE_CHANNELS, type MessageChannel } from './messages'

export const OutboxQuerySchema = v.strictObject({
  to: v.optional(v.pipe(v.string(), v.maxLength(320))),
  channel: v.optional(v.picklist(MESSAGE_CHANNELS)),
  limit: v.optional(queryInt(1, 200), '50'),
})
export const OutboxMessageSchema = v.strictObject({
  id: v.string(),
  channel: v.picklist(MESSAGE_CHANNELS),
  to: v.string(),
  subject: v.nullable(v.string()),
  /** The plain text (an e-mail's text part, or the text message). */
  body: v.string(),
  /** An e-mail's HTML part. */
  html: v.nullable(v.string()),
  /** Extra e-mail headers: List-Unsubscribe and List-Unsubscribe-Post on a message a member can turn off. */
  headers: v.record(v.string(), v.string()),
  topic: v.nullable(v.picklist(MESSAGE_TOPICS)),
  template: v.nullable(v.string()),
  createdAt: Timestamp,
  /** When a held message (a text at night in the member's time zone) is due to leave; null when due at once. */
  notBefore: v.nullable(Timestamp),
})
export type OutboxMessage = v.InferOutput<typeof OutboxMessageSchema>
export const OutboxResultSchema = v.strictObject({ messages: v.array(OutboxMessageSchema) })
export type OutboxResult = v.InferOutput<typeof OutboxResultSchema>
