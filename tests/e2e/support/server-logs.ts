// What the run's servers printed, kept per server under test-results/servers, so that a test that
// fails because a page could not load can say what the member API and the portals said meanwhile.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'

const logDir = resolve(import.meta.dirname, '../../../test-results/servers')

/** The file a server of this run keeps its output in (appended to when a test starts one twice). */
export function serverLog(name: string): string {
  return resolve(logDir, `${name}.log`)
}

/** At the start of a run: the last run's logs go. */
export function clearServerLogs(): void {
  rmSync(logDir, { recursive: true, force: true })
}

/** A line worth quoting: a warning or an error, or an answer of 5xx. */
const NOTEWORTHY = /\b(WARN|ERROR|FATAL)\b|"level":(40|50|60)\b| 5\d\d \d+ ms|\b(Error|TimeoutError|ECONNRESET|ECONNREFUSED)\b/

/** The last noteworthy lines of every server log of the run (at most `count` per server), for a failure message. */
export function noteworthyServerLines(count = 8): string {
  if (!existsSync(logDir)) return ''
  const parts: string[] = []
  for (const file of readdirSync(logDir).filter((name) => name.endsWith('.log'))) {
    const lines = readFileSync(resolve(logDir, file), 'utf8')
      .split('\n')
      .filter((line) => NOTEWORTHY.test(line))
      .slice(-count)
      .map((line) => `  ${line.slice(0, 400)}`)
    if (lines.length > 0) parts.push(`${file}:\n${lines.join('\n')}`)
  }
  return parts.join('\n')
}
