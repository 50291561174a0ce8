// Small process supervisor for the start and test scripts: spawn, wait until a URL answers, stop cleanly.
import { spawn } from 'node:child_process'
import { createWriteStream, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Waits until `url` answers with any HTTP status below 500.
 * @param {string} url
 * @param {{ timeoutMs?: number, isAlive?: () => boolean }} [options]
 */
export async function waitForHttp(url, { timeoutMs = 90_000, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const response = await fetch(url, { redirect: 'manual' })
      if (response.status < 500) return
    } catch {
      // not listening yet
    }
    if (!isAlive()) throw new Error(`${url}: the process serving it stopped`)
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * Starts `node <args>` with the project's Node (this process's), prefixing its output with `name`.
 * Returns a handle whose stop() sends SIGTERM and waits for the exit. With `logFile`, everything the
 * process prints is also kept in that file (quiet or not), for a failed test to quote. With
 * `launcher`, node is started through that command (`['valgrind', '--tool=callgrind']`).
 * @param {string} name
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, quiet?: boolean, cwd?: string, logFile?: string, launcher?: string[] }} [options]
 */
export function startNode(name, args, { env = {}, quiet = false, cwd, logFile, launcher = [] } = {}) {
  const command = launcher.length > 0 ? String(launcher[0]) : process.execPath
  const commandArgs = launcher.length > 0 ? [...launcher.slice(1), process.execPath, ...args] : args
  const child = spawn(command, commandArgs, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  let tail = ''
  const log = logFile ? (mkdirSync(dirname(logFile), { recursive: true }), createWriteStream(logFile, { flags: 'a' })) : null
  /** Lines not yet complete, per stream, and who waits for a line: see waitForLine. */
  const partial = { stdout: '', stderr: '' }
  /** @type {Array<{ pattern: RegExp, resolve: (line: string) => void }>} */
  let waiters = []
  const match = (line) => {
    waiters = waiters.filter((waiter) => {
      if (!waiter.pattern.test(line)) return true
      waiter.resolve(line)
      return false
    })
  }
  const forward = (stream, key) => (chunk) => {
    tail = (tail + chunk).slice(-4000)
    log?.write(chunk)
    const lines = (partial[key] + chunk).split('\n')
    partial[key] = lines.pop() ?? ''
    if (waiters.length > 0) for (const line of lines) match(line)
    if (quiet) return
    for (const line of String(chunk).split('\n')) if (line.trim()) stream.write(`[${name}] ${line}\n`)
  }
  child.stdout.on('data', forward(process.stdout, 'stdout'))
  child.stderr.on('data', forward(process.stderr, 'stderr'))
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  void exited.then(() => log?.end())
  return {
    name,
    child,
    exited,
    output: () => tail,
    isAlive: () => child.exitCode === null && child.signalCode === null,
    /**
     * Resolves with the first line the process prints from now on that matches `pattern` (what the
     * process says it did, rather than a guess at how long it takes); rejects if it exits first.
     * @param {RegExp} pattern
     * @returns {Promise<string>}
     */
    waitForLine(pattern) {
      return new Promise((resolve, reject) => {
        const waiter = { pattern, resolve }
        waiters.push(waiter)
        void exited.then(() => {
          if (waiters.includes(waiter)) reject(new Error(`${name} exited without printing ${pattern}:\n${tail}`))
        })
      })
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill(signal)
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(command, args, { env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}
