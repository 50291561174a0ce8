// The member API's logger: JSON lines in production (for the log pipeline), and lines a person
// reads in local mode, e.g. `12:01:02 INFO  GET /logistics/v1/members/member_info 200 4 ms`.
import pino, { type DestinationStream, type Logger } from 'pino'

export interface LoggerOptions {
  level: string
  mode: 'local' | 'production'
  /** Where lines go; standard output by default. */
  destination?: { write(line: string): unknown }
}

// Query parameters of a failed SQL statement can hold personal data; the statement itself is enough.
const REDACT = { paths: ['err.params', 'err.cause.params'], censor: '[redacted]' }

export function createLogger({ level, mode, destination = process.stdout }: LoggerOptions): Logger {
  if (mode === 'production') return pino({ level, base: { service: 'suite' }, redact: REDACT }, destination as DestinationStream)
  const readable: DestinationStream = { write: (line: string) => void destination.write(readableLine(line)) }
  return pino({ level, base: undefined, redact: REDACT }, readable)
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' }
/** Fields every line has, or that the line shows in its own way. */
const SHOWN_APART = new Set(['level', 'time', 'msg', 'err', 'service', 'pid', 'hostname'])

interface Entry {
  level?: number
  time?: number
  msg?: string
  err?: { type?: string; message?: string; stack?: string }
  [field: string]: unknown
}

const two = (n: number) => String(n).padStart(2, '0')

/**
 * One pino JSON line as a person reads it: local time, level, then the message and its fields as
 * key=value; a request as `GET /path 200 4 ms`; an error's stack on the lines below, indented.
 */
export function readableLine(json: string): string {
  let entry: Entry
  try {
    entry = JSON.parse(json) as Entry
  } catch {
    return json
  }
  const at = new Date(entry.time ?? Date.now())
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`
  const level = (LEVELS[entry.level ?? 30] ?? String(entry.level)).padEnd(5)
  const shown = new Set(SHOWN_APART)
  let text = entry.msg ?? ''
  if (entry.msg === 'request' && typeof entry.method === 'string' && typeof entry.path === 'string') {
    text = `${entry.method} ${entry.path} ${String(entry.status)} ${String(entry.ms)} ms`
    for (const field of ['method', 'path', 'status', 'ms', 'requestId', 'memberId']) shown.add(field)
  }
  const fields = Object.entries(entry)
    .filter(([key, value]) => !shown.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
  let line = `${time} ${level} ${[text, ...fields].filter(Boolean).join(' ')}`
  if (entry.err) {
    const stack = entry.err.stack ?? `${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}`
    line += `\n${stack.replace(/^/gm, '    ')}`
  }
  return `${line}\n`
}
