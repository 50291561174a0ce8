// The outbox relay: delivers the e-mails and SMS that committed transactions left in the outbox.
//
// A batch is claimed in a short transaction (SELECT … FOR UPDATE SKIP LOCKED, then its
// next_attempt_at is moved ahead by a lease), so relays in several suite processes never claim
// the same message, and no transaction stays open while a provider is called (on PGlite, one
// connection, an open transaction would hold up every request). A relay that dies mid-batch
// leaves its claims to expire, and they are tried again: delivery is at least once.
//
// In production the body of a message is blanked once it is delivered (or given up on): bodies
// carry one-time codes, and none should stay readable in the database. A message flagged
// erase_after_delivery (the receipt of an account deletion, addressed to a member who no longer
// exists) is deleted whole instead, recipient included. Locally the outbox is the delivery channel
// (suite/api/dev/outbox shows it, and a deleted member reads their receipt there), so every row is
// kept as it is.
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Db } from '../db/client'
import { members, outbox } from '../db/schema'
import type { Clock } from '../deps'
import { DeliveryError, type Deliverer } from './delivery'
import type { Channel } from './outbox'

export interface RelayOptions {
  db: Db
  clock: Clock
  logger: Logger
  /** 'production' (the default) blanks a message's body once it is delivered or given up on; 'local' keeps it. */
  mode?: 'local' | 'production'
  /** The relay only claims messages of channels it can deliver. */
  deliverers: Partial<Record<Channel, Deliverer>>
  batchSize?: number
  /** Pause when nothing is due. */
  idleMs?: number
  /** Attempts before the relay gives up on a message. */
  maxAttempts?: number
  /** Wait before the first retry; doubled for each further one, up to MAX_RETRY_MS. */
  retryMs?: number
  /** How long a claim keeps other relays away: longer than a batch can take (deliveries time out at 15 s). */
  leaseMs?: number
  /** Told how each attempt at a message ended (the metrics: metrics/registry.ts). */
  onOutcome?: (channel: Channel, outcome: 'sent' | 'retry' | 'failed' | 'withheld') => void
}

export interface OutboxRelay {
  start(): void
  /** Stops claiming, finishes the message in hand and releases the rest of the batch. */
  stop(): Promise<void>
  /** Claims and delivers one batch; resolves to the number of messages claimed. */
  runOnce(): Promise<number>
}

type Claimed = typeof outbox.$inferSelect

const MAX_RETRY_MS = 30 * 60_000

export function createOutboxRelay(options: RelayOptions): OutboxRelay {
  const { db, clock, deliverers } = options
  const log = options.logger.child({ component: 'outbox-relay' })
  const batchSize = options.batchSize ?? 10
  const idleMs = options.idleMs ?? 2_000
  const maxAttempts = options.maxAttempts ?? 8
  const retryMs = options.retryMs ?? 30_000
  const leaseMs = options.leaseMs ?? 5 * 60_000
  const channels = (Object.keys(deliverers) as Channel[]).filter((c) => deliverers[c])
  const production = (options.mode ?? 'production') === 'production'
  /** What a finished message keeps: no body in production. */
  const finished = production ? { body: '', html: null } : {}
  /** In production a message flagged erase_after_delivery leaves no row once finished. */
  const erased = (row: Claimed) => production && row.eraseAfterDelivery

  let stopping = false
  let loop: Promise<void> | null = null
  let wake: (() => void) | null = null

  async function claim(): Promise<Claimed[]> {
    if (channels.length === 0) return []
    const now = clock.now()
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(outbox)
        .where(
          and(isNull(outbox.sentAt), isNull(outbox.failedAt), isNull(outbox.withheldAt), lte(outbox.nextAttemptAt, now), inArray(outbox.channel, channels)),
        )
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      // The attempt is counted at the claim, so a message that kills the process is not retried forever.
      await tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(
          inArray(
            outbox.id,
            due.map((row) => row.id),
          ),
        )
      return due.map((row) => ({ ...row, attempts: row.attempts + 1 }))
    })
  }

  /**
   * Why a message written to a member must not leave now, read at send time: a text held until the
   * morning or a retry can wait hours, and a member who turned the topic off or deleted the account
   * in between gets nothing (the check at enqueue alone would miss them).
   */
  async function withholdReason(row: Claimed): Promise<string | null> {
    if (!row.memberId) return null
    const [member] = await db
      .select({ settings: members.notificationSettings, pseudonymizedAt: members.pseudonymizedAt })
      .from(members)
      .where(eq(members.id, row.memberId))
    if (!member || member.pseudonymizedAt) return 'withheld: account deleted'
    if (row.topic && row.topic !== 'transactional' && !member.settings[row.channel][row.topic]) return 'withheld: setting turned off'
    return null
  }

  async function deliverOne(row: Claimed) {
    const channel = row.channel
    // Ids, channels and error codes only: recipients, bodies and codes stay out of the log.
    const fields = { outboxId: row.id, channel, attempt: row.attempts }
    const withheld = await withholdReason(row)
    if (withheld) {
      await db
        .update(outbox)
        .set({ withheldAt: clock.now(), lastError: withheld, ...finished })
        .where(eq(outbox.id, row.id))
      log.info({ ...fields, reason: withheld }, 'outbox message withheld')
      options.onOutcome?.(channel, 'withheld')
      return
    }
    try {
      await deliverers[channel]!.deliver({
        channel,
        to: row.recipient,
        subject: row.subject ?? undefined,
        body: row.body,
        html: row.html ?? undefined,
        headers: row.headers,
      })
    } catch (error) {
      const reason = error instanceof DeliveryError ? error.message : `unexpected ${error instanceof Error ? error.name : 'error'}`
      const now = clock.now()
      if (row.attempts >= maxAttempts) {
        if (erased(row)) await db.delete(outbox).where(eq(outbox.id, row.id))
        else
          await db
            .update(outbox)
            .set({ lastError: reason, failedAt: now, ...finished })
            .where(eq(outbox.id, row.id))
        log.error({ ...fields, error: reason }, 'outbox message not delivered; gave up')
        options.onOutcome?.(channel, 'failed')
      } else {
        const retryAt = new Date(now.getTime() + Math.min(retryMs * 2 ** (row.attempts - 1), MAX_RETRY_MS))
        await db.update(outbox).set({ lastError: reason, nextAttemptAt: retryAt }).where(eq(outbox.id, row.id))
        log.warn({ ...fields, error: reason, retryAt: retryAt.toISOString() }, 'outbox message not delivered; will retry')
        options.onOutcome?.(channel, 'retry')
      }
      return
    }
    if (erased(row)) await db.delete(outbox).where(eq(outbox.id, row.id))
    else
      await db
        .update(outbox)
        .set({ sentAt: clock.now(), ...finished })
        .where(eq(outbox.id, row.id))
    log.info(fields, 'outbox message delivered')
    options.onOutcome?.(channel, 'sent')
  }

  /** Hands unattempted claims back, due at once and without the attempt counted. */
  async function release(rows: Claimed[]) {
    if (rows.length === 0) return
    await db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: clock.now() })
      .where(
        inArray(
          outbox.id,
          rows.map((row) => row.id),
        ),
      )
    log.info({ released: rows.length }, 'outbox relay released its batch')
  }

  async function runOnce(): Promise<number> {
    const batch = await claim()
    // One at a time: a stop then waits for one delivery at most.
    for (const [i, row] of batch.entries()) {
      if (stopping) {
        await release(batch.slice(i))
        break
      }
      await deliverOne(row)
    }
    return batch.length
  }

  function pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      wake = done
      function done() {
        clearTimeout(timer)
        wake = null
        resolve()
      }
    })
  }

  async function run() {
    log.info({ channels }, 'outbox relay started')
    while (!stopping) {
      let claimed = 0
      try {
        claimed = await runOnce()
      } catch (err) {
        log.error({ err }, 'outbox relay failed; trying again')
      }
      // A full batch suggests more are due: go on at once.
      if (claimed < batchSize && !stopping) await pause(idleMs)
    }
    log.info('outbox relay stopped')
  }

  return {
    start() {
      if (loop) return
      stopping = false
      loop = run()
    },
    async stop() {
      stopping = true
      wake?.()
      await loop
      loop = null
    },
    runOnce,
  }
}
