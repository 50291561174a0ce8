import * as v from 'valibot'
import { MAX_RECORD_TTL_SECONDS } from '#contract/credentials.server'
import { readTracingSettings, TracingConfigError, type TracingSettings } from '#contract/tracing.server'

/**
 * The portal's configuration, read once from the environment and validated. Local mode needs none;
 * production names every missing or wrong setting and refuses to start.
 */
export type PortalMode = 'local' | 'production'

export type FirebaseWebConfig = { apiKey: string; authDomain: string; projectId: string; appId?: string }

/**
 * The third-party services the browser uses, each off unless configured (public identifiers only):
 * the support chat (INTERCOM_APP_ID), bot protection (RECAPTCHA_SITE_KEY) and analytics
 * (GA_MEASUREMENT_ID, loaded only with the visitor's consent).
 */
export type BrowserServices = { intercomAppId: string | null; recaptchaSiteKey: string | null; gaMeasurementId: string | null }

export type PortalConfig = {
  mode: PortalMode
  /** Public: sent to the browser. */
  firebaseWeb: FirebaseWebConfig
  /** Local mode only: the Auth emulator, host:port on loopback. */
  authEmulatorHost: string | null
  /** Production only: firebase-admin service account (JSON). */
  serviceAccount: { projectId: string; clientEmail: string; privateKey: string } | null
  /** The member API's base address. */
  suiteUrl: string
  /**
   * The portal's public address, no trailing slash (PORTAL_URL; required in production, local mode
   * `http://localhost:3000`): links the portal hands to members to share are whole from the first render.
   */
  publicUrl: string
  session: { cookieName: string; maxAgeSeconds: number; secure: boolean }
  /**
   * How long a member's Firebase record (disabled, sessions revoked) is remembered between look-ups
   * (REVOCATION_CHECK_SECONDS, 0–60 s, 60 by default; 0 looks it up on every request).
   */
  recordTtlMs: number
  /**
   * How long a page render may wait for the member API, all its calls together
   * (PAGE_DEADLINE_SECONDS, 0.5–10 s, 3 by default): past it the page answers through the error
   * catalogue.
   */
  pageDeadlineMs: number
  /**
   * On SIGTERM, how long the process answers "not ready" on /readyz while it still serves, so a load
   * balancer checking it stops sending new requests before the process stops listening
   * (SHUTDOWN_DRAIN_SECONDS, 0–60 s; 5 in production, none in local mode).
   */
  drainSeconds: number
  /**
   * The load balancers in front of the portal (TRUSTED_PROXIES, IP addresses): from these alone is
   * X-Forwarded-For believed, so each browser keeps its own address (the member API's per-client
   * limits). None by default: the socket's address.
   */
  trustedProxies: string[]
  services: BrowserServices
  /**
   * Bot protection on the actions the member API checks: required in production (RECAPTCHA_SITE_KEY)
   * unless BOT_CHECK=off says by name to run without it, which start-up then warns about.
   */
  botCheck: 'on' | 'off'
  /**
   * Where Prometheus scrapes the portal's metrics (METRICS_PORT, and METRICS_HOST, loopback by
   * default): an address of their own, never the port pages are served on. Null: none served.
   */
  metrics: { host: string; port: number } | null
  /**
   * Local mode only (`PORTAL_FAULT_INJECTION=1`, set by the browser tests): a request with the
   * header `x-portal-fault: render` fails while the page renders, so the error page can be tested.
   */
  faultInjection: boolean
  /**
   * Traces of page renders and server functions with their calls to the member API, sent over
   * OTLP/HTTP when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT names a collector
   * (service name OTEL_SERVICE_NAME, `portal` by default); off otherwise (observability/tracing.server.ts).
   */
  tracing: TracingSettings | null
}

export const LOCAL_PROJECT_ID = 'demo-portal'
const DAY = 24 * 60 * 60

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const nonEmpty = (name: string) => v.pipe(v.string(`${name} is required in production`), v.trim(), v.nonEmpty(`${name} is required in production`))

const ServiceAccount = v.object({
  project_id: v.string(),
  client_email: v.pipe(v.string(), v.email()),
  private_key: v.pipe(v.string(), v.startsWith('-----BEGIN')),
})

const SessionDays = v.pipe(
  v.string(),
  v.transform(Number),
  v.number('SESSION_DAYS must be a number'),
  v.integer(),
  v.minValue(1),
  v.maxValue(14, 'SESSION_DAYS is at most 14 (Firebase session cookies last two weeks at most)'),
)
// A session revoked elsewhere is refused within this many seconds: at most a minute.
const RevocationCheckSeconds = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'REVOCATION_CHECK_SECONDS must be a whole number of seconds'),
  v.transform(Number),
  v.maxValue(MAX_RECORD_TTL_SECONDS, `REVOCATION_CHECK_SECONDS must be at most ${MAX_RECORD_TTL_SECONDS} seconds`),
)
const PageDeadlineSeconds = v.pipe(
  v.string(),
  v.regex(/^\d+(\.\d+)?$/, 'PAGE_DEADLINE_SECONDS must be a number of seconds'),
  v.transform(Number),
  v.minValue(0.5, 'PAGE_DEADLINE_SECONDS must be at least 0.5 seconds'),
  v.maxValue(10, 'PAGE_DEADLINE_SECONDS must be at most 10 seconds (a longer wait is a blank page to the member)'),
)
const DrainSeconds = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds'),
  v.transform(Number),
  v.maxValue(60, 'SHUTDOWN_DRAIN_SECONDS must be at most 60 seconds'),
)
const PublicUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url("PORTAL_URL must be the portal's public address (https://…)"),
  v.regex(/^https?:\/\/[^/]+\/?$/, 'PORTAL_URL must be an http(s) origin with no path'),
  v.transform((url) => url.replace(/\/+$/, '')),
)
const TrustedProxies = v.pipe(
  v.string(),
  v.regex(/^[\d.:a-fA-F]+(,[\d.:a-fA-F]+)*$/, 'TRUSTED_PROXIES must be IP addresses separated by commas'),
  v.transform((list) => list.split(',')),
)
const MetricsPort = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'METRICS_PORT must be a port number'),
  v.transform(Number),
  v.minValue(1, 'METRICS_PORT must be a port number'),
  v.maxValue(65535, 'METRICS_PORT must be a port number'),
)
const MetricsHost = v.pipe(v.string(), v.trim(), v.nonEmpty('METRICS_HOST must name an address'))

/**
 * The metrics' own address: off unless METRICS_PORT is set, on loopback unless METRICS_HOST names an
 * interface the scraper reaches (loopback only in local mode), and never the pages' port.
 */
function readMetrics(env: Record<string, string | undefined>, mode: PortalMode): PortalConfig['metrics'] {
  const host = env.METRICS_HOST === undefined ? undefined : parse(MetricsHost, env.METRICS_HOST, 'METRICS_HOST')
  if (env.METRICS_PORT === undefined) {
    if (host !== undefined) throw new ConfigError('METRICS_HOST is set without METRICS_PORT: set the port to serve the metrics')
    return null
  }
  const port = parse(MetricsPort, env.METRICS_PORT, 'METRICS_PORT')
  if (port === Number(env.PORT ?? '3000'))
    throw new ConfigError(`METRICS_PORT must differ from PORT (${env.PORT ?? '3000'}): the metrics are not for the public`)
  if (mode === 'local' && host !== undefined && !LOOPBACK.test(host)) {
    throw new ConfigError(`METRICS_HOST must be a loopback address in local mode (PORTAL_MODE=local), got ${JSON.stringify(host)}`)
  }
  return { host: host ?? '127.0.0.1', port }
}

const IntercomAppId = v.pipe(v.string(), v.regex(/^[a-z0-9]{6,16}$/, 'INTERCOM_APP_ID must be an Intercom workspace id (lower-case letters and digits)'))
const RecaptchaSiteKey = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,64}$/, 'RECAPTCHA_SITE_KEY must be a reCAPTCHA v3 site key'))
const BotCheck = v.optional(v.picklist(['on', 'off'], 'BOT_CHECK must be "on" or "off"'), 'on')
const GaMeasurementId = v.pipe(v.string(), v.regex(/^G-[A-Z0-9]{4,16}$/, 'GA_MEASUREMENT_ID must be a Google Analytics 4 measurement id (G-…)'))

function readServices(env: Record<string, string | undefined>): BrowserServices {
  const optional = <T>(schema: v.GenericSchema<string, T>, name: string) => (env[name] ? parse(schema, env[name], name) : null)
  return {
    intercomAppId: optional(IntercomAppId, 'INTERCOM_APP_ID'),
    recaptchaSiteKey: optional(RecaptchaSiteKey, 'RECAPTCHA_SITE_KEY'),
    gaMeasurementId: optional(GaMeasurementId, 'GA_MEASUREMENT_ID'),
  }
}

/** Addresses that only this machine can reach. */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/
const HostPort = v.pipe(v.string(), v.regex(/^(127\.0\.0\.1|localhost|\[::1\]):\d{2,5}$/, 'FIREBASE_AUTH_EMULATOR_HOST must be a loopback host:port'))

function issuesText(issues: readonly v.BaseIssue<unknown>[], name: string): string {
  return issues.map((issue) => `${name}: ${issue.message}`).join('; ')
}

function parse<T>(schema: v.GenericSchema<unknown, T>, value: unknown, name: string): T {
  const result = v.safeParse(schema, value)
  if (!result.success) throw new ConfigError(issuesText(result.issues, name))
  return result.output
}

export function readPortalConfig(env: Record<string, string | undefined>): PortalConfig {
  // Production unless local mode is asked for by name (npm start, the tests): a forgotten setting
  // never falls back to local mode's emulator and unsecured cookies.
  const mode = parse(
    v.optional(v.picklist(['local', 'production'], 'PORTAL_MODE must be "local" or "production"'), 'production'),
    env.PORTAL_MODE,
    'PORTAL_MODE',
  )
  const maxAgeSeconds = parse(v.optional(SessionDays, '5'), env.SESSION_DAYS, 'SESSION_DAYS') * DAY
  const recordTtlMs = parse(v.optional(RevocationCheckSeconds, String(MAX_RECORD_TTL_SECONDS)), env.REVOCATION_CHECK_SECONDS, 'REVOCATION_CHECK_SECONDS') * 1000
  const pageDeadlineMs = Math.round(parse(v.optional(PageDeadlineSeconds, '3'), env.PAGE_DEADLINE_SECONDS, 'PAGE_DEADLINE_SECONDS') * 1000)
  const services = readServices(env)
  const trustedProxies = env.TRUSTED_PROXIES ? parse(TrustedProxies, env.TRUSTED_PROXIES, 'TRUSTED_PROXIES') : []
  const drainSeconds = parse(v.optional(DrainSeconds, mode === 'local' ? '0' : '5'), env.SHUTDOWN_DRAIN_SECONDS, 'SHUTDOWN_DRAIN_SECONDS')
  const botCheck = parse(BotCheck, env.BOT_CHECK, 'BOT_CHECK')
  const metrics = readMetrics(env, mode)
  if (botCheck === 'off' && services.recaptchaSiteKey)
    throw new ConfigError('BOT_CHECK=off turns the bot check off, yet RECAPTCHA_SITE_KEY is set: unset one of them')
  let tracing: TracingSettings | null
  try {
    tracing = readTracingSettings(env, 'portal')
  } catch (error) {
    throw error instanceof TracingConfigError ? new ConfigError(error.message) : error
  }
  const suiteUrl = parse(v.optional(v.pipe(v.string(), v.url('SUITE_URL must be a URL')), 'http://127.0.0.1:8787'), env.SUITE_URL, 'SUITE_URL').replace(
    /\/+$/,
    '',
  )

  if (mode === 'local') {
    // Local mode trusts the emulator's tokens: loopback only. HOST is where the built server listens,
    // on every interface when it is unset; the dev server (vite) listens on localhost by itself.
    if (env.HOST === undefined ? !import.meta.env.DEV : !LOOPBACK.test(env.HOST)) {
      throw new ConfigError(
        `HOST must be a loopback address in local mode (PORTAL_MODE=local), got ${env.HOST === undefined ? 'none (every interface)' : JSON.stringify(env.HOST)}`,
      )
    }
    return {
      mode,
      firebaseWeb: { apiKey: 'demo-api-key', authDomain: `${LOCAL_PROJECT_ID}.firebaseapp.com`, projectId: LOCAL_PROJECT_ID },
      authEmulatorHost: parse(v.optional(HostPort, '127.0.0.1:9099'), env.FIREBASE_AUTH_EMULATOR_HOST, 'FIREBASE_AUTH_EMULATOR_HOST'),
      serviceAccount: null,
      suiteUrl,
      publicUrl: parse(v.optional(PublicUrl, 'http://localhost:3000'), env.PORTAL_URL, 'PORTAL_URL'),
      session: { cookieName: '__session', maxAgeSeconds, secure: false },
      recordTtlMs,
      pageDeadlineMs,
      drainSeconds,
      trustedProxies,
      services,
      botCheck,
      metrics,
      faultInjection: env.PORTAL_FAULT_INJECTION === '1',
      tracing,
    }
  }

  // The emulator accepts unsigned tokens: a production server talking to it would trust anyone.
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST is set, but the Auth emulator is for local mode only: unset it in production.')
  }
  if (env.PORTAL_FAULT_INJECTION) {
    throw new ConfigError('PORTAL_FAULT_INJECTION is set, but injecting faults is for tests in local mode only: unset it in production.')
  }
  const problems: string[] = []
  const read = <T>(schema: v.GenericSchema<unknown, T>, name: string): T | undefined => {
    const result = v.safeParse(schema, env[name])
    if (!result.success) {
      problems.push(issuesText(result.issues, name))
      return undefined
    }
    return result.output
  }
  const apiKey = read(nonEmpty('FIREBASE_API_KEY'), 'FIREBASE_API_KEY')
  const authDomain = read(nonEmpty('FIREBASE_AUTH_DOMAIN'), 'FIREBASE_AUTH_DOMAIN')
  const projectId = read(nonEmpty('FIREBASE_PROJECT_ID'), 'FIREBASE_PROJECT_ID')
  const appId = read(v.optional(v.string()), 'FIREBASE_APP_ID')
  // Registration, sign-in links, campaign sign-ups and one-time codes are open to bots without it.
  if (!services.recaptchaSiteKey && botCheck !== 'off') {
    problems.push(
      'RECAPTCHA_SITE_KEY: required in production, to protect registration, sign-in links, campaign sign-ups and one-time codes from bots (BOT_CHECK=off runs without it, and start-up then warns)',
    )
  }
  const suite = read(nonEmpty('SUITE_URL'), 'SUITE_URL')
  const publicUrl = read(v.pipe(nonEmpty('PORTAL_URL'), PublicUrl), 'PORTAL_URL')
  let serviceAccount: PortalConfig['serviceAccount'] = null
  const rawAccount = read(nonEmpty('FIREBASE_SERVICE_ACCOUNT'), 'FIREBASE_SERVICE_ACCOUNT')
  if (rawAccount) {
    try {
      const account = v.parse(ServiceAccount, JSON.parse(rawAccount))
      serviceAccount = { projectId: account.project_id, clientEmail: account.client_email, privateKey: account.private_key }
    } catch {
      problems.push('FIREBASE_SERVICE_ACCOUNT: must be the JSON key of a service account (project_id, client_email, private_key)')
    }
  }
  if (problems.length > 0 || !apiKey || !authDomain || !projectId || !suite || !publicUrl || !serviceAccount) {
    throw new ConfigError(`The production configuration is incomplete:\n- ${problems.join('\n- ')}`)
  }
  return {
    mode,
    firebaseWeb: { apiKey, authDomain, projectId, ...(appId ? { appId } : {}) },
    authEmulatorHost: null,
    serviceAccount,
    suiteUrl,
    publicUrl,
    session: { cookieName: '__Host-session', maxAgeSeconds, secure: true },
    recordTtlMs,
    pageDeadlineMs,
    drainSeconds,
    trustedProxies,
    services,
    botCheck,
    metrics,
    faultInjection: false,
    tracing,
  }
}

/** What start-up says as warnings about a configuration it accepts: a bot check switched off, every time the process starts. */
export function startupWarnings(config: PortalConfig): string[] {
  return config.botCheck === 'off'
    ? [
        'The bot check is OFF (BOT_CHECK=off): registration, sign-in links, campaign sign-ups and one-time codes are not protected from bots; set RECAPTCHA_SITE_KEY and unset BOT_CHECK to protect them',
      ]
    : []
}

let cached: PortalConfig | undefined

/** The configuration of this process (read on first use; start-up reads it at once). */
export function portalConfig(): PortalConfig {
  cached ??= readPortalConfig(process.env)
  return cached
}
