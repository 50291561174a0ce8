import { describe, expect, it } from 'vitest'
import { RECENT_SIGN_IN_SECONDS } from '#contract/auth'
import { bearerWithinSession, cookieLifetime, MIN_COOKIE_SECONDS } from './session-policy'

const nowMs = Date.UTC(2026, 10, 23, 12, 0, 0)
const nowSec = nowMs / 1000
const day = 24 * 60 * 60
const base = { uid: 'ann', nowMs, maxAgeSeconds: 5 * day }

describe('cookieLifetime', () => {
  it('gives a recent sign-in the full session length, whatever cookie is there', () => {
    expect(cookieLifetime({ ...base, authTimeSec: nowSec, existing: null })).toEqual({ expiresInMs: 5 * day * 1000 })
    expect(cookieLifetime({ ...base, authTimeSec: nowSec - RECENT_SIGN_IN_SECONDS, existing: { uid: 'ann', expSec: nowSec + 600 } })).toEqual({
      expiresInMs: 5 * day * 1000,
    })
  })

  it('refuses an older sign-in without a session to renew', () => {
    expect(cookieLifetime({ ...base, authTimeSec: nowSec - RECENT_SIGN_IN_SECONDS - 1, existing: null })).toEqual({ refused: 'reauthenticate' })
  })

  it('renews the same member’s session with its end date unchanged', () => {
    const existing = { uid: 'ann', expSec: nowSec + 3 * day }
    expect(cookieLifetime({ ...base, authTimeSec: nowSec - 2 * day, existing })).toEqual({ expiresInMs: 3 * day * 1000 })
  })

  it('never renews another member’s session, nor one about to end', () => {
    expect(cookieLifetime({ ...base, authTimeSec: nowSec - 3600, existing: { uid: 'ben', expSec: nowSec + day } })).toEqual({ refused: 'reauthenticate' })
    expect(cookieLifetime({ ...base, authTimeSec: nowSec - 3600, existing: { uid: 'ann', expSec: nowSec + MIN_COOKIE_SECONDS - 1 } })).toEqual({
      refused: 'reauthenticate',
    })
    expect(cookieLifetime({ ...base, authTimeSec: nowSec - 3600, existing: { uid: 'ann', expSec: nowSec + MIN_COOKIE_SECONDS } })).toEqual({
      expiresInMs: MIN_COOKIE_SECONDS * 1000,
    })
  })
})

describe('bearerWithinSession', () => {
  it('accepts an ID token only while its sign-in is younger than the session length', () => {
    expect(bearerWithinSession(nowSec - 5 * day, nowMs, 5 * day)).toBe(true)
    expect(bearerWithinSession(nowSec - 5 * day - 1, nowMs, 5 * day)).toBe(false)
  })
})
