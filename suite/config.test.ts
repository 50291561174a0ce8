import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const local = { SUITE_MODE: 'local' }

describe('config', () => {
  it('runs in production unless local mode is asked for by name', () => {
    expect(() => loadConfig({})).toThrow(/DATABASE_URL is required in production/)
    expect(() => loadConfig({ SUITE_MODE: 'development' })).toThrow(/SUITE_MODE/)
  })

  it('in local mode: PGlite, port 8787, loopback, the emulator and demo data', () => {
    const config = loadConfig(local)
    expect(config).toMatchObject({
      mode: 'local',
      port: 8787,
      host: '127.0.0.1',
      database: { kind: 'pglite' },
      firebase: { projectId: 'demo-portal', emulatorHost: '127.0.0.1:9099' },
      seed: 'demo',
    })
  })

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const limits = { statementTimeoutMs: 5_000, longStatementTimeoutMs: 300_000 }
    expect(loadConfig({ ...local, DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db', ...limits })
    // A read replica goes with its primary; alone it is refused, and its address (a secret) is not echoed.
    expect(loadConfig({ ...local, DATABASE_URL: 'postgres://u@h:5432/db', DATABASE_REPLICA_URL: 'postgres://u@r:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
      replicaUrl: 'postgres://u@r:5432/db',
      ...limits,
    })
    expect(() => loadConfig({ ...local, DATABASE_REPLICA_URL: 'postgres://u@r:5432/db' })).toThrow(/DATABASE_REPLICA_URL is a replica of DATABASE_URL/)
    expect(() => loadConfig({ ...local, DATABASE_URL: 'postgres://u@h:5432/db', DATABASE_REPLICA_URL: 'mysql://secret@r/db' })).toThrow(/DATABASE_REPLICA_URL/)
  })

  it("limits a statement's time: 5 s for the calls, 5 minutes for exports and jobs, the long limit never the shorter", () => {
    const postgresAt = { ...local, DATABASE_URL: 'postgres://u@h:5432/db' }
    expect(loadConfig({ ...postgresAt, STATEMENT_TIMEOUT_SECONDS: '2.5', LONG_STATEMENT_TIMEOUT_SECONDS: '60' }).database).toMatchObject({
      statementTimeoutMs: 2_500,
      longStatementTimeoutMs: 60_000,
    })
    expect(() => loadConfig({ ...postgresAt, STATEMENT_TIMEOUT_SECONDS: '0.1' })).toThrow(/STATEMENT_TIMEOUT_SECONDS must be at least 0.5 seconds/)
    expect(() => loadConfig({ ...postgresAt, STATEMENT_TIMEOUT_SECONDS: 'soon' })).toThrow(/STATEMENT_TIMEOUT_SECONDS/)
    expect(() => loadConfig({ ...postgresAt, LONG_STATEMENT_TIMEOUT_SECONDS: '3601' })).toThrow(/LONG_STATEMENT_TIMEOUT_SECONDS must be at most 3600 seconds/)
    expect(() => loadConfig({ ...postgresAt, STATEMENT_TIMEOUT_SECONDS: '30', LONG_STATEMENT_TIMEOUT_SECONDS: '10' })).toThrow(
      /LONG_STATEMENT_TIMEOUT_SECONDS must be at least STATEMENT_TIMEOUT_SECONDS/,
    )
  })

  it('remembers a user record for revocation checks for at most 60 s', () => {
    expect(loadConfig(local).firebase.recordTtlMs).toBe(60_000)
    expect(loadConfig({ ...local, REVOCATION_CHECK_SECONDS: '0' }).firebase.recordTtlMs).toBe(0)
    expect(() => loadConfig({ ...local, REVOCATION_CHECK_SECONDS: '61' })).toThrow(/REVOCATION_CHECK_SECONDS must be at most 60 seconds/)
    expect(() => loadConfig({ ...local, REVOCATION_CHECK_SECONDS: '1.5' })).toThrow(/REVOCATION_CHECK_SECONDS/)
  })

  it('names the bad variable', () => {
    expect(() => loadConfig({ ...local, SUITE_PORT: 'eighty' })).toThrow(/SUITE_PORT/)
    expect(() => loadConfig({ ...local, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ ...local, OTP_PEPPER: 'short' })).toThrow(/OTP_PEPPER/)
  })

  const production = {
    DATABASE_URL: 'postgres://u@h/db',
    FIREBASE_PROJECT_ID: 'testers-circle',
    OTP_PEPPER: 'p'.repeat(40),
    SECOND_FACTOR_KEY: 'k'.repeat(40),
    INTERCOM_SECRET: 's'.repeat(40),
    MESSAGE_LINK_SECRET: 'm'.repeat(40),
    PORTAL_URL: 'https://testerscircle.example',
    SHOPIFY_SHOP: 'testers.myshopify.com',
    SHOPIFY_ADMIN_TOKEN: 'shpat_0123456789',
    SMTP_URL: 'smtps://mailer:mail-password@smtp.example.com:465',
    MAIL_FROM: 'Testers Circle <no-reply@testerscircle.example>',
    SMS_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
    SMS_AUTH_TOKEN: 'sms-auth-token-0123456789',
    SMS_FROM: '+4915100000000',
    SUITE_TRUSTED_PROXIES: '10.0.0.5,10.0.0.6',
    S3_BUCKET: 'tc-review-photos',
    S3_REGION: 'eu-central-1',
    S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com/',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 's3-secret-access-key-0123456789',
    RECAPTCHA_SECRET: 'r'.repeat(40),
  }

  it('listens on loopback only in local mode, and refuses the demo seed in production', () => {
    expect(() => loadConfig({ ...local, SUITE_HOST: '0.0.0.0' })).toThrow(/SUITE_HOST must be a loopback address in local mode/)
    expect(loadConfig({ ...local, SUITE_HOST: '::1' }).host).toBe('::1')
    expect(() => loadConfig({ ...production, SUITE_SEED: 'demo' })).toThrow(/SUITE_SEED=demo is for local mode only/)
  })

  it('serves metrics only when METRICS_PORT is set, on loopback unless METRICS_HOST says otherwise, never on the API port', () => {
    expect(loadConfig(local).metrics).toBeNull()
    expect(loadConfig(production).metrics).toBeNull()
    expect(loadConfig({ ...local, METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 })
    expect(loadConfig({ ...production, METRICS_PORT: '9464', METRICS_HOST: '10.0.2.21' }).metrics).toEqual({ host: '10.0.2.21', port: 9464 })
    expect(() => loadConfig({ ...local, METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT must be a port number/)
    expect(() => loadConfig({ ...local, METRICS_PORT: '8787' })).toThrow(/METRICS_PORT must differ from SUITE_PORT/)
    expect(() => loadConfig({ ...local, METRICS_HOST: '127.0.0.1' })).toThrow(/METRICS_HOST is set without METRICS_PORT/)
    expect(() => loadConfig({ ...local, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST must be a loopback address in local mode/)
  })

  it('believes X-Forwarded-For from the portal on loopback locally, and from configured addresses only in production', () => {
    expect(loadConfig(local).trustedProxies).toEqual(['127.0.0.1', '::1'])
    expect(loadConfig(production).trustedProxies).toEqual(['10.0.0.5', '10.0.0.6'])
    const { SUITE_TRUSTED_PROXIES: _omitted, ...withoutProxies } = production
    expect(() => loadConfig(withoutProxies)).toThrow(/SUITE_TRUSTED_PROXIES is required in production/)
    expect(() => loadConfig({ ...local, SUITE_TRUSTED_PROXIES: 'portal.internal' })).toThrow(/SUITE_TRUSTED_PROXIES/)
  })

  it('refuses the auth emulator and missing secrets in production', () => {
    expect(loadConfig(production)).toMatchObject({ mode: 'production', seed: 'none', firebase: { emulatorHost: null } })
    expect(() => loadConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/)
    const { OTP_PEPPER: _omitted, ...withoutPepper } = production
    expect(() => loadConfig(withoutPepper)).toThrow(/OTP_PEPPER is required/)
  })

  it('relays the outbox in production, with e-mail and SMS settings', () => {
    expect(loadConfig(production).delivery).toEqual({
      relay: true,
      email: { smtpUrl: production.SMTP_URL, from: production.MAIL_FROM },
      sms: { accountSid: production.SMS_ACCOUNT_SID, authToken: production.SMS_AUTH_TOKEN, from: production.SMS_FROM, apiBase: 'https://api.twilio.com' },
    })
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const) {
      const { [name]: _omitted, ...without } = production
      expect(() => loadConfig(without)).toThrow(new RegExp(`${name} is required in production`))
    }
    expect(() => loadConfig({ ...production, SMS_API_BASE: 'http://sms.example.com' })).toThrow(/SMS_API_BASE must be an https/)
  })

  it('names a bad delivery setting without echoing secrets', () => {
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig(env)
      } catch (error) {
        return (error as Error).message
      }
      throw new Error('expected a configuration error')
    }
    expect(messageOf({ ...production, SMTP_URL: 'http://mailer:mail-password@smtp.example.com' })).toBe('SMTP_URL must be an smtp:// or smtps:// URL')
    expect(messageOf({ ...production, SMTP_URL: 'mail-password' })).toBe('SMTP_URL must be a URL')
    expect(() => loadConfig({ ...production, SMS_AUTH_TOKEN: 'short' })).toThrow(/^SMS_AUTH_TOKEN must be at least 8 characters$/)
    expect(() => loadConfig({ ...production, MAIL_FROM: 'Testers Circle' })).toThrow(/MAIL_FROM/)
    expect(() => loadConfig({ ...production, SMS_FROM: '0151 000' })).toThrow(/SMS_FROM/)
    expect(() => loadConfig({ ...production, SMS_ACCOUNT_SID: 'AC/../x' })).toThrow(/SMS_ACCOUNT_SID/)
    expect(() => loadConfig({ ...production, OUTBOX_RELAY: 'yes' })).toThrow(/OUTBOX_RELAY/)
  })

  it('checks protected actions for bots with reCAPTCHA when its secret is set; otherwise locally the local adapter, and off only by name', () => {
    expect(loadConfig(local).botCheck).toEqual({ kind: 'local' })
    const secret = 'r'.repeat(40)
    // Production without the secret does not start, unless BOT_CHECK=off asks for no check at all.
    const { RECAPTCHA_SECRET: _secret, ...withoutSecret } = production
    expect(() => loadConfig(withoutSecret)).toThrow(/^RECAPTCHA_SECRET is required in production/)
    expect(loadConfig({ ...withoutSecret, BOT_CHECK: 'off' }).botCheck).toEqual({ kind: 'off' })
    expect(loadConfig({ ...local, BOT_CHECK: 'off' }).botCheck).toEqual({ kind: 'off' })
    expect(() => loadConfig({ ...withoutSecret, BOT_CHECK: 'no' })).toThrow(/BOT_CHECK must be "on" or "off"/)
    expect(() => loadConfig({ ...withoutSecret, BOT_CHECK: 'on' })).toThrow(/RECAPTCHA_SECRET is required in production/)
    // Off and a secret at once is a mistake, named.
    expect(() => loadConfig({ ...production, BOT_CHECK: 'off' })).toThrow(/BOT_CHECK=off turns the bot check off, yet RECAPTCHA_SECRET is set/)
    expect(loadConfig({ ...production, RECAPTCHA_SECRET: secret }).botCheck).toEqual({
      kind: 'recaptcha',
      secret,
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      minScore: 0.5,
    })
    expect(loadConfig({ ...local, RECAPTCHA_SECRET: secret, RECAPTCHA_MIN_SCORE: '0.7', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/verify' }).botCheck).toEqual({
      kind: 'recaptcha',
      secret,
      verifyUrl: 'http://127.0.0.1:9/verify',
      minScore: 0.7,
    })
    for (const score of ['1.5', '-0.1', 'high', '.5']) {
      expect(() => loadConfig({ ...local, RECAPTCHA_MIN_SCORE: score })).toThrow(/RECAPTCHA_MIN_SCORE must be a score from 0.0 to 1.0/)
    }
    expect(loadConfig({ ...local, RECAPTCHA_SECRET: secret, RECAPTCHA_MIN_SCORE: '1' }).botCheck).toMatchObject({ minScore: 1 })
    expect(() => loadConfig({ ...production, RECAPTCHA_SECRET: secret, RECAPTCHA_VERIFY_URL: 'http://verify.example.com' })).toThrow(
      /RECAPTCHA_VERIFY_URL must be an https/,
    )
    // The secret is named, never echoed.
    expect(() => loadConfig({ ...production, RECAPTCHA_SECRET: 'short secret' })).toThrow(/^RECAPTCHA_SECRET must be a reCAPTCHA secret key$/)
  })

  it('keeps review photos in a local directory locally, and in an S3-compatible object store (required, https) in production', () => {
    expect(loadConfig(local).photos).toEqual({ kind: 'local', directory: resolve('.data/photos') })
    expect(loadConfig({ ...local, SUITE_PHOTO_DIR: '/tmp/photos' }).photos).toEqual({ kind: 'local', directory: '/tmp/photos' })
    expect(loadConfig(production).photos).toEqual({
      kind: 's3',
      s3: {
        bucket: 'tc-review-photos',
        region: 'eu-central-1',
        endpoint: 'https://s3.eu-central-1.amazonaws.com',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 's3-secret-access-key-0123456789',
      },
    })
    const { S3_BUCKET: _b, S3_REGION: _r, S3_ENDPOINT: _e, S3_ACCESS_KEY_ID: _k, S3_SECRET_ACCESS_KEY: _s, ...withoutStore } = production
    expect(() => loadConfig(withoutStore)).toThrow(/S3_BUCKET is required in production/)
    expect(() => loadConfig({ ...production, S3_ENDPOINT: 'http://minio.internal:9000' })).toThrow(/S3_ENDPOINT must be an https/)
    // Half a store is a mistake, named; a local MinIO on http is fine in local mode.
    expect(() => loadConfig({ ...local, S3_BUCKET: 'photos' })).toThrow(/S3_REGION is required when S3_BUCKET is set/)
    const minio = {
      S3_BUCKET: 'photos',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
    }
    expect(loadConfig({ ...local, ...minio }).photos).toMatchObject({ kind: 's3', s3: { endpoint: 'http://127.0.0.1:9000' } })
    expect(() => loadConfig({ ...local, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/)
    // The secret is named, never echoed.
    expect(() => loadConfig({ ...production, S3_SECRET_ACCESS_KEY: 'short' })).toThrow(/^S3_SECRET_ACCESS_KEY must be at least 8 characters$/)
  })

  it('works on as many images at once as there are CPUs unless IMAGE_DECODES says otherwise, with a line four times as long', () => {
    const cpus = availableParallelism()
    expect(loadConfig(local).imageWork).toEqual({ concurrent: cpus, waiting: 4 * cpus })
    expect(loadConfig({ ...local, IMAGE_DECODES: '3' }).imageWork).toEqual({ concurrent: 3, waiting: 12 })
    expect(loadConfig({ ...local, IMAGE_DECODES: '3', IMAGE_DECODE_QUEUE: '0' }).imageWork).toEqual({ concurrent: 3, waiting: 0 })
    expect(() => loadConfig({ ...local, IMAGE_DECODES: '0' })).toThrow(/IMAGE_DECODES/)
    expect(() => loadConfig({ ...local, IMAGE_DECODE_QUEUE: 'many' })).toThrow(/IMAGE_DECODE_QUEUE must be a whole number/)
  })

  it('keeps the outbox to itself locally unless OUTBOX_RELAY=true', () => {
    expect(loadConfig(local).delivery).toEqual({ relay: false, email: null, sms: null })
    const mailOnly = { ...local, OUTBOX_RELAY: 'true', SMTP_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: 'no-reply@testerscircle.example' }
    expect(loadConfig(mailOnly).delivery).toEqual({
      relay: true,
      email: { smtpUrl: 'smtp://127.0.0.1:1025', from: 'no-reply@testerscircle.example' },
      sms: null,
    })
    expect(() => loadConfig({ ...local, OUTBOX_RELAY: 'true' })).toThrow(/OUTBOX_RELAY needs SMTP_URL/)
    // Half a channel is a mistake, named.
    expect(() => loadConfig({ ...local, SMTP_URL: 'smtp://127.0.0.1:1025' })).toThrow(/MAIL_FROM is required when SMTP_URL is set/)
    expect(() => loadConfig({ ...local, SMS_ACCOUNT_SID: 'AC1', SMS_FROM: 'Testers' })).toThrow(/SMS_AUTH_TOKEN is required/)
    expect(
      loadConfig({ ...local, SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'token-123', SMS_FROM: 'Testers', SMS_API_BASE: 'http://127.0.0.1:9/' }).delivery.sms
        ?.apiBase,
    ).toBe('http://127.0.0.1:9')
  })

  it('sends traces only when an OTLP endpoint is configured, and does not echo a wrong one (it may hold a credential)', () => {
    expect(loadConfig(local).tracing).toBeNull()
    expect(loadConfig({ ...local, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).tracing).toEqual({
      url: 'http://127.0.0.1:4318/v1/traces',
      serviceName: 'member-api',
    })
    expect(
      loadConfig({ ...local, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.example/v1/traces', OTEL_SERVICE_NAME: 'member-api-2' }).tracing,
    ).toEqual({
      url: 'https://collector.example/v1/traces',
      serviceName: 'member-api-2',
    })
    expect(() => loadConfig({ ...local, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'collector:4318?token=secret-value' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...local, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'collector:4318?token=secret-value' })).not.toThrow(/secret-value/)
  })
})
