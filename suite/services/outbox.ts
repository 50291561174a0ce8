// Outgoing e-mail and SMS. Messages are written to the outbox table in the caller's transaction,
// so a code is only "sent" if the change that produced it commits. Local mode shows the table;
// the relay (outbox-relay.ts) delivers unsent rows in production.
import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { outbox } from '../db/schema'
import type { Clock } from '../deps'

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
        createdAt: now,
        nextAttemptAt: now,
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
    createdAt: r.createdAt.toISOString(),
  }))
}
