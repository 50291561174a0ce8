// A streaming replica of the local PostgreSQL server, for the tests that need a real one: a base
// backup of the primary (pg_basebackup, with its own replication slot) started as a hot standby on
// a free port of 127.0.0.1, run as the `postgres` user (PostgreSQL refuses to run as root). The
// primary must accept replication connections from 127.0.0.1: the line is added to its pg_hba.conf
// (and the configuration reloaded, no restart) when it is missing. Debian's PostgreSQL tools only.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, appendFileSync, rmSync, chmodSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { freePort } from './auth-emulator.mjs'

const REPLICATION_LINE = 'host replication all 127.0.0.1/32 trust'

/** The directory of the server's own tools (pg_basebackup, pg_ctl), or null. */
function postgresBin() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0]
  const bin = version && join(root, version, 'bin')
  return bin && existsSync(join(bin, 'pg_basebackup')) && existsSync(join(bin, 'pg_ctl')) ? bin : null
}

/** Why a replica cannot be made here, or null when it can (root, Debian's tools, runuser). */
export function replicaUnavailable() {
  if (process.getuid?.() !== 0) return 'making a replica needs root (to run PostgreSQL as the postgres user and allow replication)'
  if (!postgresBin()) return "Debian's PostgreSQL server tools (pg_basebackup, pg_ctl) are not installed"
  try {
    execFileSync('runuser', ['--help'], { stdio: 'ignore' })
  } catch {
    return 'runuser is not available'
  }
  return null
}

const asPostgres = (command, args, options = {}) => execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe', ...options })

/**
 * Starts a replica of the server at `primaryUrl` (a superuser's address on 127.0.0.1). Resolves to
 * its port, a way to pause and resume its replay, and stop(): the replica stopped, its slot dropped
 * on the primary, its files removed.
 * @param {string} primaryUrl
 */
export async function startReplica(primaryUrl) {
  const unavailable = replicaUnavailable()
  if (unavailable) throw new Error(`No replica: ${unavailable}`)
  const bin = postgresBin()
  const primary = new URL(primaryUrl)
  const admin = postgres(primaryUrl, { max: 1, onnotice: () => {} })
  const slot = `test_replica_${process.pid}_${Date.now().toString(36)}`
  const dir = mkdtempSync(join(tmpdir(), 'pg-replica-'))
  let started = false
  const stop = async ({ immediate = false } = {}) => {
    if (started) {
      try {
        asPostgres(join(bin, 'pg_ctl'), ['-D', dir, '-m', immediate ? 'immediate' : 'fast', '-w', 'stop'])
      } catch {
        // already stopped
      }
      started = false
    }
    await admin`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = ${slot}`.catch(() => {})
  }
  try {
    const [{ hba_file: hbaFile }] = await admin`show hba_file`
    const allowed = readFileSync(hbaFile, 'utf8')
      .split('\n')
      .some((line) => line.trim().split(/\s+/).join(' ') === REPLICATION_LINE)
    if (!allowed) {
      appendFileSync(hbaFile, `\n# Added by the project's tests (scripts/lib/pg-replica.mjs): replicas on this machine.\n${REPLICATION_LINE}\n`)
      await admin`select pg_reload_conf()`
    }
    chmodSync(dir, 0o700)
    execFileSync('chown', ['postgres:postgres', dir])
    asPostgres(join(bin, 'pg_basebackup'), [
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      decodeURIComponent(primary.username || 'postgres'),
      '-D',
      dir,
      '-R',
      '-X',
      'stream',
      '-C',
      '-S',
      slot,
      '-c',
      'fast',
    ])
    const port = await freePort()
    // Debian keeps a cluster's configuration outside its data directory: the copy gets its own.
    asPostgres('sh', [
      '-c',
      `printf '%s\\n' 'port = ${port}' "listen_addresses = '127.0.0.1'" 'hot_standby = on' "unix_socket_directories = '${dir}'" > '${dir}/postgresql.conf'` +
        ` && printf '%s\\n' 'local all all trust' 'host all all 127.0.0.1/32 trust' > '${dir}/pg_hba.conf'`,
    ])
    asPostgres(join(bin, 'pg_ctl'), ['-D', dir, '-l', join(dir, 'server.log'), '-w', 'start'])
    started = true
    const replicaUrl = (database) => {
      const url = new URL(primaryUrl)
      url.port = String(port)
      if (database) url.pathname = `/${database}`
      return url.toString()
    }
    const onReplica = async (statement) => {
      const sql = postgres(replicaUrl(), { max: 1, onnotice: () => {} })
      try {
        await sql.unsafe(statement)
      } finally {
        await sql.end()
      }
    }
    return {
      port,
      url: replicaUrl,
      /** Holds the replica where it is (replay paused), as a replica that lags. */
      pause: () => onReplica('select pg_wal_replay_pause()'),
      resume: () => onReplica('select pg_wal_replay_resume()'),
      async stop(options) {
        await stop(options)
        await admin.end()
        rmSync(dir, { recursive: true, force: true })
      },
      /** Stops the replica as a crash would, leaving the rest to stop(). */
      crash: () => stop({ immediate: true }),
    }
  } catch (error) {
    await stop()
    await admin.end()
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}
