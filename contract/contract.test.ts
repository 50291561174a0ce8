import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  AddressInputSchema,
  CAMPAIGN_PARTICIPATION_PATH,
  ErrorEnvelopeSchema,
  LogEntrySchema,
  ReviewBodySchema,
  UpdateProfileBodySchema,
  envelope,
  fieldErrors,
  fillPath,
  formatEventAt,
  isValidIban,
  IsoDate,
  MemberSummarySchema,
} from './index'

describe('envelope', () => {
  it('accepts OK answers and typed errors, and rejects unknown keys', () => {
    const schema = envelope(v.strictObject({ n: v.number() }))
    expect(v.is(schema, { status: 'OK', data: { n: 1 } })).toBe(true)
    expect(v.is(schema, { status: 'NOT_FOUND', message: 'No such campaign' })).toBe(true)
    expect(v.is(schema, { status: 'OK', data: { n: 1, extra: true } })).toBe(false)
    expect(v.is(ErrorEnvelopeSchema, { status: 'TEAPOT', message: 'x' })).toBe(false)
  })

  it('turns issues into field errors keyed by path', () => {
    const result = v.safeParse(AddressInputSchema, { name: '', line1: 'x', postalCode: '1', city: 'Berlin', country: 'DE' })
    expect(result.success).toBe(false)
    if (result.success) return
    const fields = fieldErrors(result.issues)
    expect(Object.keys(fields).sort()).toEqual(['name', 'postalCode'])
  })
})

describe('schemas', () => {
  it('rejects unknown fields on input', () => {
    const ok = { name: 'Ada Lovelace', line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' }
    expect(v.is(AddressInputSchema, ok)).toBe(true)
    expect(v.is(AddressInputSchema, { ...ok, admin: true })).toBe(false)
  })

  it('takes a date only if the calendar has that day', () => {
    expect(v.is(IsoDate, '2024-02-29')).toBe(true)
    expect(v.is(IsoDate, '2023-02-29')).toBe(false)
    expect(v.is(IsoDate, '1990-02-30')).toBe(false)
    expect(v.is(IsoDate, '1990-04-31')).toBe(false)
    expect(v.is(IsoDate, '17/05/1990')).toBe(false)
  })

  it('checks IBAN check digits', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true)
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false)
    expect(v.is(UpdateProfileBodySchema, { payout: { method: 'iban', accountHolder: 'A B', iban: 'GB82WEST12345698765432' } })).toBe(true)
    expect(v.is(UpdateProfileBodySchema, {})).toBe(false)
  })

  it('requires the disclosure on reviews', () => {
    const review = {
      participationId: crypto.randomUUID(),
      rating: 4,
      title: 'Good',
      body: 'A'.repeat(60),
      receivedForFree: true,
    }
    expect(v.is(ReviewBodySchema, review)).toBe(true)
    expect(v.is(ReviewBodySchema, { ...review, receivedForFree: false })).toBe(false)
    expect(v.is(ReviewBodySchema, { ...review, rating: 6 })).toBe(false)
  })

  it('accepts a log entry with event_at written without T and Z', () => {
    const entry = {
      id: crypto.randomUUID(),
      type: 'front-end',
      application: 'portal',
      module: 'https://example.test/en/member/campaigns',
      user_auth: { type: 'member', roles: [], id: 'uid-1' },
      severity: 'ERROR',
      tags: ['uncaught'],
      event_at: formatEventAt(new Date('2026-01-02T03:04:05.678Z')),
      log: 'TypeError: x is undefined',
    }
    expect(entry.event_at).toBe('2026-01-02 03:04:05.678')
    expect(v.is(LogEntrySchema, entry)).toBe(true)
  })

  it('refuses a member summary carrying a field the contract does not name', () => {
    const summary = {
      id: crypto.randomUUID(),
      uid: 'uid-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada L.',
      email: 'ada@example.com',
      emailVerified: true,
      phone: null,
      phoneVerified: false,
      hasAddress: true,
      pointsBalance: 120,
      referralCode: 'ADA120',
      createdAt: '2026-01-02T03:04:05.678Z',
    }
    expect(v.is(MemberSummarySchema, summary)).toBe(true)
    // The whole member where a summary is due: its birth date is not the summary's to carry.
    expect(v.is(MemberSummarySchema, { ...summary, birthDate: '1815-12-10' })).toBe(false)
  })
})

describe('paths', () => {
  it('fills parameters, encoded', () => {
    expect(fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: 'a b', pid: 'p' })).toBe('suite/api/campaigns/a%20b/participations/p')
    expect(() => fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: 'a' })).toThrow()
  })
})
