import { describe, expect, it } from 'vitest'
import { AFTER_SIGN_IN, safeRedirectTarget } from './redirect-target'

describe('safeRedirectTarget', () => {
  it('keeps local paths with their query', () => {
    expect(safeRedirectTarget('/en/member/shipments?tab=returns')).toBe('/en/member/shipments?tab=returns')
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
