// What the suite app is built from; tests build it in-process with their own pieces.
import type { Logger } from 'pino'
import type { MessageSettings } from './config'
import type { Db } from './db/client'
import type { LaggingRead } from './db/replica'
import type { IdentityProvider } from './identity/identity'
import type { BotCheck } from './services/bot-check'
import type { Outbox } from './services/outbox'
import type { ImageWork } from './services/image-work'
import type { PhotoStorage } from './services/photo-storage'
import type { DiscountCodeIssuer } from './services/discount-codes'

export interface Clock {
  now(): Date
}
export const systemClock: Clock = { now: () => new Date() }

/** A clock that reads another plus an offset that can be moved (local mode's dev clock). */
export interface OffsetClock extends Clock {
  setOffset(offsetMs: number): void
}
export function offsetClock(base: Clock = systemClock): OffsetClock {
  let offsetMs = 0
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    setOffset: (ms) => {
      offsetMs = ms
    },
  }
}

export interface SuiteDeps {
  db: Db
  /**
   * The database for work allowed to run longer than a call's statements (exports, background
   * jobs): connections of their own with the long statement limit (db/client.ts). `db` when absent.
   */
  longDb?: Db
  /** Runs a read that may lag a little (public pages' data) on the read replica when there is one, else on `db`. */
  reads: LaggingRead
  /** Throws when the database does not answer (readyz). */
  ping: () => Promise<void>
  /** Set once the process is stopping: readyz answers "not ready" while the requests in flight finish. */
  lifecycle?: { draining: boolean }
  identity: IdentityProvider
  clock: Clock
  /**
   * Local mode only: sets the offset of `clock` from the real time (0 puts it back). Present only
   * when the clock can be moved; the dev clock route exists only then.
   */
  adjustClock?: (offsetMs: number) => void
  outbox: Outbox
  logger: Logger
  discountCodes: DiscountCodeIssuer
  /** Verifies the token of a protected action (the endpoint's `bot`): the provider, the local adapter, or off. */
  botCheck: BotCheck
  /** Where review photos' files are kept: a local directory, or an S3-compatible object store. */
  photoStorage: PhotoStorage
  /** Bounds how many uploaded images this process decodes and re-encodes at once (IMAGE_DECODES, IMAGE_DECODE_QUEUE). */
  imageWork: ImageWork
  /** How long a redemption waits for the shop's code (10 s when unset). */
  discountCodeTimeoutMs?: number
  settings: {
    mode: 'local' | 'production'
    otpPepper: string
    /** Seals authenticator secrets at rest (32+ characters). */
    secondFactorKey: string
    intercomSecret: string
    /** The unsubscribe links' signing secret and the portal's address links open. */
    messages: MessageSettings
    /** Peers whose X-Forwarded-For names the client (the portal); any other peer is the client itself. */
    trustedProxies: string[]
    /** Days that delivered messages, expired one-time codes and front-end logs are kept. */
    retentionDays: number
    smsLimits: SmsLimits
  }
}

/** Text messages cost money: only to these countries, and at most this many per hour in all and per client address. */
export interface SmsLimits {
  countries: string[]
  perHour: number
  perClientPerHour: number
}

/** Where work allowed to run longer (an export's reads, a background job) runs its statements. */
export const longWork = (deps: SuiteDeps): Db => deps.longDb ?? deps.db
