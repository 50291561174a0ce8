import { describe, expect, it } from 'vitest'
import { readPortalConfig, startupWarnings } from './config.server'

const serviceAccount = JSON.stringify({
  project_id: 'tc-prod',
  client_email: 'portal@tc-prod.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
})
const production = {
  FIREBASE_API_KEY: 'key',
  FIREBASE_AUTH_DOMAIN: 'tc-prod.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'tc-prod',
  FIREBASE_SERVICE_ACCOUNT: serviceAccount,
  SUITE_URL: 'https://api.testerscircle.example',
  PORTAL_URL: 'https://testerscircle.example',
  RECAPTCHA_SITE_KEY: '6Lc-test-site-key-0000000',
}

describe('portal configuration', () => {
  it('runs in production unless local mode is asked for by name', () => {
    expect(() => readPortalConfig({})).toThrow(/FIREBASE_API_KEY/)
    expect(() => readPortalConfig({ PORTAL_MODE: 'dev' })).toThrow(/PORTAL_MODE/)
  })

  it('listens on loopback only in local mode', () => {
    expect(() => readPortalConfig({ PORTAL_MODE: 'local', HOST: '0.0.0.0' })).toThrow(/HOST must be a loopback address in local mode/)
    expect(readPortalConfig({ PORTAL_MODE: 'local', HOST: '127.0.0.1' }).mode).toBe('local')
  })

  it('needs nothing else in local mode and uses the emulator on loopback', () => {
    const config = readPortalConfig({ PORTAL_MODE: 'local' })
    expect(config.mode).toBe('local')
    expect(config.authEmulatorHost).toBe('127.0.0.1:9099')
    expect(config.firebaseWeb.projectId).toBe('demo-portal')
    expect(config.session.secure).toBe(false)
  })

  it('refuses an emulator that is not on loopback', () => {
    expect(() => readPortalConfig({ PORTAL_MODE: 'local', FIREBASE_AUTH_EMULATOR_HOST: '10.0.0.5:9099' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/)
  })

  it('reads a complete production configuration with secure cookies', () => {
    const config = readPortalConfig(production)
    expect(config.mode).toBe('production')
    expect(config.session).toMatchObject({ secure: true, cookieName: '__Host-session' })
    expect(config.serviceAccount?.projectId).toBe('tc-prod')
  })

  it('injects faults only where a test asks for it, and never in production', () => {
    expect(readPortalConfig({ PORTAL_MODE: 'local' }).faultInjection).toBe(false)
    expect(readPortalConfig({ PORTAL_MODE: 'local', PORTAL_FAULT_INJECTION: '1' }).faultInjection).toBe(true)
    expect(() => readPortalConfig({ ...production, PORTAL_FAULT_INJECTION: '1' })).toThrow(/PORTAL_FAULT_INJECTION/)
  })

  it('remembers a member’s revocation state 60 s by default, 0 to 60 s when set, in both modes', () => {
    expect(readPortalConfig({ PORTAL_MODE: 'local' }).recordTtlMs).toBe(60_000)
    expect(readPortalConfig(production).recordTtlMs).toBe(60_000)
    expect(readPortalConfig({ PORTAL_MODE: 'local', REVOCATION_CHECK_SECONDS: '0' }).recordTtlMs).toBe(0)
    expect(readPortalConfig({ ...production, REVOCATION_CHECK_SECONDS: '15' }).recordTtlMs).toBe(15_000)
    expect(() => readPortalConfig({ REVOCATION_CHECK_SECONDS: '61' })).toThrow(/REVOCATION_CHECK_SECONDS must be at most 60 seconds/)
    expect(() => readPortalConfig({ REVOCATION_CHECK_SECONDS: '1.5' })).toThrow(/REVOCATION_CHECK_SECONDS/)
    expect(() => readPortalConfig({ ...production, REVOCATION_CHECK_SECONDS: '-1' })).toThrow(/REVOCATION_CHECK_SECONDS/)
  })

  it('gives a page render 3 s for the member API by default, 0.5 to 10 s when set', () => {
    expect(readPortalConfig({ PORTAL_MODE: 'local' }).pageDeadlineMs).toBe(3_000)
    expect(readPortalConfig({ ...production, PAGE_DEADLINE_SECONDS: '1.5' }).pageDeadlineMs).toBe(1_500)
    expect(() => readPortalConfig({ ...production, PAGE_DEADLINE_SECONDS: '30' })).toThrow(/PAGE_DEADLINE_SECONDS must be at most 10 seconds/)
    expect(() => readPortalConfig({ PORTAL_MODE: 'local', PAGE_DEADLINE_SECONDS: '0.1' })).toThrow(/PAGE_DEADLINE_SECONDS must be at least 0.5/)
    expect(() => readPortalConfig({ PORTAL_MODE: 'local', PAGE_DEADLINE_SECONDS: 'soon' })).toThrow(/PAGE_DEADLINE_SECONDS must be a number/)
  })

  it('sends traces only when an OTLP endpoint is configured: the traces endpoint as it is, or the base endpoint with /v1/traces', () => {
    expect(readPortalConfig(production).tracing).toBeNull()
    expect(readPortalConfig({ PORTAL_MODE: 'local' }).tracing).toBeNull()
    expect(readPortalConfig({ ...production, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://10.0.4.10:4318/' }).tracing).toEqual({
      url: 'http://10.0.4.10:4318/v1/traces',
      serviceName: 'portal',
    })
    expect(
      readPortalConfig({
        PORTAL_MODE: 'local',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:9999/spans',
        OTEL_SERVICE_NAME: 'portal-eu-1',
      }).tracing,
    ).toEqual({ url: 'http://127.0.0.1:9999/spans', serviceName: 'portal-eu-1' })
    expect(() => readPortalConfig({ ...production, OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT must be an http/,
    )
    expect(() => readPortalConfig({ ...production, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SERVICE_NAME: 'a portal' })).toThrow(/OTEL_SERVICE_NAME/)
  })

  it('drains 5 s on SIGTERM in production and none locally, up to 60 s when set', () => {
    expect(readPortalConfig(production).drainSeconds).toBe(5)
    expect(readPortalConfig({ PORTAL_MODE: 'local' }).drainSeconds).toBe(0)
    expect(readPortalConfig({ PORTAL_MODE: 'local', SHUTDOWN_DRAIN_SECONDS: '2' }).drainSeconds).toBe(2)
    expect(() => readPortalConfig({ ...production, SHUTDOWN_DRAIN_SECONDS: '61' })).toThrow(/SHUTDOWN_DRAIN_SECONDS must be at most 60 seconds/)
    expect(() => readPortalConfig({ ...production, SHUTDOWN_DRAIN_SECONDS: '1.5' })).toThrow(/SHUTDOWN_DRAIN_SECONDS must be a whole number/)
  })

  it('knows its public address: required in production, localhost:3000 locally, an origin without a path', () => {
    expect(readPortalConfig(production).publicUrl).toBe('https://testerscircle.example')
    expect(readPortalConfig({ ...production, PORTAL_URL: 'https://testerscircle.example/' }).publicUrl).toBe('https://testerscircle.example')
    expect(readPortalConfig({ PORTAL_MODE: 'local' }).publicUrl).toBe('http://localhost:3000')
    expect(readPortalConfig({ PORTAL_MODE: 'local', PORTAL_URL: 'http://127.0.0.1:4100' }).publicUrl).toBe('http://127.0.0.1:4100')
    const { PORTAL_URL: _url, ...withoutUrl } = production
    expect(() => readPortalConfig(withoutUrl)).toThrow(/PORTAL_URL is required in production/)
    expect(() => readPortalConfig({ ...production, PORTAL_URL: 'testerscircle.example' })).toThrow(/PORTAL_URL/)
    expect(() => readPortalConfig({ ...production, PORTAL_URL: 'https://testerscircle.example/en' })).toThrow(/PORTAL_URL must be an http\(s\) origin/)
  })

  it('serves metrics only when METRICS_PORT is set, on loopback unless METRICS_HOST says otherwise, never on the pages’ port', () => {
    const local = { PORTAL_MODE: 'local', HOST: '127.0.0.1' }
    expect(readPortalConfig(local).metrics).toBeNull()
    expect(readPortalConfig(production).metrics).toBeNull()
    expect(readPortalConfig({ ...local, METRICS_PORT: '9465' }).metrics).toEqual({ host: '127.0.0.1', port: 9465 })
    expect(readPortalConfig({ ...production, METRICS_PORT: '9465', METRICS_HOST: '10.0.1.21' }).metrics).toEqual({ host: '10.0.1.21', port: 9465 })
    expect(() => readPortalConfig({ ...local, METRICS_PORT: 'x' })).toThrow(/METRICS_PORT must be a port number/)
    expect(() => readPortalConfig({ ...local, METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/)
    expect(() => readPortalConfig({ ...production, PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT \(8080\)/)
    expect(() => readPortalConfig({ ...local, METRICS_HOST: '127.0.0.1' })).toThrow(/METRICS_HOST is set without METRICS_PORT/)
    expect(() => readPortalConfig({ ...local, METRICS_PORT: '9465', METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST must be a loopback address in local mode/)
  })

  it('believes X-Forwarded-For only from the proxies it names', () => {
    expect(readPortalConfig(production).trustedProxies).toEqual([])
    expect(readPortalConfig({ ...production, TRUSTED_PROXIES: '10.0.1.10,10.0.1.11' }).trustedProxies).toEqual(['10.0.1.10', '10.0.1.11'])
    expect(() => readPortalConfig({ ...production, TRUSTED_PROXIES: 'balancer.internal' })).toThrow(/TRUSTED_PROXIES must be IP addresses/)
  })

  it('needs the bot check in production unless BOT_CHECK=off switches it off by name, and then warns at start', () => {
    expect(readPortalConfig(production).botCheck).toBe('on')
    expect(startupWarnings(readPortalConfig(production))).toEqual([])
    const { RECAPTCHA_SITE_KEY: _key, ...withoutKey } = production
    expect(() => readPortalConfig(withoutKey)).toThrow(/RECAPTCHA_SITE_KEY: required in production/)
    expect(() => readPortalConfig({ ...withoutKey, BOT_CHECK: 'on' })).toThrow(/RECAPTCHA_SITE_KEY: required in production/)
    const off = readPortalConfig({ ...withoutKey, BOT_CHECK: 'off' })
    expect(off.botCheck).toBe('off')
    expect(startupWarnings(off)).toEqual([expect.stringMatching(/^The bot check is OFF \(BOT_CHECK=off\)/)])
    expect(() => readPortalConfig({ ...withoutKey, BOT_CHECK: 'false' })).toThrow(/BOT_CHECK must be "on" or "off"/)
    expect(() => readPortalConfig({ ...production, BOT_CHECK: 'off' })).toThrow(/BOT_CHECK=off turns the bot check off, yet RECAPTCHA_SITE_KEY is set/)
    // Local mode sends the local test token without a site key, as before.
    expect(readPortalConfig({ PORTAL_MODE: 'local' }).botCheck).toBe('on')
  })

  it('refuses the emulator variable in production', () => {
    expect(() => readPortalConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/local mode only/)
  })

  it('names each missing production setting', () => {
    const { FIREBASE_API_KEY: _key, FIREBASE_SERVICE_ACCOUNT: _account, ...incomplete } = production
    let message = ''
    try {
      readPortalConfig(incomplete)
    } catch (error) {
      message = String(error)
    }
    expect(message).toMatch(/FIREBASE_API_KEY/)
    expect(message).toMatch(/FIREBASE_SERVICE_ACCOUNT/)
  })
})
