// Outgoing e-mail and SMS. Messages are written to the outbox table in the caller's transaction,
// so a code is only "sent" if the change that produced it commits. Local mode shows the table;
// the relay (outbox-relay.ts) delivers unsent rows in production.
import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { outbox } from '../db/schema'
import type { Clock } from '../deps'
import type { MessageTopic } from '../../contract/messages'

export interface OutgoingMessage {
  channel: 'email' | 'sms'
  to: string
  subject?: string
  body: string
  /**
   * The relay deletes the row once delivered or given up on (production), instead of blanking its
   * body: for a message whose recipient must not stay in the database (the deletion receipt).
   */
  eraseAfterDelivery?: boolean
  /** The HTML part of an e-mail; `body` is then its plain-text part. */
  html?: string
  /** Extra e-mail headers (List-Unsubscribe and List-Unsubscribe-Post for a topic a member can turn off). */
  headers?: Record<string, string>
  /** The settings topic the message belongs to, or 'transactional'. */
  topic?: MessageTopic
  /** The template it was rendered from. */
  template?: string
  /** The member it is written to (staff see it on their page; the relay re-checks their settings). */
  memberId?: string
  /** Not sent before then (a text held until the morning in the member's time zone). */
  notBefore?: Date
}

export type Channel = OutgoingMessage['channel']

export interface Outbox {
  enqueue(ex: Executor, message: OutgoingMessage): Promise<void>
}

export function databaseOutbox(clock: Clock): Outbox {
  return {
    async enqueue(ex, message) {
      const now = clock.now()
      await ex.insert(outbox).values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject ?? null,
        body: message.body,
        eraseAfterDelivery: message.eraseAfterDelivery ?? false,
        html: message.html ?? null,
        headers: message.headers ?? {},
        topic: message.topic ?? null,
        template: message.template ?? null,
        memberId: message.memberId ?? null,
        createdAt: now,
        nextAttemptAt: message.notBefore && message.notBefore > now ? message.notBefore : now,
      })
    },
  }
}

export async function listOutbox(ex: Executor, query: { to?: string; channel?: 'email' | 'sms'; limit: number }) {
  const where: SQL[] = []
  if (query.to) where.push(eq(outbox.recipient, query.to))
  if (query.channel) where.push(eq(outbox.channel, query.channel))
  const rows = await ex
    .select()
    .from(outbox)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(query.limit)
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel as 'email' | 'sms',
    to: r.recipient,
    subject: r.subject,
    body: r.body,
    html: r.html,
    headers: r.headers,
    topic: r.topic,
    template: r.template,
    createdAt: r.createdAt.toISOString(),
    notBefore: r.nextAttemptAt > r.createdAt ? r.nextAttemptAt.toISOString() : null,
  }))
}
