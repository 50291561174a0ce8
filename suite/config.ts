// Configuration of the member API: read once from the environment, validated, typed.
// A bad value stops start-up with a message naming the variable.
import { resolve } from 'node:path'
import * as v from 'valibot'
import { MAX_RECORD_TTL_SECONDS } from '../contract/credentials.server'
import { SHIPPING_COUNTRIES } from '../contract/common'
import { readTracingSettings, TracingConfigError, type TracingSettings } from '../contract/tracing.server'
import { DEFAULT_LONG_STATEMENT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from './db/statement-limits'
import type { SmsLimits } from './deps'
import { defaultImageWorkLimits, type ImageWorkLimits } from './services/image-work'
import type { S3Settings } from './services/photo-storage'

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const LOCAL_SECRET = 'local-mode-secret-not-for-production-use-000'

const port = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a port number'),
  v.transform(Number),
  v.minValue(1, 'must be a port number'),
  v.maxValue(65535, 'must be a port number'),
)
const secret = v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))
const flag = v.pipe(
  v.picklist(['true', 'false', '1', '0']),
  v.transform((s) => s === 'true' || s === '1'),
)
const httpUrl = v.pipe(v.string(), v.url('must be a URL'), v.regex(/^https?:\/\//, 'must be an http(s):// URL'))

/** Addresses that only this machine can reach. */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/

const EnvSchema = v.object({
  // Production unless local mode is asked for by name (npm start, the tests): a forgotten setting never falls back to local mode's trust.
  SUITE_MODE: v.optional(v.picklist(['local', 'production'], 'must be "local" or "production"'), 'production'),
  SUITE_PORT: v.optional(port, '8787'),
  SUITE_HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  /**
   * Prometheus metrics on an address of their own, never the member API's: off unless METRICS_PORT
   * is set, and on loopback unless METRICS_HOST names an interface the scraper reaches.
   */
  METRICS_PORT: v.optional(port),
  METRICS_HOST: v.optional(v.pipe(v.string(), v.minLength(1))),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))),
  /** A streaming replica of DATABASE_URL's database: the public pages' reads go there. */
  DATABASE_REPLICA_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))),
  /**
   * How long one statement of a member, public or console call may run before PostgreSQL cancels it
   * (the call answers 503 with the reason statement-timeout); and one of an export or a background job.
   */
  STATEMENT_TIMEOUT_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+(\.\d+)?$/, 'must be a number of seconds'),
      v.transform(Number),
      v.minValue(0.5, 'must be at least 0.5 seconds'),
      v.maxValue(60, 'must be at most 60 seconds'),
    ),
    String(DEFAULT_STATEMENT_TIMEOUT_MS / 1000),
  ),
  LONG_STATEMENT_TIMEOUT_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number of seconds'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1 second'),
      v.maxValue(3600, 'must be at most 3600 seconds'),
    ),
    String(DEFAULT_LONG_STATEMENT_TIMEOUT_MS / 1000),
  ),
  SUITE_DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), '.data/pglite'),
  GCLOUD_PROJECT: v.optional(v.pipe(v.string(), v.minLength(1))),
  FIREBASE_PROJECT_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  FIREBASE_AUTH_EMULATOR_HOST: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]+:\d+$/, 'must be host:port'))),
  // A session revoked elsewhere is refused within this many seconds: at most a minute.
  REVOCATION_CHECK_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number of seconds'),
      v.transform(Number),
      v.maxValue(MAX_RECORD_TTL_SECONDS, `must be at most ${MAX_RECORD_TTL_SECONDS} seconds`),
    ),
    String(MAX_RECORD_TTL_SECONDS),
  ),
  /**
   * On SIGTERM, how long the process answers "not ready" on /readyz while still serving, so a load
   * balancer checking it stops sending new requests before the process stops listening. 5 s in
   * production (two failed checks a second apart, and margin); none in local mode.
   */
  SHUTDOWN_DRAIN_SECONDS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number of seconds'), v.transform(Number), v.maxValue(60, 'must be at most 60 seconds')),
  ),
  OTP_PEPPER: v.optional(secret),
  // Seals the authenticator apps' secrets in the database (services/second-factor.ts).
  SECOND_FACTOR_KEY: v.optional(secret),
  INTERCOM_SECRET: v.optional(secret),
  // Signs the unsubscribe links in messages (suite/services/unsubscribe.ts).
  MESSAGE_LINK_SECRET: v.optional(secret),
  // The portal's public address, which links in e-mails and texts open (no trailing slash).
  PORTAL_URL: v.optional(v.pipe(httpUrl, v.regex(/[^/]$/, 'must not end with a slash'))),
  SHOPIFY_SHOP: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]+\.myshopify\.com$/, 'must be <shop>.myshopify.com'))),
  SHOPIFY_ADMIN_TOKEN: v.optional(v.pipe(v.string(), v.minLength(10))),
  SUITE_SEED: v.optional(v.picklist(['demo', 'none'])),
  // Text messages cost money: the countries they may go to, and how many per hour in all and per client address.
  SMS_COUNTRIES: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}(,[A-Z]{2})*$/, 'must be two-letter country codes separated by commas'))),
  SMS_PER_HOUR: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(1)), '200'),
  SMS_PER_CLIENT_PER_HOUR: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(1)), '10'),
  // Days that delivered messages, expired one-time codes and front-end logs are kept.
  RETENTION_DAYS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number of days'), v.transform(Number), v.minValue(1), v.maxValue(3650)),
    '30',
  ),
  // Proxies whose X-Forwarded-For is believed (the portal's addresses): comma-separated IPs.
  SUITE_TRUSTED_PROXIES: v.optional(v.pipe(v.string(), v.regex(/^[\d.:a-fA-F]+(,[\d.:a-fA-F]+)*$/, 'must be IP addresses separated by commas'))),
  OUTBOX_RELAY: v.optional(flag),
  SMTP_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'), v.regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL'))),
  // An address with an optional display name: "Testers Circle <no-reply@example.com>".
  MAIL_FROM: v.optional(v.pipe(v.string(), v.regex(/^([^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an address, optionally "Name <address>"'))),
  // The SID is part of the API path, so only letters and digits.
  SMS_ACCOUNT_SID: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9]+$/, 'must be letters and digits'))),
  SMS_AUTH_TOKEN: v.optional(v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters'))),
  // An E.164 number or an alphanumeric sender id (at most 11 characters, at least one letter).
  SMS_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(\+[1-9]\d{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/, 'must be an E.164 number or a sender id of up to 11 letters and digits'),
    ),
  ),
  SMS_API_BASE: v.optional(httpUrl, 'https://api.twilio.com'),
  // Bot protection (reCAPTCHA v3): the secret key, where tokens are verified, and the lowest score that passes.
  // Required in production unless BOT_CHECK=off says by name that the actions it protects go unchecked.
  BOT_CHECK: v.optional(v.picklist(['on', 'off'], 'must be "on" or "off"'), 'on'),
  RECAPTCHA_SECRET: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,128}$/, 'must be a reCAPTCHA secret key'))),
  RECAPTCHA_VERIFY_URL: v.optional(httpUrl, 'https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: v.optional(v.pipe(v.string(), v.regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a score from 0.0 to 1.0'), v.transform(Number)), '0.5'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  // Review photos: a directory locally, or an S3-compatible object store (required in production).
  SUITE_PHOTO_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), '.data/photos'),
  // Uploaded images decoded and re-encoded at once by one process (the number of CPUs by default), and how many may wait.
  IMAGE_DECODES: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(1), v.maxValue(64))),
  IMAGE_DECODE_QUEUE: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.maxValue(1000))),
  S3_BUCKET: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 lowercase letters, digits, dots, dashes)')),
  ),
  S3_REGION: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as eu-central-1 (or auto)'))),
  S3_ENDPOINT: v.optional(httpUrl),
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.minLength(3))),
  S3_SECRET_ACCESS_KEY: v.optional(v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters'))),
})

const SECRET_VARIABLES = new Set([
  'OTP_PEPPER',
  'SECOND_FACTOR_KEY',
  'INTERCOM_SECRET',
  'MESSAGE_LINK_SECRET',
  'SHOPIFY_ADMIN_TOKEN',
  'SMTP_URL',
  'SMS_AUTH_TOKEN',
  'RECAPTCHA_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'DATABASE_REPLICA_URL',
])

export interface SuiteConfig {
  mode: 'local' | 'production'
  port: number
  host: string
  /** Where Prometheus scrapes the metrics (METRICS_HOST, METRICS_PORT); null: no metrics served. */
  metrics: { host: string; port: number } | null
  /** PostgreSQL, with a streaming replica for reads that may lag a little; or the embedded database. */
  database:
    { kind: 'postgres'; url: string; replicaUrl?: string; statementTimeoutMs: number; longStatementTimeoutMs: number } | { kind: 'pglite'; dataDir: string }
  /** recordTtlMs: how long a user's record (disabled, sessions revoked) is remembered between lookups. */
  firebase: { projectId: string; emulatorHost: string | null; recordTtlMs: number }
  otpPepper: string
  secondFactorKey: string
  intercomSecret: string
  messages: MessageSettings
  shopify: { shop: string; adminToken: string } | null
  seed: 'demo' | 'none'
  /** Where and how many text messages may be sent (one-time codes). */
  smsLimits: SmsLimits
  /** Days that delivered messages, expired one-time codes and front-end logs are kept (services/retention.ts). */
  retentionDays: number
  /** Peers whose X-Forwarded-For names the client (the portal); any other peer is the client itself. */
  trustedProxies: string[]
  logLevel: string
  /**
   * Traces, sent over OTLP/HTTP when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT
   * names a collector (service name OTEL_SERVICE_NAME, `member-api` by default); off otherwise (suite/tracing.ts).
   */
  tracing: TracingSettings | null
  /** Seconds of "not ready" on SIGTERM before the server stops listening (SHUTDOWN_DRAIN_SECONDS). */
  drainSeconds: number
  /**
   * Bot protection: reCAPTCHA v3 when RECAPTCHA_SECRET is set; otherwise the local adapter (the
   * local test token) in local mode. Off only when BOT_CHECK=off asks for it (the server warns at
   * start-up); production without the secret does not start otherwise.
   */
  botCheck: { kind: 'recaptcha'; secret: string; verifyUrl: string; minScore: number } | { kind: 'local' } | { kind: 'off' }
  /** Where review photos' files are kept: an S3-compatible object store (production), or a directory (local mode). */
  photos: { kind: 's3'; s3: S3Settings } | { kind: 'local'; directory: string }
  /** Uploaded images worked on at once by this process, and how many may wait for a place (IMAGE_DECODES, IMAGE_DECODE_QUEUE). */
  imageWork: ImageWorkLimits
  /** The outbox relay: on in production, off locally (the outbox is only shown) unless OUTBOX_RELAY=true. */
  delivery: {
    relay: boolean
    email: EmailSettings | null
    sms: SmsSettings | null
  }
}

export interface EmailSettings {
  smtpUrl: string
  from: string
}

export interface SmsSettings {
  accountSid: string
  authToken: string
  from: string
  apiBase: string
}

/** What links in messages need: the unsubscribe links' signing secret and the portal's address. */
export interface MessageSettings {
  linkSecret: string
  portalUrl: string
}

export function loadConfig(env: Record<string, string | undefined> = process.env): SuiteConfig {
  const result = v.safeParse(EnvSchema, env)
  if (!result.success) {
    const issue = result.issues[0]
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'environment'
    // Secrets (and the password in SMTP_URL) are not echoed into logs.
    const got = SECRET_VARIABLES.has(key) ? '' : ` (got ${JSON.stringify(issue.input)})`
    throw new ConfigError(`${key} ${issue.message}${got}`)
  }
  const e = result.output
  const production = e.SUITE_MODE === 'production'
  let tracing: TracingSettings | null
  try {
    tracing = readTracingSettings(env, 'member-api')
  } catch (error) {
    throw error instanceof TracingConfigError ? new ConfigError(error.message) : error
  }
  // Local mode trusts the emulator's unsigned tokens and opens the dev endpoints: loopback only.
  if (!production && !LOOPBACK.test(e.SUITE_HOST)) {
    throw new ConfigError(`SUITE_HOST must be a loopback address in local mode (SUITE_MODE=local), got ${JSON.stringify(e.SUITE_HOST)}`)
  }

  if (e.METRICS_HOST !== undefined && e.METRICS_PORT === undefined)
    throw new ConfigError('METRICS_HOST is set without METRICS_PORT: set the port to serve the metrics')
  // The metrics are not for the public: never on the port the member API answers on.
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.SUITE_PORT) throw new ConfigError(`METRICS_PORT must differ from SUITE_PORT (${e.SUITE_PORT})`)
  if (!production && e.METRICS_HOST !== undefined && !LOOPBACK.test(e.METRICS_HOST)) {
    throw new ConfigError(`METRICS_HOST must be a loopback address in local mode (SUITE_MODE=local), got ${JSON.stringify(e.METRICS_HOST)}`)
  }

  if (production) {
    // The emulator accepts forged tokens: a production process must never trust it.
    if (e.FIREBASE_AUTH_EMULATOR_HOST) throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST must not be set in production')
    for (const name of [
      'DATABASE_URL',
      'FIREBASE_PROJECT_ID',
      'OTP_PEPPER',
      'SECOND_FACTOR_KEY',
      'INTERCOM_SECRET',
      'MESSAGE_LINK_SECRET',
      'PORTAL_URL',
      'SHOPIFY_SHOP',
      'SHOPIFY_ADMIN_TOKEN',
      'SMTP_URL',
      'MAIL_FROM',
      'SMS_ACCOUNT_SID',
      'SMS_AUTH_TOKEN',
      'SMS_FROM',
      // Without it every browser's log entries would share the portal's one rate-limit bucket.
      'SUITE_TRUSTED_PROXIES',
    ] as const) {
      if (!e[name]) throw new ConfigError(`${name} is required in production`)
    }
    // The demo seed creates a member with a published password.
    if (e.SUITE_SEED === 'demo') throw new ConfigError('SUITE_SEED=demo is for local mode only (SUITE_MODE=local): unset it or set it to none in production')
    // Messages carry one-time codes: never to the SMS API in clear text.
    if (!e.SMS_API_BASE.startsWith('https://')) throw new ConfigError('SMS_API_BASE must be an https:// URL in production')
    // The secret goes with every verification.
    if (!e.RECAPTCHA_VERIFY_URL.startsWith('https://')) throw new ConfigError('RECAPTCHA_VERIFY_URL must be an https:// URL in production')
    // Registration, sign-in links, campaign sign-ups and one-time codes are open to bots without it.
    if (!e.RECAPTCHA_SECRET && e.BOT_CHECK !== 'off') {
      throw new ConfigError(
        'RECAPTCHA_SECRET is required in production: it protects registration, sign-in links, campaign sign-ups and one-time codes from bots (BOT_CHECK=off runs without it, and start-up then warns)',
      )
    }
  }
  if (e.BOT_CHECK === 'off' && e.RECAPTCHA_SECRET)
    throw new ConfigError('BOT_CHECK=off turns the bot check off, yet RECAPTCHA_SECRET is set: unset one of them')

  // A channel is configured by all of its settings or none (a half-configured one is a mistake).
  const email = allOrNone({ SMTP_URL: e.SMTP_URL, MAIL_FROM: e.MAIL_FROM })
  const sms = allOrNone({ SMS_ACCOUNT_SID: e.SMS_ACCOUNT_SID, SMS_AUTH_TOKEN: e.SMS_AUTH_TOKEN, SMS_FROM: e.SMS_FROM })
  const relay = e.OUTBOX_RELAY ?? production
  // Review photos go to an object store by all five settings, or (local mode only) to a directory.
  const s3 = allOrNone({
    S3_BUCKET: e.S3_BUCKET,
    S3_REGION: e.S3_REGION,
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  })
  if (production && !s3) throw new ConfigError('S3_BUCKET is required in production: review photos are kept in an S3-compatible object store')
  // Photos not yet published are private: never to the store in clear text.
  if (production && s3 && !s3.S3_ENDPOINT.startsWith('https://')) throw new ConfigError('S3_ENDPOINT must be an https:// URL in production')
  if (e.LONG_STATEMENT_TIMEOUT_SECONDS < e.STATEMENT_TIMEOUT_SECONDS)
    throw new ConfigError('LONG_STATEMENT_TIMEOUT_SECONDS must be at least STATEMENT_TIMEOUT_SECONDS: it is the limit of the work allowed to run longer')
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) throw new ConfigError('DATABASE_REPLICA_URL is a replica of DATABASE_URL: set DATABASE_URL too')
  if (relay && !email && !sms) throw new ConfigError('OUTBOX_RELAY needs SMTP_URL and MAIL_FROM, or the SMS_* settings, to deliver anything')

  return {
    mode: production ? 'production' : 'local',
    port: e.SUITE_PORT,
    host: e.SUITE_HOST,
    metrics: e.METRICS_PORT === undefined ? null : { host: e.METRICS_HOST ?? '127.0.0.1', port: e.METRICS_PORT },
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          ...(e.DATABASE_REPLICA_URL && { replicaUrl: e.DATABASE_REPLICA_URL }),
          statementTimeoutMs: Math.round(e.STATEMENT_TIMEOUT_SECONDS * 1000),
          longStatementTimeoutMs: e.LONG_STATEMENT_TIMEOUT_SECONDS * 1000,
        }
      : { kind: 'pglite', dataDir: resolve(e.SUITE_DATA_DIR) },
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID ?? e.GCLOUD_PROJECT ?? 'demo-portal',
      emulatorHost: production ? null : (e.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'),
      recordTtlMs: e.REVOCATION_CHECK_SECONDS * 1000,
    },
    drainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (production ? 5 : 0),
    otpPepper: e.OTP_PEPPER ?? LOCAL_SECRET,
    secondFactorKey: e.SECOND_FACTOR_KEY ?? LOCAL_SECRET,
    intercomSecret: e.INTERCOM_SECRET ?? LOCAL_SECRET,
    // Locally the portal is `npm start`'s.
    messages: { linkSecret: e.MESSAGE_LINK_SECRET ?? LOCAL_SECRET, portalUrl: e.PORTAL_URL ?? 'http://localhost:3000' },
    shopify: e.SHOPIFY_SHOP && e.SHOPIFY_ADMIN_TOKEN ? { shop: e.SHOPIFY_SHOP, adminToken: e.SHOPIFY_ADMIN_TOKEN } : null,
    seed: e.SUITE_SEED ?? (production ? 'none' : 'demo'),
    retentionDays: e.RETENTION_DAYS,
    smsLimits: { countries: e.SMS_COUNTRIES?.split(',') ?? [...SHIPPING_COUNTRIES], perHour: e.SMS_PER_HOUR, perClientPerHour: e.SMS_PER_CLIENT_PER_HOUR },
    // Locally the portal runs on this machine; in production its addresses are configuration.
    trustedProxies: e.SUITE_TRUSTED_PROXIES?.split(',') ?? (production ? [] : ['127.0.0.1', '::1']),
    logLevel: e.LOG_LEVEL,
    tracing,
    botCheck:
      e.BOT_CHECK === 'off'
        ? { kind: 'off' }
        : e.RECAPTCHA_SECRET
          ? { kind: 'recaptcha', secret: e.RECAPTCHA_SECRET, verifyUrl: e.RECAPTCHA_VERIFY_URL, minScore: e.RECAPTCHA_MIN_SCORE }
          : { kind: 'local' },
    photos: s3
      ? {
          kind: 's3',
          s3: {
            bucket: s3.S3_BUCKET,
            region: s3.S3_REGION,
            endpoint: s3.S3_ENDPOINT.replace(/\/+$/, ''),
            accessKeyId: s3.S3_ACCESS_KEY_ID,
            secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
          },
        }
      : { kind: 'local', directory: resolve(e.SUITE_PHOTO_DIR) },
    imageWork: imageWorkLimits(e.IMAGE_DECODES, e.IMAGE_DECODE_QUEUE),
    delivery: {
      relay,
      email: email && { smtpUrl: email.SMTP_URL, from: email.MAIL_FROM },
      sms: sms && { accountSid: sms.SMS_ACCOUNT_SID, authToken: sms.SMS_AUTH_TOKEN, from: sms.SMS_FROM, apiBase: e.SMS_API_BASE.replace(/\/+$/, '') },
    },
  }
}

/** IMAGE_DECODES defaults to the number of CPUs, and IMAGE_DECODE_QUEUE to four images waiting for each place. */
function imageWorkLimits(concurrent: number | undefined, waiting: number | undefined): ImageWorkLimits {
  const places = concurrent ?? defaultImageWorkLimits().concurrent
  return { concurrent: places, waiting: waiting ?? 4 * places }
}

function allOrNone<K extends string>(settings: Record<K, string | undefined>): Record<K, string> | null {
  const names = Object.keys(settings) as K[]
  const missing = names.filter((name) => !settings[name])
  if (missing.length === names.length) return null
  if (missing.length > 0) throw new ConfigError(`${missing[0]} is required when ${names.filter((n) => !missing.includes(n)).join(', ')} is set`)
  return settings as Record<K, string>
}
