// Starts the Firebase Auth emulator (local identity provider) from firebase-tools and waits until it answers.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const PROJECT_ID = 'demo-portal'
const root = resolve(import.meta.dirname, '../..')
const firebaseBin = join(root, 'node_modules/firebase-tools/lib/bin/firebase.js')

/** A port nobody listens on right now (so that test runs side by side do not collide). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * @param {object} options
 * @param {number} options.port       auth emulator port (loopback only); 0 picks a free one
 * @param {number} options.hubPort    emulator hub port; 0 picks a free one
 * @param {number} options.loggingPort emulator logging port; 0 picks a free one
 * @param {string} options.workDir    where its firebase.json and debug log live
 * @param {string} [options.dataDir]  keep users here across clean restarts (import + export on exit)
 * @param {(line: string) => void} [options.log]
 */
export async function startAuthEmulator({ port, hubPort, loggingPort, workDir, dataDir, log = () => {} }) {
  port ||= await freePort()
  hubPort ||= await freePort()
  loggingPort ||= await freePort()
  workDir = resolve(workDir)
  if (dataDir) dataDir = resolve(dataDir)
  mkdirSync(workDir, { recursive: true })
  const config = {
    emulators: {
      auth: { port, host: '127.0.0.1' },
      hub: { port: hubPort, host: '127.0.0.1' },
      logging: { port: loggingPort, host: '127.0.0.1' },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }
  const configPath = join(workDir, 'firebase.json')
  writeFileSync(configPath, JSON.stringify(config, null, 2))
  const args = [firebaseBin, 'emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', configPath]
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true })
    if (existsSync(join(dataDir, 'firebase-export-metadata.json'))) args.push('--import', dataDir)
    args.push('--export-on-exit', dataDir)
  }
  const child = spawn(process.execPath, args, {
    cwd: workDir,
    // With users to keep, its own process group: Ctrl-C in the terminal reaches only the script
    // that started it, whose stop() then sends exactly one SIGINT (firebase-tools treats a second
    // signal as "quit now", which can cut the export of users to dataDir short).
    detached: !!dataDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    // TMPDIR: firebase-tools finds "the" running hub of a project through a file in the temporary
    // directory; a directory of its own keeps two emulators of demo-portal (npm start and a test
    // run) from exporting each other's users.
    env: { ...process.env, TMPDIR: workDir, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', FIREBASE_SKIP_TELEMETRY: 'true' },
  })
  let output = ''
  const onData = (chunk) => {
    output += chunk
    for (const line of String(chunk).split('\n')) if (line.trim()) log(line)
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })))
  // Never outlive the script that started it, even when that script ends without calling stop().
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  void exited.then(() => process.off('exit', killOnExit))

  const host = `127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The Firebase Auth emulator stopped while starting:\n${output.slice(-2000)}`)
    // Listening is not enough: users from dataDir are imported after the port opens, and the
    // emulator says when it is done.
    if (/All emulators ready/.test(output)) {
      try {
        const response = await fetch(`http://${host}/`)
        if (response.ok) break
      } catch {
        // not listening yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`The Firebase Auth emulator did not answer on ${host} within 90 s:\n${output.slice(-2000)}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }

  return {
    host,
    projectId: PROJECT_ID,
    /**
     * Stops it cleanly (SIGINT) so that users are exported to dataDir; it is killed only once its
     * grace has passed: 20 s, or 90 s while it exports users to dataDir (a kill then loses them, and
     * the export takes longer on a busy machine).
     */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGINT')
      const timeout = setTimeout(() => child.kill('SIGKILL'), dataDir ? 90_000 : 20_000)
      await exited
      clearTimeout(timeout)
      // A throwaway emulator (no users to keep) leaves nothing behind.
      if (!dataDir) rmSync(workDir, { recursive: true, force: true })
    },
  }
}
