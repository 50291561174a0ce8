// Builds the suite's dependencies from configuration (used by the server and the operator CLI).
import type { SuiteConfig } from './config'
import { openDatabase, type Database } from './db/client'
import { laggingReads } from './db/replica'
import { offsetClock, systemClock, type SuiteDeps } from './deps'
import { firebaseIdentity } from './identity/identity'
import { createLogger } from './logging'
import { botCheckOff, localBotCheck, recaptchaBotCheck, type BotCheck } from './services/bot-check'
import { localDiscountCodes, shopifyDiscountCodes } from './services/discount-codes'
import { smtpMail, twilioSms } from './services/delivery'
import { databaseOutbox } from './services/outbox'
import { imageWorkLimit } from './services/image-work'
import { localPhotoStorage, s3PhotoStorage } from './services/photo-storage'
import { createOutboxRelay, type OutboxRelay, type RelayOptions } from './services/outbox-relay'

export interface Runtime {
  deps: SuiteDeps
  database: Database
  /** Built when configured (production, or OUTBOX_RELAY=true); the server starts it. */
  relay: OutboxRelay | null
}

export interface RuntimeHooks {
  /** Told how each of the relay's attempts at a message ended (the metrics). */
  onOutboxOutcome?: RelayOptions['onOutcome']
}

export async function createRuntime(config: SuiteConfig, hooks: RuntimeHooks = {}): Promise<Runtime> {
  // firebase-admin reads the emulator address from the environment; local mode defaults it.
  if (config.firebase.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost
  const logger = createLogger({ level: config.logLevel, mode: config.mode })
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? {
          kind: 'postgres',
          url: config.database.url,
          ...(config.database.replicaUrl && { replicaUrl: config.database.replicaUrl }),
          statementTimeoutMs: config.database.statementTimeoutMs,
          longStatementTimeoutMs: config.database.longStatementTimeoutMs,
        }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  )
  // Locally the clock can be moved (dev clock route) so a browser test can age a sign-in; in
  // production it is the system's and nothing can move it.
  const adjustable = config.mode === 'local' ? offsetClock(systemClock) : null
  const clock = adjustable ?? systemClock
  const deps: SuiteDeps = {
    db: database.db,
    longDb: database.long,
    reads: laggingReads(database.db, database.replica, logger),
    ping: database.ping,
    lifecycle: { draining: false },
    identity: firebaseIdentity(config.firebase.projectId, { recordTtlMs: config.firebase.recordTtlMs }),
    clock,
    ...(adjustable && { adjustClock: adjustable.setOffset }),
    outbox: databaseOutbox(clock),
    logger,
    discountCodes: config.shopify ? shopifyDiscountCodes(config.shopify.shop, config.shopify.adminToken) : localDiscountCodes,
    botCheck: botCheckFor(config.botCheck),
    photoStorage: config.photos.kind === 's3' ? s3PhotoStorage(config.photos.s3) : localPhotoStorage(config.photos.directory),
    imageWork: imageWorkLimit(config.imageWork),
    settings: {
      mode: config.mode,
      otpPepper: config.otpPepper,
      secondFactorKey: config.secondFactorKey,
      intercomSecret: config.intercomSecret,
      messages: config.messages,
      trustedProxies: config.trustedProxies,
      retentionDays: config.retentionDays,
      smsLimits: config.smsLimits,
    },
  }
  const { delivery } = config
  const relay = delivery.relay
    ? createOutboxRelay({
        db: deps.db,
        clock: deps.clock,
        logger,
        // Locally the outbox is where messages are read: bodies stay. In production they are blanked once delivered.
        mode: config.mode,
        deliverers: {
          ...(delivery.email && { email: smtpMail(delivery.email) }),
          ...(delivery.sms && { sms: twilioSms(delivery.sms) }),
        },
        ...(hooks.onOutboxOutcome && { onOutcome: hooks.onOutboxOutcome }),
      })
    : null
  return { deps, database, relay }
}

function botCheckFor(settings: SuiteConfig['botCheck']): BotCheck {
  switch (settings.kind) {
    case 'recaptcha':
      return recaptchaBotCheck(settings)
    case 'local':
      return localBotCheck
    case 'off':
      return botCheckOff
  }
}
