// Prometheus from Debian's packages, the metrics server of the scale tests, and its promtool that
// checks deploy/'s scrape configuration and alert rules: found (PROMETHEUS_PATH, PROMTOOL_PATH, or
// the package's binaries), installed as root with apt when missing, and run in the foreground with a
// configuration written for the test.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './auth-emulator.mjs'
import { canInstallWithApt, installDebianPackage } from './debian.mjs'

function find(variable, candidates) {
  const fromEnv = process.env[variable]
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined
  return candidates.find((path) => existsSync(path))
}

export const findPrometheus = () => find('PROMETHEUS_PATH', ['/usr/bin/prometheus', '/usr/local/bin/prometheus'])
export const findPromtool = () => find('PROMTOOL_PATH', ['/usr/bin/promtool', '/usr/local/bin/promtool'])

/** The paths of Prometheus and promtool; installs Debian's `prometheus` as root with apt when either is missing. */
export function ensurePrometheus(log = console.log) {
  const found = { prometheus: findPrometheus(), promtool: findPromtool() }
  if (found.prometheus && found.promtool) return found
  for (const variable of ['PROMETHEUS_PATH', 'PROMTOOL_PATH']) {
    if (process.env[variable] && !existsSync(process.env[variable]))
      throw new Error(`${variable} is set to ${process.env[variable]}, but there is no file there.`)
  }
  if (!canInstallWithApt()) {
    throw new Error(
      'The metrics tests need Prometheus and its promtool, and none was found.\n' +
        "Install Debian's package (as root: apt-get install prometheus), or point the tests at the binaries:\n" +
        '  PROMETHEUS_PATH=/path/to/prometheus PROMTOOL_PATH=/path/to/promtool npm test',
    )
  }
  log("Prometheus is missing: installing Debian's prometheus package (apt-get)…")
  installDebianPackage('prometheus')
  const installed = { prometheus: findPrometheus(), promtool: findPromtool() }
  if (!installed.prometheus || !installed.promtool)
    throw new Error('apt-get installed prometheus, but its prometheus and promtool binaries were not found afterwards.')
  return installed
}

/**
 * Runs Prometheus on 127.0.0.1 scraping each job's targets (job name → ports on 127.0.0.1, path
 * /metrics) every `scrapeIntervalSeconds`, its data in a directory of its own. Resolves once it
 * answers; query() asks its HTTP API, targets() lists what it scrapes, stop() ends it.
 * @param {{ jobs: Record<string, number[]>, scrapeIntervalSeconds?: number }} options
 */
export async function startPrometheus({ jobs, scrapeIntervalSeconds = 1 }) {
  const { prometheus } = ensurePrometheus()
  const dir = mkdtempSync(join(tmpdir(), 'prometheus-'))
  const port = await freePort()
  const config = join(dir, 'prometheus.yml')
  writeFileSync(
    config,
    [
      'global:',
      `  scrape_interval: ${scrapeIntervalSeconds}s`,
      `  scrape_timeout: ${scrapeIntervalSeconds}s`,
      'scrape_configs:',
      ...Object.entries(jobs).flatMap(([job, ports]) => [
        `  - job_name: ${job}`,
        '    static_configs:',
        `      - targets: [${ports.map((p) => `'127.0.0.1:${p}'`).join(', ')}]`,
      ]),
      '',
    ].join('\n'),
  )
  const child = spawn(prometheus, [`--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) break
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Prometheus stopped while starting:\n${output}`)
    if (Date.now() > deadline) throw new Error(`Prometheus did not answer within 90 s:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  /** @param {string} path @param {Record<string, string>} [params] */
  const api = async (path, params = {}) => {
    const response = await fetch(`${url}/api/v1/${path}?${new URLSearchParams(params)}`)
    const body = await response.json()
    if (body.status !== 'success') throw new Error(`Prometheus refused ${path} ${JSON.stringify(params)}: ${JSON.stringify(body)}`)
    return body.data
  }
  return {
    url,
    output: () => output,
    /**
     * An instant query's series: their labels and values.
     * @param {string} promql
     * @returns {Promise<Array<{ metric: Record<string, string>, value: number }>>}
     */
    async query(promql) {
      const data = await api('query', { query: promql })
      return data.result.map((/** @type {{ metric: Record<string, string>, value: [number, string] }} */ series) => ({
        metric: series.metric,
        value: Number(series.value[1]),
      }))
    },
    /** @returns {Promise<Array<{ job: string, instance: string, health: string, lastError: string }>>} */
    async targets() {
      const data = await api('targets')
      return data.activeTargets.map((/** @type {any} */ target) => ({
        job: target.labels.job,
        instance: target.labels.instance,
        health: target.health,
        lastError: target.lastError,
      }))
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
