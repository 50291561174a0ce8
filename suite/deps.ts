// What the suite app is built from; tests build it in-process with their own pieces.
import type { Logger } from 'pino'
import type { Db } from './db/client'
import type { IdentityProvider } from './identity/identity'
import type { Outbox } from './services/outbox'
import type { DiscountCodeIssuer } from './services/discount-codes'

export interface Clock {
  now(): Date
}
export const systemClock: Clock = { now: () => new Date() }

export interface SuiteDeps {
  db: Db
  /** Throws when the database does not answer (readyz). */
  ping: () => Promise<void>
  identity: IdentityProvider
  clock: Clock
  outbox: Outbox
  logger: Logger
  discountCodes: DiscountCodeIssuer
  settings: {
    mode: 'local' | 'production'
    otpPepper: string
    intercomSecret: string
    /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
    trustProxy: boolean
  }
}
