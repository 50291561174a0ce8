// The local outbox (e-mails and SMS the suite sent), GET suite/api/dev/outbox, local mode only.
import * as v from 'valibot'
import { Timestamp, queryInt } from './common'

/** How a message reaches the member: e-mail or text message. */
export const MESSAGE_CHANNELS = ['email', 'sms'] as const
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number]

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
  body: v.string(),
  createdAt: Timestamp,
})
export type OutboxMessage = v.InferOutput<typeof OutboxMessageSchema>
export const OutboxResultSchema = v.strictObject({ messages: v.array(OutboxMessageSchema) })
export type OutboxResult = v.InferOutput<typeof OutboxResultSchema>
