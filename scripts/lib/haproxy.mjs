// HAProxy from Debian's packages, the load balancer of the tests that run several processes:
// found (HAPROXY_PATH, or the package's binary), installed as root with apt when missing, and run
// in the foreground with a configuration written for the test.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './auth-emulator.mjs'
import { canInstallWithApt, installDebianPackage } from './debian.mjs'

const CANDIDATES = ['/usr/sbin/haproxy', '/usr/bin/haproxy']

export function findHaproxy() {
  const fromEnv = process.env.HAPROXY_PATH
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined
  return CANDIDATES.find((path) => existsSync(path))
}

/** The path of HAProxy; installs Debian's `haproxy` as root with apt when none is found. */
export function ensureHaproxy(log = console.log) {
  const found = findHaproxy()
  if (found) return found
  if (process.env.HAPROXY_PATH) throw new Error(`HAPROXY_PATH is set to ${process.env.HAPROXY_PATH}, but there is no file there.`)
  if (!canInstallWithApt()) {
    throw new Error(
      'The load-balancer tests need HAProxy, and none was found.\n' +
        "Install Debian's package (as root: apt-get install haproxy), or point the tests at a haproxy binary:\n" +
        '  HAPROXY_PATH=/path/to/haproxy npm test',
    )
  }
  log("HAProxy is missing: installing Debian's haproxy package (apt-get)…")
  installDebianPackage('haproxy')
  const installed = findHaproxy()
  if (!installed) throw new Error('apt-get installed haproxy, but no haproxy binary was found afterwards.')
  return installed
}

/**
 * Balances HTTP on 127.0.0.1:`port` across `servers` (name → port), round robin, each checked on
 * GET `checkPath` every 500 ms (out after 3 failed checks, back after 1 good one; a check may
 * take 15 s, as a busy process's answers do on a busy machine). A request whose
 * server refused the connection, closed it without an answer or timed out is tried on another
 * (`retry-on`, `redispatch`), as a production balancer is set up in front of the member API (README).
 * Answers carry `x-served-by` with the server's name; served() tells how many requests each server
 * got and waitUntilUp() waits for a server to be in the rotation (HAProxy's statistics page, on a
 * port of its own). Resolves once HAProxy runs; stop() ends it.
 * @param {{ port: number, servers: Record<string, number>, checkPath: string }} options
 */
export async function startHaproxy({ port, servers, checkPath }) {
  const binary = ensureHaproxy()
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-'))
  const statsPort = await freePort()
  const config = join(dir, 'haproxy.cfg')
  writeFileSync(
    config,
    [
      'global',
      '    maxconn 4096',
      'defaults',
      '    mode http',
      '    timeout connect 2s',
      '    timeout client 30s',
      '    timeout server 30s',
      // Production allows a check 2 s (deploy/haproxy.cfg). Here every process, the balancer and the
      // load share two cores, so one process carrying a hundred members alone answers its check after
      // the pages queued before it, seconds on a busy machine: a short limit would take a process out
      // for being slow and leave no server at all. Taking a draining process out does not depend on
      // this: its 503 is an answer.
      '    timeout check 15s',
      '    retries 3',
      '    option redispatch 1',
      '    retry-on conn-failure empty-response response-timeout',
      'frontend web',
      `    bind 127.0.0.1:${port}`,
      '    default_backend app',
      'backend app',
      '    balance roundrobin',
      '    option httpchk',
      `    http-check send meth GET uri ${checkPath}`,
      '    http-check expect status 200',
      '    default-server inter 500 fall 3 rise 1',
      '    http-response set-header x-served-by %s',
      ...Object.entries(servers).map(([name, serverPort]) => `    server ${name} 127.0.0.1:${serverPort} check`),
      'listen stats',
      `    bind 127.0.0.1:${statsPort}`,
      '    stats enable',
      '    stats uri /stats',
      '',
    ].join('\n'),
  )
  const check = spawnSync(binary, ['-c', '-q', '-f', config], { encoding: 'utf8' })
  if (check.status !== 0) throw new Error(`HAProxy refused its configuration: ${check.stderr || check.stdout}`)
  const child = spawn(binary, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  /** HAProxy's statistics of each server of the backend, by name: column name → value. */
  const serverStats = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text()
    const [header = '', ...rows] = csv.trim().split('\n')
    const columns = header.replace(/^# /, '').split(',')
    /** @type {Record<string, Record<string, string>>} */
    const stats = {}
    for (const row of rows.map((line) => line.split(','))) {
      const named = Object.fromEntries(columns.map((column, i) => [column, row[i] ?? '']))
      if (named.pxname === 'app' && named.svname in servers) stats[named.svname] = named
    }
    return stats
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    /** Requests each server was sent so far, by name. */
    async served() {
      return Object.fromEntries(Object.entries(await serverStats()).map(([name, row]) => [name, Number(row.stot)]))
    },
    /**
     * Resolves once HAProxy's own checks count server `name` in the rotation (status UP): what a
     * test waits for after starting a process, rather than a guess at how long the checks take.
     * @param {string} name
     * @param {{ timeoutMs?: number }} [options]
     */
    async waitUntilUp(name, { timeoutMs = 60_000 } = {}) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const status = (await serverStats())[name]?.status
        if (status === 'UP') return
        if (Date.now() > deadline) throw new Error(`HAProxy did not take ${name} back within ${timeoutMs / 1000} s (status ${status}):\n${output}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
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
