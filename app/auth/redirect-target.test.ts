import { describe, expect, it } from 'vitest'
import { AFTER_SIGN_IN, safeRedirectTarget } from './redirect-target'

describe('safeRedirectTarget', () => {
  it('keeps local paths with their query', () => {
    expect(safeRedirectTarget('/en/member/shipments?tab=returns')).toBe('/en/member/shipments?tab=returns')
  })

  it("never carries a link's secret: the page to come back to, without it", () => {
    expect(safeRedirectTarget('/en/join-brand?token=SECRET')).toBe('/en/join-brand')
    expect(safeRedirectTarget('/en/user/verify-email?mode=resetPassword&oobCode=SECRET')).toBe('/en/user/verify-email?mode=resetPassword')
  })

  it.each([
    'https://evil.example',
    '//evil.example/en',
    '/\\evil.example',
    '/.//evil.example',
    '/%2e//evil.example',
    '/a/..//evil.example',
    'javascript:alert(1)',
    'en/member',
    '',
    undefined,
    null,
    '/en/user/login?redirect=/x',
  ])('ignores %s', (target) => {
    expect(safeRedirectTarget(target)).toBe(AFTER_SIGN_IN)
  })
})
