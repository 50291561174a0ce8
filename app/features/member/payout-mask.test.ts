import { describe, expect, it } from 'vitest'
import { formatIban, maskEmail, maskIban } from './payout-mask'

describe('maskIban', () => {
  it('shows country, check digits and the last four, in groups of four', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• •••• •••• ••30 00')
    expect(maskIban('gb82 west 1234 5698 7654 32')).toBe('GB82 •••• •••• •••• ••54 32')
  })

  it('hides every other character, whatever the length', () => {
    const masked = maskIban('NO9386011117947')
    expect(masked).toBe('NO93 •••• •••7 947')
    expect(masked.replace(/[\s•]/g, '')).toBe('NO937947')
  })
})

describe('formatIban', () => {
  it('writes the groups of four the way banks print them', () => {
    expect(formatIban(' de8937040044 0532013000 ')).toBe('DE89 3704 0044 0532 0130 00')
  })
})

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••@example.com')
    expect(maskEmail('a@b.example')).toBe('a•••@b.example')
  })
})
