// The deployment examples stay true: HAProxy accepts its configuration, with the checks the scale
// tests run with, each program accepts its example settings as a production configuration, and the
// member API's unit runs the file its build makes, with plain node.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readPortalConfig } from '../app/config/config.server'
import { MEMBER_API_OUTPUT_DIR, MEMBER_API_SERVER } from '../scripts/build-suite.mjs'
import { findHaproxy } from '../scripts/lib/haproxy.mjs'
import { findPromtool } from '../scripts/lib/prometheus.mjs'
import { loadConfig } from '../suite/config'

const here = import.meta.dirname
/**
 * KEY=value lines; comments and blank lines skipped (systemd's EnvironmentFile reads them so).
 * `uncomment` takes the optional settings whose commented-out line it matches as set.
 */
function envFile(name: string, uncomment?: RegExp): Record<string, string> {
  return Object.fromEntries(
    readFileSync(join(here, name), 'utf8')
      .split('\n')
      .map((line) => (uncomment?.test(line) ? line.replace(/^# /, '') : line))
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  )
}

describe('the deployment examples', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-check-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('portal.env.example is a complete production configuration of the portal', () => {
    const config = readPortalConfig(envFile('portal.env.example'))
    expect(config).toMatchObject({ mode: 'production', suiteUrl: 'http://10.0.2.10:8787', drainSeconds: 5, trustedProxies: ['10.0.1.10'] })
    // Metrics on a port of their own, on the machine's private address the balancer never forwards to.
    expect(config.metrics).toEqual({ host: '10.0.1.11', port: 9465 })
  })

  it('member-api.env.example is a complete production configuration of the member API', () => {
    const config = loadConfig(envFile('member-api.env.example'))
    expect(config.mode).toBe('production')
    expect(config.photos.kind).toBe('s3')
    expect(config.drainSeconds).toBe(5)
    expect(config.metrics).toEqual({ host: '10.0.2.21', port: 9464 })
  })

  it("both examples' optional trace setting, once set, sends each program's traces to the collector", () => {
    expect(readPortalConfig(envFile('portal.env.example')).tracing).toBeNull()
    expect(loadConfig(envFile('member-api.env.example')).tracing).toBeNull()
    const collector = 'http://10.0.4.10:4318/v1/traces'
    expect(readPortalConfig(envFile('portal.env.example', /^# OTEL_/)).tracing).toEqual({ url: collector, serviceName: 'portal' })
    expect(loadConfig(envFile('member-api.env.example', /^# OTEL_/)).tracing).toEqual({ url: collector, serviceName: 'member-api' })
  })

  it("the member API's unit runs its build with plain node, from the release's folder", () => {
    const unit = readFileSync(join(here, 'systemd/testers-member-api.service'), 'utf8')
    const setting = (name: string) => unit.match(new RegExp(`^${name}=(.*)$`, 'm'))?.[1]
    const release = setting('WorkingDirectory')
    expect(release).toBe('/opt/testers-circle')
    // The file scripts/build-suite.mjs writes (build-suite.test.ts starts it from a release folder),
    // relative to the checkout as it is to the release.
    const server = relative(join(here, '..'), join(MEMBER_API_OUTPUT_DIR, MEMBER_API_SERVER))
    expect(setting('ExecStart')).toBe(`${release}/node_modules/.bin/node --enable-source-maps ${server}`)
    // No TypeScript at run time: tsx is a development tool, and the machine has only the dependencies.
    expect(unit).not.toMatch(/tsx|suite\/server\.ts/)
  })

  /** Prometheus's scrape configuration names every process's metrics address of the env examples and the balancer's servers. */
  it('prometheus.yml scrapes each portal and member API of haproxy.cfg on its metrics port', () => {
    const scrape = readFileSync(join(here, 'prometheus/prometheus.yml'), 'utf8')
    const servers = [...readFileSync(join(here, 'haproxy.cfg'), 'utf8').matchAll(/server \w+ ([\d.]+):(3000|8787) check/g)]
    expect(servers.length).toBe(6)
    for (const [, host, port] of servers)
      expect(scrape).toContain(`'${host}:${port === '3000' ? envFile('portal.env.example').METRICS_PORT : envFile('member-api.env.example').METRICS_PORT}'`)
    expect(scrape).toContain('testers-circle.rules.yml')
  })

  // The test command (scripts/test.mjs) installs Debian's prometheus, which brings promtool; run alone without it, this is skipped.
  it.skipIf(!findPromtool())(
    "the scrape configuration and the alert rules are accepted by promtool, and each alert fires on the trouble it watches (skipped without promtool: PROMTOOL_PATH or Debian's prometheus)",
    () => {
      const promtool = findPromtool()!
      const prometheus = join(here, 'prometheus')
      for (const args of [
        ['check', 'config', 'prometheus.yml'],
        ['check', 'rules', 'testers-circle.rules.yml'],
        ['test', 'rules', 'testers-circle.rules.test.yml'],
      ]) {
        const check = spawnSync(promtool, args, { cwd: prometheus, encoding: 'utf8' })
        expect(check.status, `promtool ${args.join(' ')}: ${check.stderr}${check.stdout}`).toBe(0)
      }
    },
  )

  const hasOpenssl = spawnSync('openssl', ['version']).status === 0
  it.skipIf(!findHaproxy() || !hasOpenssl)('haproxy.cfg is accepted by HAProxy, checking readiness as the scale tests do', () => {
    const cfg = readFileSync(join(here, 'haproxy.cfg'), 'utf8')
    for (const line of [
      'timeout check 2s',
      'retry-on conn-failure empty-response response-timeout',
      'option redispatch 1',
      'http-check send meth GET uri /readyz',
    ]) {
      expect(cfg).toContain(line)
    }
    expect(cfg).toMatch(/default-server inter 1s fall 3 rise 1/)
    // A certificate of this machine's stands in (a check parses and loads it, binding nothing).
    const pem = join(dir, 'portal.pem')
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=portal.test', '-days', '1', '-keyout', pem, '-out', pem], {
      stdio: 'ignore',
    })
    const local = cfg.replace('/etc/haproxy/certs/portal.pem', pem).replace('log /dev/log local0', 'log stdout local0')
    writeFileSync(join(dir, 'haproxy.cfg'), local)
    const check = spawnSync(findHaproxy()!, ['-c', '-f', join(dir, 'haproxy.cfg')], { encoding: 'utf8' })
    expect(check.status, check.stderr + check.stdout).toBe(0)
  })
})
