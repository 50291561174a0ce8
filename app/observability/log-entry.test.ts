import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { LogEntrySchema } from '#contract/logs'
import { createThrottle, describeError, frontEndLogEntry } from './log-entry'

describe('front-end log entry', () => {
  it('has the log collector fields and passes the contract', () => {
    const entry = frontEndLogEntry({ module: 'http://localhost:3000/en/reviews', uid: 'u1', log: 'boom', now: new Date('2026-11-22T10:11:12.345Z') })
    expect(entry).toMatchObject({
      type: 'front-end',
      severity: 'ERROR',
      user_auth: { type: 'member', roles: [], id: 'u1' },
      event_at: '2026-11-22 10:11:12.345',
    })
    expect(entry.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(v.safeParse(LogEntrySchema, entry).success).toBe(true)
  })

  it('keeps no query string in the page address (one-time codes live there)', () => {
    const entry = frontEndLogEntry({ module: 'http://localhost:3000/en/user/verify-email?mode=resetPassword&oobCode=SECRET', uid: null, log: 'x' })
    expect(entry.module).toBe('http://localhost:3000/en/user/verify-email')
  })

  it('writes non-errors readably', () => {
    expect(describeError('plain')).toBe('plain')
    expect(describeError({ code: 7 })).toBe('{"code":7}')
    expect(describeError(new Error('bad'))).toContain('bad')
  })
})

describe('throttle', () => {
  it('lets one identical error through per window', () => {
    let now = 0
    const pass = createThrottle(60_000, () => now)
    expect(pass('a')).toBe(true)
    expect(pass('a')).toBe(false)
    expect(pass('b')).toBe(true)
    now = 60_000
    expect(pass('a')).toBe(true)
  })
})
