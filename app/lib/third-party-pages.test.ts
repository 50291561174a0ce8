import { describe, expect, it } from 'vitest'
import { thirdPartiesAllowedOn } from './third-party-pages'

describe('thirdPartiesAllowedOn', () => {
  it.each([
    '/en/ops',
    '/en/ops/',
    '/en/ops/members/123',
    '/en/brand',
    '/en/brand/campaigns/abc',
    '/en/join-brand',
    '/en/unsubscribe',
    '/unsubscribe',
    '/en/user/verify-email',
    '/en/user/verify-email-login',
    '/en/user/verify-phone',
    '/en/member/verifications/EmailVerification',
    '/en/member/verifications/MobileVerifications',
    '/en/second-factor',
  ])('keeps the chat and analytics off %s', (path) => {
    expect(thirdPartiesAllowedOn(path)).toBe(false)
  })

  it.each(['/en', '/en/', '/en/contact', '/en/user/login', '/en/user/register', '/en/member/campaigns', '/en/reviews/abc', '/en/brands-we-love'])(
    'lets them run on %s',
    (path) => {
      expect(thirdPartiesAllowedOn(path)).toBe(true)
    },
  )
})
