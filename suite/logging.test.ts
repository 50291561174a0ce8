// Local logs are lines a person reads; production logs stay JSON.
import { describe, expect, it } from 'vitest'
import { createLogger, readableLine } from './logging'

function capture(mode: 'local' | 'production', level = 'info') {
  const lines: string[] = []
  const logger = createLogger({ level, mode, destination: { write: (line: string) => lines.push(line) } })
  return { logger, lines }
}

const at = (h: number, m: number, s: number) => new Date(2026, 0, 1, h, m, s).getTime()

describe('readable local log lines', () => {
  it('shows a request as method, path, status and time taken', () => {
    const json = JSON.stringify({
      level: 30,
      time: at(12, 1, 2),
      requestId: 'r-1',
      memberId: 'm-1',
      method: 'GET',
      path: '/logistics/v1/members/member_info',
      status: 200,
      ms: 4,
      msg: 'request',
    })
    expect(readableLine(json)).toBe('12:01:02 INFO  GET /logistics/v1/members/member_info 200 4 ms\n')
  })

  it('shows other messages with their fields as key=value', () => {
    const json = JSON.stringify({ level: 40, time: at(9, 5, 0), requestId: 'r-2', attempts: 3, to: { kind: 'email' }, msg: 'delivery retried' })
    expect(readableLine(json)).toBe('09:05:00 WARN  delivery retried requestId=r-2 attempts=3 to={"kind":"email"}\n')
  })

  it('puts an error’s stack on the lines below, indented', () => {
    const json = JSON.stringify({
      level: 50,
      time: at(23, 59, 59),
      requestId: 'r-3',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here (file.ts:1:1)' },
      msg: 'unhandled error',
    })
    expect(readableLine(json)).toBe('23:59:59 ERROR unhandled error requestId=r-3\n    Error: boom\n        at here (file.ts:1:1)\n')
  })

  it('is what the local logger writes, at its level', () => {
    const { logger, lines } = capture('local')
    logger.info({ url: 'http://127.0.0.1:8787' }, 'suite listening')
    logger.debug('not shown at info')
    logger.child({ requestId: 'r-4' }).error({ err: new Error('db down') }, 'unhandled error')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}suite listening url=http:\/\/127\.0\.0\.1:8787\n$/)
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d ERROR unhandled error requestId=r-4\n {4}Error: db down\n {8}at /)
    // The parameters of a failed statement stay out of the log, as in production.
    logger.error({ err: Object.assign(new Error('insert failed'), { params: ['someone@example.com'] }) }, 'failed')
    expect(lines[2]).not.toContain('someone@example.com')
  })
})

describe('production logs', () => {
  it('are JSON lines with the service name, and redact statement parameters', () => {
    const { logger, lines } = capture('production')
    logger.child({ requestId: 'r-5' }).info({ method: 'GET', path: '/healthz', status: 200, ms: 1 }, 'request')
    logger.error({ err: Object.assign(new Error('insert failed'), { params: ['someone@example.com'] }) }, 'failed')
    const [request, failed] = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(request).toMatchObject({ level: 30, service: 'suite', requestId: 'r-5', method: 'GET', path: '/healthz', status: 200, msg: 'request' })
    expect(failed).toMatchObject({ err: { params: '[redacted]' } })
  })
})
